/**
 * Fault injection by rule. The first rule (in the order added) that matches a request
 * applies, and is used up after `times` matches (unlimited when `times` is absent).
 * What a rule does, in this order:
 *   delayMs          wait before going on (alone: the normal answer comes late);
 *   timeout          never answer (the socket stays open until the client gives up);
 *   dropAfterCommit  run the real handler (the platform commits the action), then
 *                    destroy the socket (`true` / `'reset'`), answer `status`
 *                    (default 500) with `body` instead of the real answer (`'status'`),
 *                    or never answer (`'hang'`: the client times out on a committed action);
 *   unauthorized     answer with the platform's own refusal of the token (`true`: an
 *                    expired token; or which problem), as if the token had died;
 *   rateLimit        answer with the platform's own rate-limit status, body and headers;
 *   status           answer with this status, `body` (default: a generic error in the
 *                    platform's shape is NOT invented: give `body`) and `headers`.
 */
import type { Platform } from '../../facts/platforms.ts';
import { pathMatches } from './calls.ts';
import type { TokenProblem } from './profile.ts';

export interface RateLimitOptions {
  /** Seconds until the window resets (headers like X `x-rate-limit-reset`). Default 900. */
  resetInSec?: number;
  /** Meta only: error code 4 (app), 17 (user), 32 (Page), 613, 80001 (Pages BUC), 80002 (IG BUC). */
  code?: number;
}

export interface FaultRule {
  platform?: Platform;
  method?: string;
  /** Exact path below the platform prefix (or full path), or a RegExp tested on both. */
  path?: string | RegExp;
  /** Account id the request's token belongs to (user id, Page id, DID...). */
  account?: string;
  /** How many requests the rule applies to; unlimited when absent. */
  times?: number;
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
  delayMs?: number;
  timeout?: boolean;
  dropAfterCommit?: boolean | 'reset' | 'status' | 'hang';
  /** The platform's own answer to a refused token (`true`: expired), whatever the token. */
  unauthorized?: true | TokenProblem;
  rateLimit?: boolean | RateLimitOptions;
}

export interface ActiveFault extends FaultRule {
  id: number;
  /** How many requests the rule has been applied to. */
  hits: number;
}

interface FaultTarget {
  platform: Platform | null;
  method: string;
  path: string;
  fullPath: string;
  accountId?: string;
}

export class FaultRules {
  private rules: ActiveFault[] = [];
  private nextId = 1;

  /** Adds a rule; returns its id (for `remove`). */
  add(rule: FaultRule): number {
    const id = this.nextId++;
    this.rules.push({ ...rule, id, hits: 0 });
    return id;
  }

  remove(id: number): boolean {
    const before = this.rules.length;
    this.rules = this.rules.filter((r) => r.id !== id);
    return this.rules.length < before;
  }

  clear(): void {
    this.rules = [];
  }

  list(): readonly ActiveFault[] {
    return this.rules;
  }

  /** Finds the rule for this request and counts one use (removing it when used up). */
  take(target: FaultTarget): ActiveFault | undefined {
    const rule = this.rules.find(
      (r) =>
        (r.platform === undefined || r.platform === target.platform) &&
        (r.method === undefined || r.method.toUpperCase() === target.method) &&
        pathMatches(r.path, target.path, target.fullPath) &&
        (r.account === undefined || r.account === target.accountId),
    );
    if (!rule) return undefined;
    rule.hits++;
    if (rule.times !== undefined && rule.hits >= rule.times) this.remove(rule.id);
    return rule;
  }
}
