/**
 * After an init with no known outcome, or any later run while the create is in
 * flight (the engine calls reconcile, not publish, until the target settles):
 * - the publish_id is checkpointed: continue from it (status.ts) — the upload if
 *   unfinished, then the status; never a second init;
 * - no publish_id, video (FILE_UPLOAD, direct or inbox): `absent`. An init whose
 *   answer was lost can at most have opened a publish waiting for bytes that only
 *   this job has and never sent; it expires unused, so a new init makes the one post;
 * - no publish_id, photos (PULL_FROM_URL): TikTok may be pulling the photos and
 *   posting them. It offers no way to find a publish without its id (the
 *   `video.list` lookup, asked for the post metrics, lists only public posts
 *   after moderation, and never drafts), so the answer is `unknown`:
 *   the target fails asking to check the account, rather than risk a second post.
 */
import type { PublishContext, ReconcileResult } from '../contract.ts';
import { advance, START_OVER, type TikTokCheckpoint } from './status.ts';

export async function reconcileTikTok(ctx: PublishContext): Promise<ReconcileResult> {
  const cp = ctx.checkpoint as TikTokCheckpoint;
  if (cp.publishId) {
    const result = await advance(ctx, { ...cp, publishId: cp.publishId });
    return result === START_OVER ? { state: 'absent' } : result;
  }
  if (ctx.target.mediaItems.some((m) => m.type === 'video')) return { state: 'absent' };
  return {
    state: 'unknown',
    reason:
      'TikTok did not answer the photo post request, and may be fetching the photos and posting them; TikTok offers no way to find such a post without the answer, so it was not sent again',
  };
}
