/**
 * Deletes a local post: `DELETE /v4/{name}` (this also cancels a post Google
 * holds for later). The platformPostId is the post's resource name; a bare id is
 * placed under the connected location. A post already gone (404) counts as deleted.
 */
import { type DeleteContext, PlatformError } from '../contract.ts';
import { locationPath } from './account.ts';
import { v4 } from './v4.ts';

export async function deleteFromGoogleBusiness(ctx: DeleteContext): Promise<void> {
  const id = ctx.platformPostId;
  const name = id.startsWith('accounts/') ? id : `${locationPath(ctx.account)}/localPosts/${id}`;
  try {
    await v4(ctx, name, { method: 'DELETE', what: 'Google Business Profile: delete local post' });
  } catch (err) {
    if (err instanceof PlatformError && err.status === 404) return;
    throw err;
  }
}
