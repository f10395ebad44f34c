/**
 * What the Bluesky adapter reads from a connected account: the DID
 * (`platformUserId`), the session's access JWT (`accessToken`), and in metadata
 * `handle` or `username` (for post URLs) and `pdsUrl` (the account's PDS; the configured base
 * URL, the bsky.social entryway, when absent).
 */
import type { AccountCredentials } from '../contract.ts';

export const POST_COLLECTION = 'app.bsky.feed.post';

export const authHeader = (account: AccountCredentials) => ({
  authorization: `Bearer ${account.accessToken}`,
});

export function pdsUrl(account: AccountCredentials, baseUrl: string): string {
  const url = account.metadata.pdsUrl;
  return (typeof url === 'string' && url ? url : baseUrl).replace(/\/$/, '');
}

/** `https://bsky.app/profile/{handle or did}/post/{rkey}`. */
export function postUrl(account: AccountCredentials, rkey: string): string {
  const handle = account.metadata.handle ?? account.metadata.username;
  const who = typeof handle === 'string' && handle ? handle : account.platformUserId;
  return `https://bsky.app/profile/${who}/post/${rkey}`;
}

/** The record key, last segment of an at:// URI. */
export const rkeyOf = (uri: string) => uri.split('/').pop() ?? '';
