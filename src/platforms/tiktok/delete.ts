/**
 * TikTok's Content Posting API has no call that deletes a post (nor does any
 * other public TikTok API): the creator deletes it in the app. Saying so, as a
 * permanent error, is better than answering "deleted" for a post still online.
 */
import { type DeleteContext, PlatformError } from '../contract.ts';

export const TIKTOK_DELETE_UNSUPPORTED =
  "TikTok: TikTok's API can not delete posts; the creator deletes it in the TikTok app";

export async function deleteFromTikTok(_ctx: DeleteContext): Promise<void> {
  throw new PlatformError('permanent', TIKTOK_DELETE_UNSUPPORTED);
}
