/**
 * Keeps notification history bounded. After NOTIFICATION_HISTORY_DAYS:
 * - finished deliveries go, with their attempts (the deliveries log shows the rest);
 * - outbox events dispatched that long ago go (their deliveries carry their body).
 * Deliveries still pending or retrying, and events not yet dispatched, are never
 * removed. Deletes run in chunks so no statement holds locks for long; several
 * workers sweeping at once only repeat each other's no-ops.
 */
import type { AppContext } from '../context.ts';

const CHUNK = 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface SweepResult {
  deliveries: number;
  events: number;
}

/** Runs `deleteChunk` until it deletes fewer than a chunk; returns the total. */
async function inChunks(deleteChunk: () => Promise<bigint | number>): Promise<number> {
  let total = 0;
  for (;;) {
    const n = Number(await deleteChunk());
    total += n;
    if (n < CHUNK) return total;
  }
}

export async function sweepNotificationHistory(ctx: AppContext, now = ctx.now()): Promise<SweepResult> {
  const { db } = ctx.store;
  const cutoff = new Date(now.getTime() - ctx.config.NOTIFICATION_HISTORY_DAYS * DAY_MS).toISOString();

  const deliveries = await inChunks(async () => {
    const res = await db
      .deleteFrom('notification_deliveries')
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('notification_deliveries')
          .select('id')
          .where('completed_at', 'is not', null)
          .where('completed_at', '<', cutoff)
          .limit(CHUNK),
      )
      .executeTakeFirst();
    return res.numDeletedRows;
  });

  const events = await inChunks(async () => {
    const res = await db
      .deleteFrom('outbox')
      .where('id', 'in', (eb) =>
        eb
          .selectFrom('outbox')
          .select('id')
          .where('dispatched_at', 'is not', null)
          .where('dispatched_at', '<', cutoff)
          .limit(CHUNK),
      )
      .executeTakeFirst();
    return res.numDeletedRows;
  });

  return { deliveries, events };
}
