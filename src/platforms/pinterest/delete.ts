/** Deletes a pin: `DELETE /v5/pins/{id}` (204). A pin already gone (404 "Pin not found.") counts as deleted. */
import { type DeleteContext, PlatformError } from '../contract.ts';
import { pinterestCall } from './account.ts';

export async function deleteFromPinterest(ctx: DeleteContext): Promise<void> {
  try {
    await pinterestCall(ctx, `pins/${encodeURIComponent(ctx.platformPostId)}`, {
      method: 'DELETE',
      what: 'Pinterest: delete pin',
    });
  } catch (err) {
    if (err instanceof PlatformError && err.status === 404) return;
    throw err;
  }
}
