/**
 * The notification worker (worker and all roles): turns new outbox events into
 * deliveries, then claims due deliveries and sends them, a bounded number at
 * once. It wakes when this process queues deliveries, when a retry falls due,
 * and otherwise every NOTIFICATION_POLL_MS (deliveries queued by other nodes).
 */
import type { AppContext } from '../context.ts';
import { newId } from '../domain/ids.ts';
import { claimDueDeliveries, failAbandoned, recordAttempt } from '../domain/notifications/deliveries.ts';
import { onDeliveriesQueued, retryDelays } from '../domain/notifications/fanout.ts';
import { createOutboundClient } from '../net/outbound.ts';
import type { Workers } from '../workers.ts';
import { createMailer } from './email.ts';
import { dispatchOutbox } from './outbox.ts';
import { performDelivery, type Senders } from './perform.ts';

export function startNotificationWorker(ctx: AppContext): Workers {
  const { config } = ctx;
  const owner = newId('nw');
  const delays = retryDelays(config);
  const leaseMs = config.WEBHOOK_TIMEOUT_MS * 3 + 30_000;
  const senders: Senders = {
    outbound: createOutboundClient({
      allowlist: config.OUTBOUND_ALLOWLIST,
      timeoutMs: config.WEBHOOK_TIMEOUT_MS,
    }),
    mailer: config.SMTP_URL ? createMailer(config.SMTP_URL, config.WEBHOOK_TIMEOUT_MS) : null,
  };
  const inflight = new Set<Promise<void>>();
  let stopped = false;
  let wake: (() => void) | null = null;
  let woken = false;
  const poke = () => {
    woken = true;
    wake?.();
  };
  const unsubscribe = onDeliveriesQueued(poke);

  async function run(delivery: Awaited<ReturnType<typeof claimDueDeliveries>>[number]): Promise<void> {
    const startedAt = new Date();
    const outcome = await performDelivery(ctx, senders, delivery).catch((err: Error) => ({
      ok: false,
      statusCode: null,
      durationMs: Date.now() - startedAt.getTime(),
      error: err.message,
    }));
    const state = await recordAttempt(ctx.store, {
      delivery,
      owner,
      startedAt,
      outcome,
      retryDelaysMs: delays,
      now: Date.now(),
    });
    if (state === 'retrying') {
      const delay = delays[delivery.attempts - 1] ?? 0;
      setTimeout(poke, delay + 5).unref();
    }
    ctx.log.debug({ deliveryId: delivery.id, attempt: delivery.attempts, state }, 'notification attempt');
  }

  async function tick(): Promise<boolean> {
    await dispatchOutbox(ctx);
    const now = Date.now();
    await failAbandoned(ctx.store, now);
    const free = config.NOTIFICATION_CONCURRENCY - inflight.size;
    const claimed = await claimDueDeliveries(ctx.store, { owner, now, leaseMs, limit: free });
    for (const d of claimed) {
      const p = run(d)
        .catch((err: Error) => ctx.log.error({ err, deliveryId: d.id }, 'notification attempt not recorded'))
        .finally(() => {
          inflight.delete(p);
          poke();
        });
      inflight.add(p);
    }
    // A full batch means more may be due: look again at once.
    return free > 0 && claimed.length === free;
  }

  const loop = (async () => {
    while (!stopped) {
      woken = false;
      let again = false;
      try {
        again = await tick();
      } catch (err) {
        if (!stopped) ctx.log.error({ err }, 'notification worker tick failed');
      }
      if (again || woken || stopped) continue;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, config.NOTIFICATION_POLL_MS);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      wake = null;
    }
  })();

  return {
    async stop() {
      stopped = true;
      unsubscribe();
      wake?.();
      await loop;
      await Promise.allSettled([...inflight]);
      await senders.outbound.close();
      senders.mailer?.close();
    },
  };
}
