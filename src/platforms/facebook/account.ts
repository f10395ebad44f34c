/**
 * What the Facebook adapter reads from a connected Page: the Page id
 * (`platformUserId`) and the Page token (`accessToken`). Graph calls carry the
 * pinned version unless the configured base URL already ends with one.
 */
import type { AccountCredentials } from '../contract.ts';
import { GRAPH_VERSION } from '../shared/meta.ts';

export function graphBase(baseUrl: string): string {
  const base = baseUrl.replace(/\/$/, '');
  return /\/v\d+\.\d+$/.test(base) ? base : `${base}/${GRAPH_VERSION}`;
}

export const authHeader = (account: AccountCredentials) => ({
  authorization: `Bearer ${account.accessToken}`,
});

/** `https://www.facebook.com/{page_post_id}` for feed and photo posts. */
export const postUrl = (postId: string) => `https://www.facebook.com/${postId}`;
/** `https://www.facebook.com/{page-id}/videos/{video-id}` for videos. */
export const videoUrl = (pageId: string, videoId: string) =>
  `https://www.facebook.com/${pageId}/videos/${videoId}`;
