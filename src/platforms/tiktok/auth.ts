/**
 * TikTok Login Kit (OAuth v2): the client is named `client_key`, scopes are
 * comma-separated, and refresh tokens rotate (each refresh returns a new one and
 * the old one stops working). Errors may come with HTTP 200 and an `error` field.
 */
import { type CapabilityScopes, type OAuthPlatformAuth, scopesOf, type TokenSet } from '../auth-types.ts';
import { accountCall } from '../shared/account-call.ts';
import { obj, optStr, str } from '../shared/json.ts';
import { authorizationParams, readTokenAnswer, urlWithParams } from '../shared/oauth2.ts';

/**
 * What each capability needs; connecting asks for all of it: direct posts
 * (`video.publish`, also creator info), inbox drafts (`video.upload`), and the
 * video query the post metrics read (`video.list`).
 */
const NEEDS = {
  connect: ['user.info.basic', 'user.info.profile'],
  publish: ['video.publish', 'video.upload'],
  analytics: ['video.list'],
  lookups: ['video.publish'],
} satisfies CapabilityScopes;
const SCOPES = scopesOf(NEEDS);

export const tiktokAuth = {
  /** Authorization code flow. */
  method: 'oauth2',
  /** PKCE is for TikTok's mobile and desktop apps; a web client uses its secret. */
  pkce: false,
  /** Read the user, direct post and inbox upload. */
  scopesByCapability: NEEDS,
  scopes: SCOPES,
  /** The authorizing creator is the one account. */
  selection: 'all',
  /** `www.tiktok.com/v2/auth/authorize/` with `client_key`. */
  authorizationUrl: (env, request) =>
    urlWithParams(
      env.url('authorize', '/v2/auth/authorize/'),
      authorizationParams(env, request, SCOPES.join(','), 'client_key'),
    ),
  /** `POST open.tiktokapis.com/v2/oauth/token/`. */
  async exchangeCode(env, request) {
    const answer = await accountCall(env, env.url('token', '/v2/oauth/token/'), {
      form: {
        client_key: env.client.clientId,
        client_secret: env.client.clientSecret,
        code: request.code,
        grant_type: 'authorization_code',
        redirect_uri: env.redirectUri,
        code_verifier: request.codeVerifier ?? undefined,
      },
    });
    return readTokenAnswer(env, answer);
  },
  /** Same endpoint; the answer's refresh token replaces the old one. */
  async refresh(env, tokens): Promise<TokenSet> {
    const answer = await accountCall(env, env.url('token', '/v2/oauth/token/'), {
      form: {
        client_key: env.client.clientId,
        client_secret: env.client.clientSecret,
        grant_type: 'refresh_token',
        refresh_token: tokens.refreshToken ?? '',
      },
    });
    return readTokenAnswer(env, answer, tokens);
  },
  /** `GET /v2/user/info/`. */
  async listAccounts(env, tokens) {
    const answer = await accountCall(env, env.url('api', '/v2/user/info/'), {
      bearer: tokens.accessToken,
      query: { fields: 'open_id,union_id,avatar_url,display_name,username' },
    });
    const user = obj(obj(answer, 'data'), 'user');
    const username = optStr(user, 'username');
    return [
      {
        platformUserId: str(user, 'open_id', 'TikTok user'),
        type: 'user',
        username,
        displayName: optStr(user, 'display_name') ?? username,
        profileUrl: username ? `https://www.tiktok.com/@${username}` : null,
        imageUrl: optStr(user, 'avatar_url'),
        metadata: { unionId: optStr(user, 'union_id') },
      },
    ];
  },
  /** `POST /v2/oauth/revoke/`. */
  async revoke(env, tokens) {
    await accountCall(env, env.url('token', '/v2/oauth/revoke/'), {
      form: {
        client_key: env.client.clientId,
        client_secret: env.client.clientSecret,
        token: tokens.accessToken,
      },
    });
  },
} satisfies OAuthPlatformAuth;
