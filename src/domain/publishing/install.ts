/**
 * Connects the engine to the posts API once per process: its lifecycle hook
 * (jobs and outbox rows in the posts' transactions) and the bounded wait of
 * POST /v1/posts for publish-now targets (PUBLISH_WAIT_MS).
 */
import { addAcceptPlanner, addPostHook, setPublishNowWaiter } from '../posts/hooks.ts';
import { waitForPostOutcome } from './events.ts';
import { onPostChange, planAcceptedPost } from './hooks.ts';

let installed = false;

export function installPublishing(): void {
  if (installed) return;
  installed = true;
  addAcceptPlanner(planAcceptedPost);
  addPostHook((trx, _ctx, e) => onPostChange(trx, e.change, e.post, e.targets));
  setPublishNowWaiter((ctx, postId) => waitForPostOutcome(ctx, postId, ctx.config.PUBLISH_WAIT_MS));
}
