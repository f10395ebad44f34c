/**
 * The simulator's side of the contract check: runs the checker on every request
 * to a platform that has a contract file and on every answer its modules give
 * (answers a test forced with a fault rule are the test's own and are not
 * checked), and keeps what departs from the platform's description.
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

export class ContractLog {
  readonly enabled: boolean;
  private readonly list: ContractViolation[] = [];
  private readonly checker: ContractChecker | undefined;

  constructor(enabled: boolean) {
    this.enabled = enabled;
    // Compiled once per process: every simulator of a test file shares it.
    if (enabled) shared ??= new ContractChecker();
    this.checker = enabled ? shared : undefined;
  }

  /**
   * Checks a request. What it finds is kept by `answer`: a request the simulated
   * platform refused itself (4xx) was caught as the platform would catch it (the
   * tests that provoke a refusal send such requests on purpose); one it accepted, or
   * that a fault rule answered, is a departure. A call outside every operation is
   * one at once.
   */
  async request(req: SimRequest): Promise<RequestFindings | undefined> {
    if (!this.checker || !req.platform || !this.checker.covers(req.platform)) return undefined;
    const r = await this.checker.checkRequest(req.platform, req);
    if (!r.operation && r.problems.length) this.add(req, 'request', undefined, r.problems);
    return r.operation ? { operation: r.operation, problems: r.problems } : undefined;
  }

  /** Checks the answer the simulated platform gave; undefined when a fault rule answered instead. */
  answer(req: SimRequest, found: RequestFindings | undefined, answer: SimResponse | undefined): void {
    if (!this.checker || !req.platform || !found) return;
    const refused = answer !== undefined && answer.status >= 400 && answer.status < 500;
    if (found.problems.length && !refused) this.add(req, 'request', found.operation, found.problems);
    if (!answer) return;
    const problems = this.checker.checkAnswer(req.platform, found.operation, answer, req.method);
    if (problems.length) this.add(req, 'answer', found.operation, problems);
  }

  /** Departures seen so far (oldest first). */
  violations(platform?: string): ContractViolation[] {
    return this.list.filter((v) => !platform || v.platform === platform);
  }

  clear(): void {
    this.list.length = 0;
  }

  /** Throws with every departure seen (for a test's end), then forgets them. */
  assertNone(platform?: string): void {
    const seen = this.violations(platform);
    this.clear();
    if (seen.length === 0) return;
    const lines = seen.map(
      (v) =>
        `${v.side} ${v.method} ${v.path}${v.operation ? ` (${v.operation})` : ''}: ${v.problems.join('; ')}`,
    );
    throw new Error(
      `the simulator saw departures from the platforms' API descriptions:\n${lines.join('\n')}`,
    );
  }

  private add(
    req: SimRequest,
    side: ContractViolation['side'],
    operation: string | undefined,
    problems: string[],
  ) {
    this.list.push({
      platform: req.platform ?? '',
      side,
      method: req.method,
      path: req.path,
      ...(operation ? { operation } : {}),
      problems,
    });
  }
}
