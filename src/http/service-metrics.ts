/**
 * What an operator watches besides HTTP requests (docs/operating.md lists these
 * with example alerts): targets published and failed, the job queue's depth and
 * age, how late scheduled posts start, calls to the platforms, token refreshes.
 * Webhook and e-mail deliveries are counted in src/notifications/metrics.ts. All on
 * the one registry of the context (`ctx.metrics`), created on first use per registry.
 */
import { sql } from 'kysely';
import { Counter, Gauge, Histogram } from 'prom-client';
import type { AppContext } from '../context.ts';

interface ServiceMetrics {
  targets: Counter<'platform' | 'outcome' | 'error_class'>;
  lateness: Histogram<'platform'>;
  platformCalls: Counter<'platform' | 'status'>;
  platformLatency: Histogram<'platform'>;
  refreshes: Counter<'platform' | 'result'>;
}

/**
 * By registry, not by context: a context derived from another (a spread with other
 * platform modules, as tests make) shares its registry, where a metric name may be
 * registered once.
 */
const byRegistry = new WeakMap<AppContext['metrics'], ServiceMetrics>();

function metricsFor(ctx: AppContext): ServiceMetrics {
  let m = byRegistry.get(ctx.metrics);
  if (m) return m;
  const registers = [ctx.metrics];
  m = {
    targets: new Counter({
      name: 'publishing_targets_total',
      help: 'Targets that reached a final state, by platform, outcome (published, failed) and, for failures, error class (auth, rate_limited, transient, permanent, unknown_outcome, account_unavailable, refresh_failed, reconcile_unknown, pending_timeout, exhausted, unsupported, unexpected).',
      labelNames: ['platform', 'outcome', 'error_class'] as const,
      registers,
    }),
    lateness: new Histogram({
      name: 'publishing_schedule_lateness_seconds',
      help: 'How long after its scheduledFor a scheduled target started publishing, by platform.',
      labelNames: ['platform'] as const,
      buckets: [0.1, 0.5, 1, 2, 5, 10, 30, 60, 120, 300, 900, 3600],
      registers,
    }),
    platformCalls: new Counter({
      name: 'platform_requests_total',
      help: "Calls to the platforms' APIs, by platform and answer status (network: no answer).",
      labelNames: ['platform', 'status'] as const,
      registers,
    }),
    platformLatency: new Histogram({
      name: 'platform_request_duration_seconds',
      help: "Time the platforms' APIs took to answer, by platform.",
      labelNames: ['platform'] as const,
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
      registers,
    }),
    refreshes: new Counter({
      name: 'token_refreshes_total',
      help: 'Token refreshes, by platform and result (refreshed, needs_reconnect, transient_failure).',
      labelNames: ['platform', 'result'] as const,
      registers,
    }),
  };
  installQueueGauges(ctx);
  byRegistry.set(ctx.metrics, m);
  return m;
}

/** How long a scrape waits for the queue's figures before it answers without them. */
const QUEUE_READ_WAIT_MS = 1_000;

/** Read from the jobs table when /metrics is scraped, so every node reports the shared queue. */
function installQueueGauges(ctx: AppContext): void {
  const read = async () => {
    const now = Date.now();
    const rows = await ctx.store.db
      .selectFrom('jobs')
      .select(['kind', sql<number>`count(*)`.as('n'), sql<number>`min(run_at)`.as('oldest')])
      .where('run_at', '<=', now)
      .groupBy('kind')
      .execute();
    return rows.map((r) => ({ kind: r.kind, n: Number(r.n), ageSec: (now - Number(r.oldest)) / 1000 }));
  };
  let cached: Promise<{ kind: string; n: number; ageSec: number }[]> | null = null;
  // One query serves both gauges of a scrape. A database that is down or slow leaves the
  // queue gauges out of that scrape rather than holding it: every other figure (and the
  // scraper's own deadline) stays independent of the database.
  const readWithin = () => {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<[]>((resolve) => {
      timer = setTimeout(() => resolve([]), QUEUE_READ_WAIT_MS);
    });
    return Promise.race([read().catch(() => [] as []), late]).finally(() => clearTimeout(timer));
  };
  const due = () => {
    cached ??= readWithin().finally(() => setImmediate(() => (cached = null)));
    return cached;
  };
  new Gauge({
    name: 'jobs_queue_depth',
    help: 'Jobs due now and waiting for a worker, by kind.',
    labelNames: ['kind'] as const,
    registers: [ctx.metrics],
    async collect() {
      this.reset();
      for (const r of await due()) this.set({ kind: r.kind }, r.n);
    },
  });
  new Gauge({
    name: 'jobs_queue_oldest_age_seconds',
    help: 'How long the oldest due job has been due, by kind (a growing figure: workers do not keep up).',
    labelNames: ['kind'] as const,
    registers: [ctx.metrics],
    async collect() {
      this.reset();
      for (const r of await due()) this.set({ kind: r.kind }, Math.max(0, r.ageSec));
    },
  });
}

export function countTargetOutcome(
  ctx: AppContext,
  platform: string,
  outcome: 'published' | 'failed',
  errorClass?: string,
): void {
  metricsFor(ctx).targets.inc({ platform, outcome, error_class: errorClass ?? '' });
}

export function observeLateness(ctx: AppContext, platform: string, seconds: number): void {
  metricsFor(ctx).lateness.observe({ platform }, Math.max(0, seconds));
}

export function countPlatformCall(ctx: AppContext, platform: string, status: string, seconds: number): void {
  const m = metricsFor(ctx);
  m.platformCalls.inc({ platform, status });
  m.platformLatency.observe({ platform }, seconds);
}

export function countRefresh(ctx: AppContext, platform: string, result: string): void {
  metricsFor(ctx).refreshes.inc({ platform, result });
}

/** Registers every figure at start, so /metrics lists them (at zero) before anything happened. */
export function registerServiceMetrics(ctx: AppContext): void {
  metricsFor(ctx);
}
