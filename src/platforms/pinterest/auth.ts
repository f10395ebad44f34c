/**
 * Pinterest API v5: authorization code with HTTP Basic client auth at the token
 * endpoint. Refresh tokens are "continuous": 60 days, renewed and rotated by
 * every refresh, so the new one must replace the old.
 */
import { type CapabilityScopes, type OAuthPlatformAuth, scopesOf } from '../auth-types.ts';
import { accountCall } from '../shared/account-call.ts';
import { optStr } from '../shared/json.ts';
import { exchangeAuthorizationCode, refreshAccessToken, urlWithParams } from '../shared/oauth2.ts';

/** What each capability needs; connecting asks for all of it (nothing writes boards). */
const NEEDS = {
  connect: ['user_accounts:read'],
  publish: ['boards:read', 'pins:read', 'pins:write'],
  analytics: ['boards:read', 'pins:read'],
  lookups: ['boards:read'],
} satisfies CapabilityScopes;
const SCOPES = scopesOf(NEEDS);

export const pinterestAuth = {
  /** Authorization code flow. */
  method: 'oauth2',
  /** Pinterest's web flow uses the client secret, not PKCE. */
  pkce: false,
  /** Read boards (for boardId), create pins, read the account. */
  scopesByCapability: NEEDS,
  scopes: SCOPES,
  /** The authorizing user is the one account. */
  selection: 'all',
  /** `www.pinterest.com/oauth/` with comma-separated scopes. */
  authorizationUrl: (env, request) =>
    urlWithParams(env.url('authorize', '/oauth/'), {
      client_id: env.client.clientId,
      redirect_uri: env.redirectUri,
      response_type: 'code',
      scope: SCOPES.join(','),
      state: request.state,
    }),
  /**
   * `POST api.pinterest.com/v5/oauth/token` with Basic auth. `continuous_refresh=true`:
   * apps created before 2025-09-25 (customers bring their own) otherwise get the
   * legacy refresh token Pinterest no longer supports; newer apps ignore it.
   */
  exchangeCode: (env, request) =>
    exchangeAuthorizationCode(env, env.url('token', '/v5/oauth/token'), request, 'client_secret_basic_only', {
      continuous_refresh: 'true',
    }),
  /** Continuous refresh: the answer carries the next refresh token. */
  refresh: (env, tokens) =>
    refreshAccessToken(env, env.url('token', '/v5/oauth/token'), tokens, 'client_secret_basic_only'),
  /** `GET /v5/user_account`. */
  async listAccounts(env, tokens) {
    const me = await accountCall(env, env.url('api', '/v5/user_account'), { bearer: tokens.accessToken });
    const username = optStr(me, 'username');
    const id = optStr(me, 'id') ?? username;
    if (!id) throw new Error('Pinterest user account has neither id nor username');
    return [
      {
        platformUserId: id,
        type: 'user',
        username,
        displayName: optStr(me, 'business_name') ?? username,
        profileUrl: username ? `https://www.pinterest.com/${username}/` : null,
        imageUrl: optStr(me, 'profile_image'),
        metadata: { accountType: optStr(me, 'account_type') },
      },
    ];
  },
  /** Pinterest revokes only system-user tokens. */
  revoke: null,
} satisfies OAuthPlatformAuth;
