// Starting a connection: the platform's authorization page, and which platforms connect
// through a page to choose accounts or by a form of their own.
import { api, ok, type PlatformName } from '../../api/client.ts';

/** Platforms whose flow may offer several accounts: always ask the person to choose. */
export const CHOOSE = new Set<PlatformName>(['facebook', 'linkedin', 'googlebusiness']);
/** Platforms that connect by a form of their own below, not by a redirect. */
export const BY_FORM = new Set<PlatformName>(['bluesky', 'telegram', 'mastodon']);
export const CONNECT_ERRORS: Record<string, string> = {
  access_denied: 'You declined the authorization on the platform.',
  state_expired: 'The connection took too long; start again.',
  no_accounts: 'The platform offered no account to connect.',
};

/** Opens the platform's authorization page; it sends the person back here (or to the selection page). */
export async function startConnect(
  platform: PlatformName,
  profileId: string,
  instance?: string,
): Promise<void> {
  const back = `${location.origin}${CHOOSE.has(platform) ? '/connect/selection' : '/integrations'}`;
  const { url } = await ok(
    api.GET('/v1/connect/{platform}', {
      params: {
        path: { platform: platform as Exclude<PlatformName, 'bluesky' | 'telegram'> },
        query: {
          redirectUri: back,
          cancelRedirectUri: `${location.origin}/integrations`,
          headless: CHOOSE.has(platform),
          ...(profileId ? { profileId } : {}),
          ...(instance ? { instance } : {}),
        },
      },
    }),
  );
  location.assign(url);
}
