/**
 * YouTube: Google OAuth 2.0 with PKCE, offline access (a refresh token) and
 * consent each time (so re-authorizing yields a refresh token again). Google does
 * not rotate refresh tokens: a refresh answer without one keeps the old.
 */
import { type CapabilityScopes, type OAuthPlatformAuth, scopesOf } from '../auth-types.ts';
import { accountCall } from '../shared/account-call.ts';
import { googleAuthorizationUrl, googleExchange, googleRefresh, googleRevoke } from '../shared/google.ts';
import { arr, obj, optStr, str } from '../shared/json.ts';

const YT = 'https://www.googleapis.com/auth/youtube';
/** What each capability needs; connecting asks for all of it (force-ssl: visibility updates and comments). */
const NEEDS = {
  connect: [`${YT}.readonly`],
  publish: [`${YT}.upload`, `${YT}.readonly`, `${YT}.force-ssl`],
  analytics: [`${YT}.readonly`],
} satisfies CapabilityScopes;
const SCOPES = scopesOf(NEEDS);

export const youtubeAuth = {
  /** Authorization code flow. */
  method: 'oauth2',
  /** Google accepts PKCE (S256) for web clients. */
  pkce: true,
  /** Upload, read the channel, comment (first comment). */
  scopesByCapability: NEEDS,
  scopes: SCOPES,
  /** Every channel of the user is connected. */
  selection: 'all',
  /** `accounts.google.com/o/oauth2/v2/auth` with offline access and consent. */
  authorizationUrl: (env, request) => googleAuthorizationUrl(env, request, SCOPES),
  /** `POST oauth2.googleapis.com/token`. */
  exchangeCode: googleExchange,
  /** Same endpoint with the refresh token; the old one stays when none is returned. */
  refresh: googleRefresh,
  /** `GET /youtube/v3/channels?part=snippet&mine=true`: the user's channels. */
  async listAccounts(env, tokens) {
    const answer = await accountCall(env, env.url('api', '/youtube/v3/channels'), {
      bearer: tokens.accessToken,
      query: { part: 'snippet', mine: 'true', maxResults: '50' },
    });
    return arr(answer, 'items').map((item) => {
      const snippet = obj(item, 'snippet');
      const id = str(item, 'id', 'YouTube channel');
      return {
        platformUserId: id,
        type: 'channel' as const,
        username: optStr(snippet, 'customUrl'),
        displayName: optStr(snippet, 'title'),
        profileUrl: `https://www.youtube.com/channel/${id}`,
        imageUrl: optStr(obj(obj(snippet, 'thumbnails'), 'default'), 'url'),
        metadata: {},
      };
    });
  },
  /** `POST oauth2.googleapis.com/revoke`. */
  revoke: googleRevoke,
} satisfies OAuthPlatformAuth;
