/**
 * In-process concurrency limits of a runner: how many jobs run at once in
 * total, per platform and per account. Jobs without a key are bounded only by
 * the total.
 */
export interface LimitSettings {
  total: number;
  perPlatform: number;
  perAccount: number;
}

export interface Keyed {
  platform: string | null;
  account: string | null;
}

export class ConcurrencyLimits {
  readonly settings: LimitSettings;
  private running = 0;
  private readonly platforms = new Map<string, number>();
  private readonly accounts = new Map<string, number>();

  constructor(settings: LimitSettings) {
    this.settings = settings;
  }

  get active(): number {
    return this.running;
  }

  /** True when one more job with these keys may start now. */
  allows(job: Keyed): boolean {
    if (this.running >= this.settings.total) return false;
    if (job.platform !== null && (this.platforms.get(job.platform) ?? 0) >= this.settings.perPlatform)
      return false;
    if (job.account !== null && (this.accounts.get(job.account) ?? 0) >= this.settings.perAccount)
      return false;
    return true;
  }

  acquire(job: Keyed): void {
    this.running++;
    if (job.platform !== null) this.platforms.set(job.platform, (this.platforms.get(job.platform) ?? 0) + 1);
    if (job.account !== null) this.accounts.set(job.account, (this.accounts.get(job.account) ?? 0) + 1);
  }

  release(job: Keyed): void {
    this.running--;
    decrement(this.platforms, job.platform);
    decrement(this.accounts, job.account);
  }

  /** Running jobs per platform and account now (for tests and metrics). */
  snapshot(): { total: number; platforms: Record<string, number>; accounts: Record<string, number> } {
    return {
      total: this.running,
      platforms: Object.fromEntries(this.platforms),
      accounts: Object.fromEntries(this.accounts),
    };
  }
}

function decrement(map: Map<string, number>, key: string | null): void {
  if (key === null) return;
  const n = (map.get(key) ?? 1) - 1;
  if (n <= 0) map.delete(key);
  else map.set(key, n);
}
