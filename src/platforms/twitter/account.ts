/**
 * What the X adapter reads from a connected account: the user id
 * (`platformUserId`) and, for post URLs, `metadata.username`.
 */
import type { AccountCredentials } from '../contract.ts';

export const authHeader = (account: AccountCredentials) => ({
  authorization: `Bearer ${account.accessToken}`,
});

/** `https://x.com/{username}/status/{id}`, or the `/i/status/` form when the username is unknown. */
export function tweetUrl(account: AccountCredentials, id: string): string {
  const username = account.metadata.username;
  return typeof username === 'string' && username
    ? `https://x.com/${encodeURIComponent(username)}/status/${id}`
    : `https://x.com/i/status/${id}`;
}
