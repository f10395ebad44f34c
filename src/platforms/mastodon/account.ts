/**
 * What the Mastodon publisher reads from a connected account: the access token,
 * `platformUserId` = the account id on its instance, `metadata.instance` = the
 * instance origin (https://mastodon.social; the simulator's in sandbox mode), and
 * `metadata.username` (`acct` on its own instance) for status links.
 */
import type { AccountCredentials } from '../contract.ts';

/**
 * The account's id on its instance. Ids are only unique on their own instance, so
 * the integration's platformUserId is `<id>@<instance host>`; the id is before the `@`.
 */
export const accountIdOf = (account: AccountCredentials): string =>
  account.platformUserId.split('@')[0] ?? '';

/** The account's instance; the configured base URL (sandbox, tests) when the metadata has none. */
export function instanceOf(account: AccountCredentials, baseUrl: string): string {
  const stored = account.metadata.instance;
  return (typeof stored === 'string' && stored !== '' ? stored : baseUrl).replace(/\/+$/, '');
}

/**
 * The status's link: the `url` Mastodon answered when it is an https address on the
 * account's own instance (its API host, or the `domain` it names itself by, kept as
 * `metadata.domain` at connect), else `<instance>/@user/<id>`. A hostile instance
 * can not make us show a link to somewhere else.
 */
export function statusUrl(
  account: AccountCredentials,
  instance: string,
  id: string,
  answered?: unknown,
): string {
  if (typeof answered === 'string' && answered.length <= 2000) {
    try {
      const u = new URL(answered);
      const hosts = [new URL(instance).host, account.metadata.domain];
      if (u.protocol === 'https:' && !u.username && !u.password && hosts.includes(u.host))
        return u.toString();
    } catch {
      // Not a URL: built below.
    }
  }
  const user = account.metadata.username;
  return typeof user === 'string' && user !== ''
    ? `${instance}/@${encodeURIComponent(user)}/${encodeURIComponent(id)}`
    : `${instance}/statuses/${encodeURIComponent(id)}`;
}
