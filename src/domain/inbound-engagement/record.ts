/**
 * Turns a comment or message seen on a platform (pushed by its webhook or found
 * by the poll) into comment.received / message.received, once: the platform's
 * id goes into event_keys in the same transaction as the outbox row, so the
 * push and the poll, two nodes, or a run after a restart that sees it again
 * write nothing more.
 *
 * Only comments on posts published through the service are announced (the poll
 * sees only those, and the push must not announce more than it), and only what
 * arrived after the account was connected: connecting an account does not replay
 * its history.
 */
import type { AppContext } from '../../context.ts';
import type { InboundComment, InboundMessage } from '../../platforms/inbound.ts';
import { accountRef, withEvents, writeAccountEvent } from '../account-events/write.ts';
import type { IntegrationRow } from '../integrations/integrations.ts';

export const commentKey = (integrationId: string, commentId: string) =>
  `comment:${integrationId}:${commentId}`;
export const messageKey = (integrationId: string, messageId: string) =>
  `message:${integrationId}:${messageId}`;

/**
 * Whether it happened before the account was connected. Platforms give times to
 * the second, so the connection time is taken to its second too.
 */
const beforeConnected = (timestamp: string, integration: IntegrationRow): boolean =>
  Date.parse(timestamp) < Math.floor(Date.parse(integration.created_at) / 1000) * 1000;

/** Our post published on this account as `platformPostId`, or null when the service did not publish it. */
async function ourPost(ctx: AppContext, integration: IntegrationRow, platformPostId: string) {
  return (
    (await ctx.store.db
      .selectFrom('post_targets')
      .select(['post_id', 'platform_post_url'])
      .where('project_id', '=', integration.project_id)
      .where('integration_id', '=', integration.id)
      .where('platform_post_id', '=', platformPostId)
      .executeTakeFirst()) ?? null
  );
}

/** Answers true when the comment's event was written now (false: not ours, old, or announced already). */
export async function recordComment(
  ctx: AppContext,
  integration: IntegrationRow,
  c: Omit<InboundComment, 'kind' | 'accountId'>,
): Promise<boolean> {
  if (beforeConnected(c.timestamp, integration)) return false;
  if (c.author.id !== null && c.author.id === integration.platform_user_id) return false;
  const post = await ourPost(ctx, integration, c.platformPostId);
  if (!post) return false;
  return withEvents(ctx, (trx) =>
    writeAccountEvent(ctx, trx, {
      type: 'comment.received',
      projectId: integration.project_id,
      postId: post.post_id,
      onceKey: commentKey(integration.id, c.commentId),
      data: {
        account: accountRef(integration),
        comment: {
          id: c.commentId,
          text: c.text,
          author: c.author,
          timestamp: c.timestamp,
          parentId: c.parentId,
        },
        post: { id: post.post_id, platformPostId: c.platformPostId, platformPostUrl: post.platform_post_url },
      },
    }),
  );
}

/** Answers true when the message's event was written now. */
export async function recordMessage(
  ctx: AppContext,
  integration: IntegrationRow,
  m: Omit<InboundMessage, 'kind' | 'accountId'>,
): Promise<boolean> {
  if (beforeConnected(m.timestamp, integration)) return false;
  if (m.from.id !== null && m.from.id === integration.platform_user_id) return false;
  return withEvents(ctx, (trx) =>
    writeAccountEvent(ctx, trx, {
      type: 'message.received',
      projectId: integration.project_id,
      onceKey: messageKey(integration.id, m.messageId),
      data: {
        account: accountRef(integration),
        message: {
          id: m.messageId,
          conversationId: m.conversationId,
          text: m.text,
          from: m.from,
          timestamp: m.timestamp,
        },
      },
    }),
  );
}
