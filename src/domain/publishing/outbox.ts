/**
 * Writes post lifecycle events to the outbox, inside the caller's transaction.
 * The payload is the webhook's `data` object of interface.md ("Webhook payload"):
 * `{post, platforms}`, each platform entry with the profile its integration is in
 * (so a subscription with a profileId can filter), plus `wasScheduled`
 * (for onlyScheduledPosts). The notifications area delivers these rows.
 */
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.ts';
import { type EventType, type OutboxPayload, postLinks } from '../../notifications/events.ts';
import { insertRows } from '../../store/row-set.ts';
import type { Database } from '../../store/schema.ts';
import type { PostsTable, PostTargetsTable } from '../../store/tables/posts.ts';
import type { OutboxTable } from '../../store/tables/publishing.ts';
import { newId } from '../ids.ts';
import { readIntegrations } from '../posts/accounts.ts';
import { toIso } from '../time.ts';

/** The event types are the ones the webhook payload carries. */
export type OutboxEventType = EventType;

export function outboxPayload(
  ctx: AppContext,
  post: PostsTable,
  targets: readonly PostTargetsTable[],
  profiles: ReadonlyMap<string, string | null>,
): OutboxPayload {
  const published = targets
    .map((t) => t.published_at)
    .filter((t): t is string => t !== null)
    .sort();
  const base = ctx.config.PUBLIC_URL ?? '';
  return {
    post: {
      id: post.id,
      status: post.status,
      content: post.content,
      scheduledFor: toIso(post.scheduled_for),
      publishedAt: toIso(published[0] ?? null),
      mediaItems: JSON.parse(post.media) as unknown[],
      links: postLinks(base, post.id),
    },
    platforms: [...targets]
      .sort((a, b) => a.position - b.position)
      .map((t) => ({
        platform: t.platform,
        integrationId: t.integration_id,
        profileId: profiles.get(t.integration_id) ?? null,
        status: t.status,
        platformPostId: t.platform_post_id,
        platformPostUrl: t.platform_post_url,
        publishedAt: toIso(t.published_at),
        errorMessage: t.error_message,
        warningMessage: t.warning_message,
      })),
    wasScheduled: post.was_scheduled === 1,
  };
}

/** The outbox row of one event for `post` (as it is now) and its targets. */
export function outboxRow(
  ctx: AppContext,
  type: OutboxEventType,
  post: PostsTable,
  targets: readonly PostTargetsTable[],
  profiles: ReadonlyMap<string, string | null>,
): OutboxTable {
  return {
    id: newId('evt'),
    project_id: post.project_id,
    type,
    post_id: post.id,
    payload: JSON.stringify(outboxPayload(ctx, post, targets, profiles)),
    created_at: ctx.now().toISOString(),
    dispatched_at: null,
  };
}

export interface NewOutboxEvent {
  ctx: AppContext;
  type: OutboxEventType;
  post: PostsTable;
  targets: readonly PostTargetsTable[];
}

/**
 * Adds many events in one read of the integrations' profiles and one multi-row
 * insert (the publishing batches finish many posts in one transaction), written as
 * cached SQL text (row-set.ts) rather than built value by value.
 */
export async function writeOutboxEvents(
  trx: Transaction<Database>,
  events: readonly NewOutboxEvent[],
): Promise<void> {
  if (events.length === 0) return;
  const { dialect } = (events[0] as NewOutboxEvent).ctx.store;
  const integrations = await readIntegrations(
    trx,
    dialect,
    events.flatMap((e) => e.targets.map((t) => t.integration_id)),
  );
  const rows = events.map((e) => {
    // Only integrations of the post's own project count, as a per-project lookup would give.
    const own = new Map<string, string | null>();
    for (const t of e.targets) {
      const i = integrations.get(t.integration_id);
      if (i && i.project_id === e.post.project_id) own.set(t.integration_id, i.profile_id);
    }
    return outboxRow(e.ctx, e.type, e.post, e.targets, own);
  });
  await insertRows(trx, dialect, 'outbox', rows);
}
