/**
 * Writes post lifecycle events to the outbox, inside the caller's transaction.
 * The payload is the webhook's `data` object of interface.md ("Webhook payload"):
 * `{post, platforms}`, each platform entry with the profile its integration is in
 * (so a subscription with a profileId can filter), plus `wasScheduled`
 * (for onlyScheduledPosts). The notifications area delivers these rows.
 */
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { EventType, TargetSnapshot } from '../../notifications/events.ts';
import type { Database } from '../../store/schema.ts';
import type { PostsTable, PostTargetsTable } from '../../store/tables/posts.ts';
import type { OutboxTable } from '../../store/tables/publishing.ts';
import { newId } from '../ids.ts';
import { toIso } from '../time.ts';

/** The event types and the per-target record are the ones the webhook payload carries. */
export type OutboxEventType = EventType;
export type OutboxPlatform = TargetSnapshot;

export interface OutboxPayload {
  post: {
    id: string;
    status: string;
    content: string;
    scheduledFor: string | null;
    publishedAt: string | null;
    mediaItems: unknown[];
    links: { service: string; api: string };
  };
  platforms: OutboxPlatform[];
  wasScheduled: boolean;
}

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
  const base = ctx.config.PUBLIC_URL;
  return {
    post: {
      id: post.id,
      status: post.status,
      content: post.content,
      scheduledFor: toIso(post.scheduled_for),
      publishedAt: toIso(published[0] ?? null),
      mediaItems: JSON.parse(post.media) as unknown[],
      links: { service: `${base}/posts/${post.id}`, api: `${base}/v1/posts/${post.id}` },
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

/** Adds one event for `post` (as it is now) and its targets to the outbox. */
export async function writeOutboxEvent(
  trx: Transaction<Database>,
  ctx: AppContext,
  type: OutboxEventType,
  post: PostsTable,
  targets: readonly PostTargetsTable[],
): Promise<void> {
  await writeOutboxEvents(trx, [{ ctx, type, post, targets }]);
}

export interface NewOutboxEvent {
  ctx: AppContext;
  type: OutboxEventType;
  post: PostsTable;
  targets: readonly PostTargetsTable[];
}

/**
 * Adds many events in one read of the integrations' profiles and one insert per
 * 200 events (the publishing batches finish many posts in one transaction).
 */
export async function writeOutboxEvents(
  trx: Transaction<Database>,
  events: readonly NewOutboxEvent[],
): Promise<void> {
  if (events.length === 0) return;
  const integrationIds = [...new Set(events.flatMap((e) => e.targets.map((t) => t.integration_id)))];
  const profiles = new Map<string, { projectId: string; profileId: string | null }>();
  for (let i = 0; i < integrationIds.length; i += 500) {
    const rows = await trx
      .selectFrom('integrations')
      .select(['id', 'project_id', 'profile_id'])
      .where('id', 'in', integrationIds.slice(i, i + 500))
      .execute();
    for (const r of rows) profiles.set(r.id, { projectId: r.project_id, profileId: r.profile_id });
  }
  const rows = events.map((e) => {
    // Only integrations of the post's own project count, as a per-project lookup would give.
    const own = new Map<string, string | null>();
    for (const t of e.targets) {
      const p = profiles.get(t.integration_id);
      if (p && p.projectId === e.post.project_id) own.set(t.integration_id, p.profileId);
    }
    return outboxRow(e.ctx, e.type, e.post, e.targets, own);
  });
  for (let i = 0; i < rows.length; i += 200)
    await trx
      .insertInto('outbox')
      .values(rows.slice(i, i + 200))
      .execute();
}
