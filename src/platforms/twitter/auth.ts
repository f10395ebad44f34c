/**
 * X (Twitter): OAuth 2.0 authorization code with PKCE; confidential client with
 * HTTP Basic at the token endpoint; refresh tokens are single-use and rotate.
 */
import { type CapabilityScopes, type OAuthPlatformAuth, scopesOf } from '../auth-types.ts';
import { accountCall } from '../shared/account-call.ts';
import { obj, optStr, str } from '../shared/json.ts';
import {
  authorizationParams,
  exchangeAuthorizationCode,
  refreshAccessToken,
  revokeToken,
  urlWithParams,
} from '../shared/oauth2.ts';

/** What each capability needs; connecting asks for all of it (offline.access: a refresh token). */
const NEEDS = {
  connect: ['users.read', 'offline.access'],
  publish: ['tweet.read', 'tweet.write', 'users.read', 'media.write'],
  analytics: ['tweet.read', 'users.read'],
} satisfies CapabilityScopes;
const SCOPES = scopesOf(NEEDS);

export const twitterAuth = {
  /** Authorization code flow. */
  method: 'oauth2',
  /** X requires PKCE. */
  pkce: true,
  /** Posting, reading the user, media upload, and a refresh token (offline.access). */
  scopesByCapability: NEEDS,
  scopes: SCOPES,
  /** The authorizing user is the one account. */
  selection: 'all',
  /** `x.com/i/oauth2/authorize` with space-separated scopes and an S256 challenge. */
  authorizationUrl: (env, request) =>
    urlWithParams(
      env.url('authorize', '/i/oauth2/authorize'),
      authorizationParams(env, request, SCOPES.join(' ')),
    ),
  /** `POST /2/oauth2/token` with Basic client auth and the code verifier. */
  exchangeCode: (env, request) =>
    exchangeAuthorizationCode(env, env.url('token', '/2/oauth2/token'), request, 'client_secret_basic'),
  /** Single-use refresh token: the answer's new refresh token replaces the old one. */
  refresh: (env, tokens) =>
    refreshAccessToken(env, env.url('token', '/2/oauth2/token'), tokens, 'client_secret_basic'),
  /** `GET /2/users/me`: the authorizing user. */
  async listAccounts(env, tokens) {
    const answer = await accountCall(env, env.url('api', '/2/users/me'), {
      bearer: tokens.accessToken,
      query: { 'user.fields': 'profile_image_url,name,username' },
    });
    const user = obj(answer, 'data');
    const username = optStr(user, 'username');
    return [
      {
        platformUserId: str(user, 'id', 'X user'),
        type: 'user',
        username,
        displayName: optStr(user, 'name'),
        profileUrl: username ? `https://x.com/${username}` : null,
        imageUrl: optStr(user, 'profile_image_url'),
        metadata: {},
      },
    ];
  },
  /** `POST /2/oauth2/revoke`. */
  revoke: (env, tokens) =>
    revokeToken(env, env.url('token', '/2/oauth2/revoke'), tokens, 'client_secret_basic'),
} satisfies OAuthPlatformAuth;
