/**
 * Instagram's API can not delete published media: the IG Media reference has no
 * delete operation (only comments can be deleted). Rather than pretend, delete
 * fails with a permanent error that says so; the per-target result of
 * `DELETE /v1/posts/{id}?deleteFromPlatforms=true` carries this message, and
 * docs/instagram-delete.md explains it.
 */
import { type DeleteContext, PlatformError } from '../contract.ts';

export const INSTAGRAM_CANNOT_DELETE =
  "Instagram's API does not allow deleting published posts; delete it in the Instagram app";

export async function deleteFromInstagram(_ctx: DeleteContext): Promise<void> {
  throw new PlatformError('permanent', INSTAGRAM_CANNOT_DELETE);
}
