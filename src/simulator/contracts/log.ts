/**
 * The simulator's side of the contract check: runs the checker on every request
 * to a platform that has a contract file and on every answer its modules give
 * (answers a test forced with a fault rule are the test's own and are not
 * checked), and keeps what departs from the platform's description.
 *
 * A request is checked whatever the simulator answers: a simulator that refuses a
 * request for a reason of its own (4xx) must not hide a request the description
 * refuses, nor vouch for one it takes. A test that sends a departing request on
 * purpose declares it first (`expect`), and the declaration fails the test when
 * the departure does not happen.
 */
import type { SimRequest, SimResponse } from '../core/http.ts';
import { ContractChecker } from './check.ts';
import type { ContractViolation } from './types.ts';

let shared: ContractChecker | undefined;

/** The operation a request matched and what was wrong with it. */
export interface RequestFindings {
  operation: string;
  problems: string[];
}

/** A departure a test provokes on purpose, said before it happens. */
export interface ExpectedDeparture {
  platform: string;
  /** The operation it happens on (a contract operation id); any when absent. */
  operation?: string;
  /** `request` (the default: a test sending what the platform refuses) or `answer`. */
  side?: ContractViolation['side'];
  /** What the check must say: a problem matching it is the expected one. */
  problem: RegExp;
  /** Why the test breaks the description (kept in the failure when it does not). */
  why: string;
}

export class ContractLog {
  readonly enabled: boolean;
  private readonly list: ContractViolation[] = [];
  private readonly expected: (ExpectedDeparture & { seen: number })[] = [];
  private readonly checker: ContractChecker | undefined;

  constructor(enabled: boolean) {
    this.enabled = enabled;
    // Compiled once per process: every simulator of a test file shares it.
    if (enabled) shared ??= new ContractChecker();
    this.checker = enabled ? shared : undefined;
  }

  /** Checks a request; a call outside every operation is a departure at once. */
  async request(req: SimRequest): Promise<RequestFindings | undefined> {
    if (!this.checker || !req.platform || !this.checker.covers(req.platform)) return undefined;
    const r = await this.checker.checkRequest(req.platform, req);
    if (!r.operation && r.problems.length) this.add(req, 'request', undefined, r.problems);
    if (r.operation && r.problems.length) this.add(req, 'request', r.operation, r.problems);
    return r.operation ? { operation: r.operation, problems: r.problems } : undefined;
  }

  /** Checks the answer the simulated platform gave; undefined when a fault rule answered instead. */
  answer(req: SimRequest, found: RequestFindings | undefined, answer: SimResponse | undefined): void {
    if (!this.checker || !req.platform || !found || !answer) return;
    const problems = this.checker.checkAnswer(req.platform, found.operation, answer, req.method);
    if (problems.length) this.add(req, 'answer', found.operation, problems);
  }

  /**
   * Declares a departure the test provokes on purpose: the problems it matches are
   * not reported, and `assertNone` fails when none was seen. Lasts until `assertNone`
   * or `clear`.
   */
  expect(departure: ExpectedDeparture): void {
    if (this.enabled) this.expected.push({ ...departure, seen: 0 });
  }

  /** Departures seen so far (oldest first), without the expected ones. */
  violations(platform?: string): ContractViolation[] {
    return this.list.filter((v) => !platform || v.platform === platform);
  }

  clear(): void {
    this.list.length = 0;
    this.expected.length = 0;
  }

  /**
   * Throws with every departure seen and every expected departure that did not
   * happen (for a test's end), then forgets them.
   */
  assertNone(platform?: string): void {
    const seen = this.violations(platform);
    const missed = this.expected.filter((e) => e.seen === 0 && (!platform || e.platform === platform));
    for (const v of seen) this.list.splice(this.list.indexOf(v), 1);
    for (const e of this.expected.filter((x) => !platform || x.platform === platform))
      this.expected.splice(this.expected.indexOf(e), 1);
    if (seen.length === 0 && missed.length === 0) return;
    const lines = seen.map(
      (v) =>
        `${v.side} ${v.method} ${v.path}${v.operation ? ` (${v.operation})` : ''}: ${v.problems.join('; ')}`,
    );
    const expectations = missed.map(
      (e) =>
        `expected ${e.side ?? 'request'} departure on ${e.platform}${e.operation ? ` ${e.operation}` : ''} ` +
        `matching ${e.problem} did not happen (${e.why})`,
    );
    throw new Error(
      `the simulator saw departures from the platforms' API descriptions:\n${[...lines, ...expectations].join('\n')}`,
    );
  }

  private add(
    req: SimRequest,
    side: ContractViolation['side'],
    operation: string | undefined,
    problems: string[],
  ) {
    const platform = req.platform ?? '';
    const unexpected = problems.filter((p) => {
      const e = this.expected.find(
        (x) =>
          x.platform === platform &&
          (x.side ?? 'request') === side &&
          (!x.operation || x.operation === operation) &&
          x.problem.test(p),
      );
      if (e) e.seen++;
      return !e;
    });
    if (!unexpected.length) return;
    this.list.push({
      platform,
      side,
      method: req.method,
      path: req.path,
      ...(operation ? { operation } : {}),
      problems: unexpected,
    });
  }
}
