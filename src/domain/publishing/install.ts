/**
 * Connects the engine to the posts API once per process: its lifecycle hook
 * (jobs and outbox rows in the posts' transactions) and the bounded wait of
 * POST /v1/posts for publish-now targets (PUBLISH_WAIT_MS).
 */
import { addPostHook, setPublishNowWaiter } from '../posts/hooks.ts';
import { waitForPostOutcome } from './events.ts';
import { onPostChange } from './hooks.ts';

let installed = false;

export function installPublishing(): void {
  if (installed) return;
  installed = true;
  addPostHook((trx, ctx, e) => onPostChange(trx, ctx, e.change, e.post, e.targets));
  setPublishNowWaiter((ctx, postId) => waitForPostOutcome(ctx, postId, ctx.config.PUBLISH_WAIT_MS));
}
