/**
 * Reads the publishing engine's outbox (rows written in the same transaction as
 * each post state change) and fans out every event not yet dispatched, so an
 * event is never lost between the state change and its deliveries: a worker
 * that stops before dispatching leaves the row for the next one.
 *
 * Dispatched events are remembered in notification_dispatched (the outbox itself
 * is left as the engine wrote it). Regular polls look at the last minutes only;
 * every OUTBOX_FULL_SCAN_MS, and at start, the whole outbox is checked, which
 * catches a row whose transaction committed long after its created_at.
 */
import type { AppContext } from '../context.ts';
import { fanOutEvent } from '../domain/notifications/fanout.ts';
import type { OutboxTable } from '../store/tables/publishing.ts';
import { isEventType, type LifecycleEvent, type TargetSnapshot } from './events.ts';

const BATCH = 200;
const WINDOW_MS = 10 * 60_000;
const OUTBOX_FULL_SCAN_MS = 5 * 60_000;

const lastFullScan = new WeakMap<AppContext, number>();

interface OutboxPayload {
  post: {
    id: string;
    status: string;
    content: string;
    scheduledFor: string | null;
    publishedAt: string | null;
    mediaItems: unknown[];
    links?: { service: string; api: string };
  };
  platforms: TargetSnapshot[];
  wasScheduled: boolean;
}

/** The lifecycle event of an outbox row, or null when the row can not be one. */
export function eventFromOutbox(row: OutboxTable): LifecycleEvent | null {
  if (!isEventType(row.type)) return null;
  let data: OutboxPayload;
  try {
    data = JSON.parse(row.payload) as OutboxPayload;
  } catch {
    return null;
  }
  if (!data?.post || !Array.isArray(data.platforms)) return null;
  return {
    id: row.id,
    projectId: row.project_id,
    type: row.type,
    createdAt: row.created_at,
    post: {
      id: data.post.id ?? row.post_id,
      status: data.post.status,
      content: data.post.content,
      scheduledFor: data.post.scheduledFor ?? null,
      publishedAt: data.post.publishedAt ?? null,
      mediaItems: data.post.mediaItems ?? [],
      ...(data.post.links ? { links: data.post.links } : {}),
      wasScheduled: data.wasScheduled === true,
      targets: data.platforms,
    },
  };
}

/** Fans out up to one batch of new outbox events; returns how many were handled. */
export async function dispatchOutbox(ctx: AppContext): Promise<number> {
  const now = Date.now();
  const full = now - (lastFullScan.get(ctx) ?? 0) >= OUTBOX_FULL_SCAN_MS;
  let query = ctx.store.db
    .selectFrom('outbox')
    .selectAll('outbox')
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('notification_dispatched')
            .select('notification_dispatched.event_id')
            .whereRef('notification_dispatched.event_id', '=', 'outbox.id'),
        ),
      ),
    );
  if (!full) query = query.where('outbox.created_at', '>=', new Date(now - WINDOW_MS).toISOString());
  const rows = await query.orderBy('outbox.created_at').orderBy('outbox.id').limit(BATCH).execute();
  if (full && rows.length < BATCH) lastFullScan.set(ctx, now);
  if (rows.length === 0) return 0;
  await ctx.store.db.transaction().execute(async (trx) => {
    for (const row of rows) {
      const event = eventFromOutbox(row);
      if (event) {
        await fanOutEvent(trx, ctx.config, event);
        continue;
      }
      ctx.log.error({ eventId: row.id, type: row.type }, 'outbox row is not a lifecycle event; skipped');
      await trx
        .insertInto('notification_dispatched')
        .values({ event_id: row.id, project_id: row.project_id, dispatched_at: new Date().toISOString() })
        .onConflict((oc) => oc.column('event_id').doNothing())
        .execute();
    }
  });
  return rows.length;
}
