/**
 * Deletes a Page post or video: `DELETE /{id}`. An object already gone (Graph
 * error 100 with subcode 33, "object does not exist") counts as deleted.
 */
import { type DeleteContext, PlatformError } from '../contract.ts';
import { graph } from './graph.ts';

export async function deleteFromFacebook(ctx: DeleteContext): Promise<void> {
  try {
    await graph(ctx, encodeURIComponent(ctx.platformPostId), {
      method: 'DELETE',
      what: 'Facebook: delete post',
    });
  } catch (err) {
    if (err instanceof PlatformError && (err.status === 404 || err.platformCode === '100/33')) return;
    throw err;
  }
}
