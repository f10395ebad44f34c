/**
 * Every request the simulator received (except the `/_sim/` control API), so a test
 * can assert that a post was created exactly once or that a refresh happened.
 * Headers are kept in full, tokens included: this is a test tool.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { Platform } from '../../facts/platforms.ts';

export interface SimCall {
  seq: number;
  at: string;
  platform: Platform | null;
  method: string;
  /** Path below the platform prefix, e.g. `/2/tweets`. */
  path: string;
  /** Full path as received, e.g. `/twitter/2/tweets`. */
  fullPath: string;
  /** The platform host called when not the main one (`/_host/<hostname>/` in the path). */
  host?: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  /** Parsed body (JSON, form) or, for other types, `{ bytes: n, contentType }`. */
  body: unknown;
  /** Account the bearer token belongs to, when one was recognised. */
  accountId?: string;
  /** Status answered; undefined while pending or when the connection was dropped/hung. */
  status?: number;
  /** Id of the fault rule applied, if any. */
  faultId?: number;
}

export interface CallFilter {
  platform?: Platform;
  method?: string;
  /** Exact path below the prefix (or the full path), or a RegExp tested on both. */
  path?: string | RegExp;
  account?: string;
  status?: number;
}

export const pathMatches = (want: string | RegExp | undefined, path: string, fullPath: string): boolean => {
  if (want === undefined) return true;
  if (typeof want === 'string') return want === path || want === fullPath;
  want.lastIndex = 0;
  if (want.test(path)) return true;
  want.lastIndex = 0;
  return want.test(fullPath);
};

interface Waiter {
  filter: CallFilter;
  count: number;
  answered: boolean;
  resolve: (calls: SimCall[]) => void;
}

export class CallLog {
  private items: SimCall[] = [];
  private seq = 0;
  private waiters: Waiter[] = [];

  record(call: Omit<SimCall, 'seq'>): SimCall {
    const full = { ...call, seq: ++this.seq };
    this.items.push(full);
    this.wake();
    return full;
  }

  /** Notes the status a recorded call was answered with. */
  answered(call: SimCall, status: number): void {
    call.status = status;
    this.wake();
  }

  /**
   * Resolves once `count` calls match the filter (received, or with `answered: true`
   * also answered), so tests await the platform seeing a request instead of sleeping.
   * Rejects after `timeoutMs` (default 5000) naming what it waited for.
   */
  waitFor(
    filter: CallFilter,
    opts: { count?: number; answered?: boolean; timeoutMs?: number } = {},
  ): Promise<SimCall[]> {
    const w = { filter, count: opts.count ?? 1, answered: opts.answered ?? false };
    const ready = this.ready(w);
    if (ready) return Promise.resolve(ready);
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((x) => x !== waiter);
        reject(
          new Error(
            `timed out waiting for ${w.count} call(s) matching ${String(filter.path ?? '')} on ${filter.platform ?? 'any platform'}`,
          ),
        );
      }, opts.timeoutMs ?? 5000);
      const waiter: Waiter = {
        ...w,
        resolve: (calls) => {
          clearTimeout(timer);
          resolve(calls);
        },
      };
      this.waiters.push(waiter);
    });
  }

  private ready(w: Omit<Waiter, 'resolve'>): SimCall[] | undefined {
    const found = this.list(w.filter).filter((c) => !w.answered || c.status !== undefined);
    return found.length >= w.count ? found : undefined;
  }

  private wake(): void {
    for (const w of [...this.waiters]) {
      const found = this.ready(w);
      if (found) {
        this.waiters = this.waiters.filter((x) => x !== w);
        w.resolve(found);
      }
    }
  }

  /** Calls matching the filter, oldest first. */
  list(filter: CallFilter = {}): SimCall[] {
    return this.items.filter(
      (c) =>
        (filter.platform === undefined || c.platform === filter.platform) &&
        (filter.method === undefined || c.method === filter.method.toUpperCase()) &&
        pathMatches(filter.path, c.path, c.fullPath) &&
        (filter.account === undefined || c.accountId === filter.account) &&
        (filter.status === undefined || c.status === filter.status),
    );
  }

  count(filter: CallFilter = {}): number {
    return this.list(filter).length;
  }

  last(filter: CallFilter = {}): SimCall | undefined {
    return this.list(filter).at(-1);
  }

  clear(): void {
    this.items = [];
  }

  get all(): readonly SimCall[] {
    return this.items;
  }
}
