/**
 * The engine's part of the post lifecycle (AppContext `lifecycle`): publish jobs
 * and outbox rows in the posts' transactions, and the bounded wait of
 * POST /v1/posts for publish-now targets (PUBLISH_WAIT_MS).
 */
import type { PostLifecycle } from '../posts/hooks.ts';
import { waitForPostOutcome } from './events.ts';
import { onPostChange, planAcceptedPost } from './hooks.ts';

export const publishingLifecycle: PostLifecycle = {
  planAccepted: planAcceptedPost,
  onChange: (trx, _ctx, e) => onPostChange(trx, e.change, e.post, e.targets),
  waitForPublishNow: (ctx, postId) => waitForPostOutcome(ctx, postId, ctx.config.PUBLISH_WAIT_MS),
};
