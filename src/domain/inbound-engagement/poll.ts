/**
 * The poll for platforms that do not push comments and messages to the service:
 * every ENGAGEMENT_POLL_SECONDS one worker reads, for each active Facebook,
 * Instagram and Threads integration, the newest comments (with their replies)
 * of its posts published through the service within ENGAGEMENT_POLL_WINDOW_DAYS,
 * and for Instagram its recent conversations; what is new becomes an event
 * through the same record functions as the push (deduplicated by the
 * platform's id, so push and poll never announce one comment twice).
 *
 * A platform is polled when the Meta webhooks are not configured
 * (META_WEBHOOK_VERIFY_TOKEN) or it runs in sandbox mode (the simulator may not
 * be able to reach the service). Only the first page of each list is read: the
 * poll runs often enough that what is new is on it, and its cost stays bounded.
 */
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { defineRecurringJob } from '../../jobs/recurring.ts';
import type { Comment, CommentReply } from '../../platforms/engagement.ts';
import type { Platform } from '../../platforms/names.ts';
import { engagementCall } from '../engagement/call.ts';
import type { IntegrationRow } from '../integrations/integrations.ts';
import { META_PLATFORMS } from './meta-webhook.ts';
import { messageKey, recordComment, recordMessage } from './record.ts';

const COMMENTS_PAGE = 25;
const CONVERSATIONS_PAGE = 20;
const MESSAGES_PAGE = 20;

/** The platforms this service polls for comments and messages. */
export function polledPlatforms(ctx: AppContext): Platform[] {
  return META_PLATFORMS.filter(
    (p) =>
      ctx.platforms[p].comments &&
      (!ctx.config.META_WEBHOOK_VERIFY_TOKEN || ctx.endpoints[p].mode === 'sandbox'),
  );
}

/** One poll of every polled integration; answers how many events it wrote. */
export async function pollEngagement(ctx: AppContext, signal?: AbortSignal): Promise<number> {
  const platforms = polledPlatforms(ctx);
  if (platforms.length === 0) return 0;
  const integrations = await ctx.store.db
    .selectFrom('integrations')
    .selectAll()
    .where('platform', 'in', platforms)
    .where('auth_status', '=', 'active')
    .execute();
  let written = 0;
  for (const integration of integrations) {
    if (signal?.aborted) break;
    try {
      written += await pollComments(ctx, integration);
      if (ctx.platforms[integration.platform as Platform].messages)
        written += await pollMessages(ctx, integration);
    } catch (err) {
      // One account's failure (a refused token, a platform outage) does not stop the others.
      ctx.log.warn(
        { integrationId: integration.id, platform: integration.platform, err: (err as Error).message },
        'engagement poll failed for this account; next poll tries again',
      );
    }
  }
  return written;
}

/** The account as the service itself reaches it: every profile of its project. */
const account = (i: IntegrationRow) => ({
  projectId: i.project_id,
  profileIds: null,
  accountId: i.id,
  platform: i.platform as Platform,
});

async function pollComments(ctx: AppContext, integration: IntegrationRow): Promise<number> {
  const capability = ctx.platforms[integration.platform as Platform].comments;
  if (!capability) return 0;
  const since = new Date(
    ctx.now().getTime() - ctx.config.ENGAGEMENT_POLL_WINDOW_DAYS * 86_400_000,
  ).toISOString();
  const targets = await ctx.store.db
    .selectFrom('post_targets')
    .select(['platform_post_id'])
    .where('project_id', '=', integration.project_id)
    .where('integration_id', '=', integration.id)
    .where('status', '=', 'published')
    .where('platform_post_id', 'is not', null)
    .where('published_at', '>=', since)
    .execute();
  let written = 0;
  for (const t of targets) {
    const postId = t.platform_post_id as string;
    let comments: Comment[];
    try {
      ({ comments } = await engagementCall(
        ctx,
        { ...account(integration), permissions: capability.permissions.read },
        (env) => capability.list(env, { postId, limit: COMMENTS_PAGE }),
      ));
    } catch (err) {
      // A post removed on the platform (or one failing call) does not hide the others' comments.
      if (err instanceof AppError && err.kind === 'not_found') continue;
      throw err;
    }
    for (const c of comments) {
      written += (await record(ctx, integration, postId, c, null)) ? 1 : 0;
      for (const r of c.replies) written += (await record(ctx, integration, postId, r, c.id)) ? 1 : 0;
    }
  }
  return written;
}

const record = (
  ctx: AppContext,
  integration: IntegrationRow,
  platformPostId: string,
  c: Comment | CommentReply,
  parentId: string | null,
) =>
  recordComment(ctx, integration, {
    platformPostId,
    commentId: c.id,
    parentId,
    text: c.text,
    author: c.author,
    timestamp: c.timestamp,
  });

async function pollMessages(ctx: AppContext, integration: IntegrationRow): Promise<number> {
  const capability = ctx.platforms[integration.platform as Platform].messages;
  if (!capability) return 0;
  const call = { ...account(integration), permissions: [capability.permission] };
  const { selfId, conversations } = await engagementCall(ctx, call, (env) =>
    capability.conversations(env, { limit: CONVERSATIONS_PAGE }),
  );
  let written = 0;
  for (const c of conversations) {
    const last = c.lastMessage;
    // Nothing new here: the last message is the account's own answer, or was announced already.
    if (!last || last.from.id === selfId) continue;
    const known = await ctx.store.db
      .selectFrom('event_keys')
      .select('key')
      .where('key', '=', messageKey(integration.id, last.id))
      .executeTakeFirst();
    if (known) continue;
    const { messages } = await engagementCall(ctx, call, (env) =>
      capability.messages(env, c.id, { limit: MESSAGES_PAGE }),
    );
    for (const m of messages) {
      if (!m.from || m.from.id === selfId) continue;
      const made = await recordMessage(ctx, integration, {
        messageId: m.id,
        conversationId: c.id,
        text: m.text,
        from: m.from,
        timestamp: m.timestamp,
      });
      if (made) written++;
    }
  }
  return written;
}

export const engagementPollJob = defineRecurringJob({
  kind: 'poll_engagement',
  timeoutMs: 10 * 60_000,
  everyMs: (config) => config.ENGAGEMENT_POLL_SECONDS * 1000,
  // Not at once on start: a period after, like the next ones.
  firstRunAfterMs: (config) => config.ENGAGEMENT_POLL_SECONDS * 1000,
  async run(ctx, signal) {
    const written = await pollEngagement(ctx, signal);
    if (written) ctx.log.info({ written }, 'new comments and messages found by polling');
  },
});
