/**
 * Reads the publishing engine's outbox (rows written in the same transaction as
 * each post state change) and fans out every event not yet dispatched, so an
 * event is never lost between the state change and its deliveries: a worker
 * that stops before dispatching leaves the row for the next one.
 *
 * A dispatched event gets its `dispatched_at`, in the transaction that writes
 * its deliveries. A partial index holds just the rows still waiting, so a poll
 * reads exactly those, oldest first, however large the outbox is; a row whose
 * transaction committed long after its created_at is found like any other. On
 * PostgreSQL workers take disjoint rows (SKIP LOCKED); where two still take the
 * same event, its unique (event, subscription) deliveries keep it sent once.
 */
import type { AppContext } from '../context.ts';
import { fanOutEvents, type ServiceEvent } from '../domain/notifications/fanout.ts';
import type { OutboxTable } from '../store/tables/publishing.ts';
import { type AccountEvent, type AccountOutboxPayload, isAccountEventType } from './account-events.ts';
import { isEventType, type LifecycleEvent, type OutboxPayload } from './events.ts';

const BATCH = 500;

/** The event of an outbox row (a post's or an account's), or null when the row can not be one. */
export function serviceEventFromOutbox(row: OutboxTable): ServiceEvent | null {
  return isAccountEventType(row.type) ? accountEventFromOutbox(row) : eventFromOutbox(row);
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

function accountEventFromOutbox(row: OutboxTable): AccountEvent | null {
  if (!isAccountEventType(row.type)) return null;
  let payload: AccountOutboxPayload;
  try {
    payload = JSON.parse(row.payload) as AccountOutboxPayload;
  } catch {
    return null;
  }
  if (!payload?.data?.account?.integrationId) return null;
  return {
    id: row.id,
    projectId: row.project_id,
    type: row.type,
    createdAt: row.created_at,
    // Account events have no post; the column holds '' for them.
    postId: row.post_id || null,
    data: payload.data,
  };
}

/** Fans out up to one batch of waiting outbox events; returns how many were handled. */
export async function dispatchOutbox(ctx: AppContext): Promise<number> {
  return ctx.store.db.transaction().execute(async (trx) => {
    let query = trx
      .selectFrom('outbox')
      .selectAll()
      .where('dispatched_at', 'is', null)
      .orderBy('created_at')
      .orderBy('id')
      .limit(BATCH);
    if (ctx.store.dialect === 'postgres') query = query.forUpdate().skipLocked();
    const rows = await query.execute();
    if (rows.length === 0) return 0;
    const events: ServiceEvent[] = [];
    for (const row of rows) {
      const event = serviceEventFromOutbox(row);
      if (event) events.push(event);
      else
        ctx.log.error(
          { eventId: row.id, type: row.type },
          'outbox row is not an event of a known type; skipped',
        );
    }
    await fanOutEvents(trx, ctx.config, events);
    await trx
      .updateTable('outbox')
      .set({ dispatched_at: new Date().toISOString() })
      .where(
        'id',
        'in',
        rows.map((r) => r.id),
      )
      .execute();
    return rows.length;
  });
}
