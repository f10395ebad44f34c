/**
 * What the TikTok publisher reads from the connected account: the access token
 * (Bearer) and, for URLs, the creator's username (`metadata.username`, which the
 * engine adds from the integration). TikTok builds post URLs from the username:
 * `https://www.tiktok.com/@{username}/video/{id}` (photo posts too, TikTok
 * redirects); without a username the id alone can not make a URL.
 */
import type { AccountCredentials } from '../contract.ts';

/** Every Content Posting call is JSON with this content type (TikTok's docs ask for the charset). */
export const jsonHeaders = { 'content-type': 'application/json; charset=UTF-8' };

export const usernameOf = (account: AccountCredentials): string | undefined => {
  const u = account.metadata.username;
  return typeof u === 'string' && u ? u : undefined;
};

/** The creator's profile: where a draft or a post whose id TikTok has not released yet is found. */
export function profileUrl(account: AccountCredentials): string {
  const u = usernameOf(account);
  return u ? `https://www.tiktok.com/@${encodeURIComponent(u)}` : 'https://www.tiktok.com/';
}

export function postUrl(account: AccountCredentials, postId: string): string {
  const u = usernameOf(account);
  // TikTok resolves any handle segment for a known id; `@` alone keeps the form valid.
  return `https://www.tiktok.com/@${u ? encodeURIComponent(u) : ''}/video/${postId}`;
}
