/** Delivery figures on the service's Prometheus registry (/metrics). */
import { Counter, Histogram } from 'prom-client';
import type { AppContext } from '../context.ts';

interface DeliveryMetrics {
  attempts: Counter<'channel' | 'result'>;
  duration: Histogram<'channel'>;
}

const byContext = new WeakMap<AppContext, DeliveryMetrics>();

function metricsFor(ctx: AppContext): DeliveryMetrics {
  let m = byContext.get(ctx);
  if (!m) {
    m = {
      attempts: new Counter({
        name: 'notification_attempts_total',
        help: 'Notification delivery attempts, by channel and what became of the delivery (succeeded, retrying, failed).',
        labelNames: ['channel', 'result'] as const,
        registers: [ctx.metrics],
      }),
      duration: new Histogram({
        name: 'notification_attempt_duration_seconds',
        help: 'Time one notification delivery attempt took, by channel.',
        labelNames: ['channel'] as const,
        buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
        registers: [ctx.metrics],
      }),
    };
    byContext.set(ctx, m);
  }
  return m;
}

export function countAttempt(ctx: AppContext, channel: string, result: string, durationMs: number): void {
  const m = metricsFor(ctx);
  m.attempts.inc({ channel, result });
  m.duration.observe({ channel }, durationMs / 1000);
}
