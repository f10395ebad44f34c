/**
 * What the Google Business Profile adapter reads from a connected location. v4
 * paths need the owning account as well as the location
 * (`accounts/{a}/locations/{l}`), and the location alone does not say which account
 * owns it, so connect (auth.ts) saves `metadata.resourceName`; `accountName` plus
 * `locationName` (or the location id in `platformUserId`) rebuild it. Without
 * either the account has to be connected again: guessing an account would post to
 * a path Google answers with a 404.
 */
import { type AccountCredentials, PlatformError } from '../contract.ts';

const LOCATION = /^accounts\/[^/]+\/locations\/[^/]+$/;

/** `accounts/{a}/locations/{l}` of the connected location. */
export function locationPath(account: AccountCredentials): string {
  const m = account.metadata;
  if (typeof m.resourceName === 'string' && LOCATION.test(m.resourceName)) return m.resourceName;
  if (typeof m.accountName === 'string' && /^accounts\/[^/]+$/.test(m.accountName)) {
    const loc = typeof m.locationName === 'string' ? m.locationName.split('/').pop() : account.platformUserId;
    if (loc) return `${m.accountName}/locations/${loc}`;
  }
  throw new PlatformError(
    'permanent',
    'Google Business Profile: the connected location lacks its owning account; reconnect the account',
  );
}

/** The v4 API root below the configured base URL (mybusiness.googleapis.com). */
export const v4Root = (baseUrl: string) => `${baseUrl.replace(/\/$/, '')}/v4`;

/**
 * Where a post with no `searchUrl` of its own can be seen: the location on Maps
 * (saved at connect time), else the Business Profile manager.
 */
export function locationUrl(account: AccountCredentials): string {
  const maps = account.metadata.mapsUri;
  return typeof maps === 'string' && /^https:\/\//.test(maps) ? maps : 'https://business.google.com/';
}
