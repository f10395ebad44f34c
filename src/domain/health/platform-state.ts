/**
 * Each platform's operational state, from the final outcomes of publish targets
 * across all projects: a small counter table (platform_outcomes, one row per
 * platform and minute) that the engine bumps in the transaction that settles the
 * targets, and GET /v1/platforms sums over the last window. Only failures the
 * platform caused count against it (its errors and timeouts, a create whose
 * outcome it could not tell, processing that never finished, a rate limit waited
 * out too often), never the user's content or token.
 */
import { sql, type Transaction } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../store/schema.ts';

/** Failure classes (publishing/attempt.ts errorClassOf) that are the platform's doing. */
const PLATFORM_CAUSED = new Set([
  'transient',
  'rate_limited',
  'unknown_outcome',
  'pending_timeout',
  'reconcile_unknown',
]);

export const platformCaused = (errorClass: string | undefined): boolean =>
  errorClass !== undefined && PLATFORM_CAUSED.has(errorClass);

export interface SettledOutcome {
  platform: string;
  failed: boolean;
  errorClass?: string | undefined;
}

const minuteOf = (d: Date) => Math.floor(d.getTime() / 60_000);

/**
 * Adds a batch's settled targets to their platforms' counters for this minute, in
 * the batch's transaction: one row per platform, written in platform order so two
 * batches on different nodes never wait on each other in a cycle.
 */
export async function countOutcomes(
  trx: Transaction<Database>,
  now: Date,
  outcomes: readonly SettledOutcome[],
): Promise<void> {
  if (outcomes.length === 0) return;
  const minute = minuteOf(now);
  const per = new Map<string, { attempts: number; failures: number }>();
  for (const o of outcomes) {
    const c = per.get(o.platform) ?? { attempts: 0, failures: 0 };
    c.attempts++;
    if (o.failed && platformCaused(o.errorClass)) c.failures++;
    per.set(o.platform, c);
  }
  const rows = [...per.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([platform, c]) => ({ platform, minute, attempts: c.attempts, platform_failures: c.failures }));
  await trx
    .insertInto('platform_outcomes')
    .values(rows)
    .onConflict((oc) =>
      oc.columns(['platform', 'minute']).doUpdateSet({
        attempts: sql`platform_outcomes.attempts + excluded.attempts`,
        platform_failures: sql`platform_outcomes.platform_failures + excluded.platform_failures`,
      }),
    )
    .execute();
}

export type OperationalState = 'operational' | 'degraded' | 'outage';

export interface Operational {
  state: OperationalState;
  /** Platform-caused failures over attempts in the window, 0 to 1 (0 without attempts). */
  errorRate: number;
  attempts: number;
  windowMinutes: number;
  /** The window measured: from, to (ISO). */
  since: string;
  until: string;
}

/** The state for the figures under the configured thresholds. */
export function stateOf(ctx: AppContext, attempts: number, failures: number): OperationalState {
  const c = ctx.config;
  if (attempts < c.PLATFORM_HEALTH_MIN_ATTEMPTS) return 'operational';
  const percent = (failures / attempts) * 100;
  if (percent >= c.PLATFORM_OUTAGE_ERROR_PERCENT) return 'outage';
  if (percent >= c.PLATFORM_DEGRADED_ERROR_PERCENT) return 'degraded';
  return 'operational';
}

const cache = new WeakMap<AppContext, { at: number; value: Map<string, Operational> }>();

/**
 * Every platform's state over the last PLATFORM_HEALTH_WINDOW_MINUTES, read once
 * per PLATFORM_HEALTH_CACHE_SECONDS per process (one indexed range read by primary key).
 */
export async function operationalStates(
  ctx: AppContext,
  platforms: readonly string[],
): Promise<Map<string, Operational>> {
  const now = ctx.now();
  const hit = cache.get(ctx);
  if (hit && now.getTime() - hit.at < ctx.config.PLATFORM_HEALTH_CACHE_SECONDS * 1000) return hit.value;
  const window = ctx.config.PLATFORM_HEALTH_WINDOW_MINUTES;
  const first = minuteOf(now) - window + 1;
  const rows = await ctx.store.db
    .selectFrom('platform_outcomes')
    .select((eb) => [
      'platform',
      eb.fn.sum<number | string>('attempts').as('attempts'),
      eb.fn.sum<number | string>('platform_failures').as('failures'),
    ])
    .where('minute', '>=', first)
    .groupBy('platform')
    .execute();
  const sums = new Map(
    rows.map((r) => [r.platform, { attempts: Number(r.attempts), failures: Number(r.failures) }]),
  );
  const since = new Date(first * 60_000).toISOString();
  const until = now.toISOString();
  const value = new Map<string, Operational>();
  for (const p of platforms) {
    const s = sums.get(p) ?? { attempts: 0, failures: 0 };
    value.set(p, {
      state: stateOf(ctx, s.attempts, s.failures),
      errorRate: s.attempts ? Math.round((s.failures / s.attempts) * 10_000) / 10_000 : 0,
      attempts: s.attempts,
      windowMinutes: window,
      since,
      until,
    });
  }
  cache.set(ctx, { at: now.getTime(), value });
  return value;
}
