/**
 * Deletes a Threads post: `DELETE /{threads-media-id}` (scope `threads_delete`,
 * since 2025-03; 100 deletes per 24 h). A post already gone (Graph error 100 with
 * subcode 33, "object does not exist", or a 404) counts as deleted.
 */
import { type DeleteContext, PlatformError } from '../contract.ts';
import { metaCall } from '../shared/meta-container.ts';
import { threadsFlow } from './container.ts';

export async function deleteFromThreads(ctx: DeleteContext): Promise<void> {
  try {
    await metaCall(threadsFlow, ctx, encodeURIComponent(ctx.platformPostId), {
      method: 'DELETE',
      what: 'Threads: delete post',
    });
  } catch (err) {
    if (err instanceof PlatformError && (err.status === 404 || err.platformCode === '100/33')) return;
    throw err;
  }
}
