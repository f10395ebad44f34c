/**
 * What the Reddit publisher reads from a connected account and a target: the
 * token (Bearer on oauth.reddit.com), the account's username (`metadata.username`,
 * saved at connect: the submitted listing and the comments listing are by name),
 * the User-Agent every call carries, and the post URL as Reddit builds it.
 */
import type { AccountCredentials } from '../contract.ts';

/**
 * Reddit refuses or throttles calls without a descriptive User-Agent
 * (`<platform>:<app id>:<version> (by /u/<username>)`). REDDIT_USER_AGENT sets it;
 * the module hands it to every call as its `apiVersion` (the one per-settings
 * value Reddit's calls carry). This default names the service without an owner.
 */
export const DEFAULT_USER_AGENT = 'server:social-publishing-service:v1 (multi-network publisher)';

export const userAgentOf = (apiVersion: string | undefined) => apiVersion || DEFAULT_USER_AGENT;

/** The account's Reddit username, saved at connect. */
export function usernameOf(account: AccountCredentials): string {
  const name = account.metadata.username;
  if (typeof name !== 'string' || !name)
    throw new Error('the Reddit account has no username in its metadata; reconnect it');
  return name;
}

/** `t3_abc12` → `abc12`: a post's id as the service keeps it (and Reddit's URLs show it). */
export const bareId = (fullname: string) => fullname.replace(/^t\d_/, '');

/** `abc12` → `t3_abc12`: the post's fullname, as Reddit's calls name it. */
export const fullname = (id: string) => (id.startsWith('t3_') ? id : `t3_${id}`);

/** `https://www.reddit.com/r/{sub}/comments/{id}/`: the post's page (the slug is optional). */
export const postUrl = (subreddit: string, id: string) =>
  `https://www.reddit.com/r/${subreddit}/comments/${bareId(id)}/`;
