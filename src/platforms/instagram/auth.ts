/**
 * Instagram (professional accounts) through Instagram Login: the code gives a
 * short-lived token (1 h), exchanged at once for a long-lived one (60 days).
 * There is no refresh token: the long-lived token refreshes itself while it is
 * at least 24 h old and not expired.
 */
import { type CapabilityScopes, type OAuthPlatformAuth, scopesOf, type TokenSet } from '../auth-types.ts';
import { accountCall } from '../shared/account-call.ts';
import { arr, optStr, str } from '../shared/json.ts';
import { GRAPH_VERSION } from '../shared/meta.ts';
import { readTokenAnswer, urlWithParams } from '../shared/oauth2.ts';

/** What each capability needs; connecting asks for all of it. */
const NEEDS = {
  connect: ['instagram_business_basic'],
  publish: ['instagram_business_content_publish'],
  comments: ['instagram_business_manage_comments'],
  messages: ['instagram_business_manage_messages'],
  analytics: ['instagram_business_manage_insights'],
} satisfies CapabilityScopes;
const SCOPES = scopesOf(NEEDS);

/** The code answer is `{data:[{access_token,user_id,permissions}]}` or flat; both are read. */
function unwrap(answer: unknown): Record<string, unknown> {
  const first = arr(answer, 'data')[0];
  return (first && typeof first === 'object' ? first : answer) as Record<string, unknown>;
}

export const instagramAuth = {
  /** Authorization code flow (Instagram Login). */
  method: 'oauth2',
  /** Not part of Instagram Login. */
  pkce: false,
  /** Publish, comments, messages, insights (the instagram_business_* names). */
  scopesByCapability: NEEDS,
  scopes: SCOPES,
  /** The authorizing professional account is the one account. */
  selection: 'all',
  /** `www.instagram.com/oauth/authorize` with comma-separated scopes. */
  authorizationUrl: (env, request) =>
    urlWithParams(env.url('authorize', '/oauth/authorize'), {
      client_id: env.client.clientId,
      redirect_uri: env.redirectUri,
      response_type: 'code',
      scope: SCOPES.join(','),
      state: request.state,
    }),
  /** `POST api.instagram.com/oauth/access_token`, then `GET graph.instagram.com/access_token` (ig_exchange_token). */
  async exchangeCode(env, request) {
    const short = unwrap(
      await accountCall(env, env.url('token', '/oauth/access_token'), {
        form: {
          client_id: env.client.clientId,
          client_secret: env.client.clientSecret,
          grant_type: 'authorization_code',
          redirect_uri: env.redirectUri,
          code: request.code.replace(/#_$/, ''),
        },
      }),
    );
    const long = await accountCall(env, env.url('api', '/access_token'), {
      query: {
        grant_type: 'ig_exchange_token',
        client_secret: env.client.clientSecret,
        access_token: str(short, 'access_token', 'Instagram token answer'),
      },
    });
    const permissions = short.permissions;
    const scopes = Array.isArray(permissions)
      ? permissions.map(String)
      : typeof permissions === 'string'
        ? permissions.split(',').filter(Boolean)
        : [...SCOPES];
    return { ...readTokenAnswer(env, long), scopes };
  },
  /** `GET graph.instagram.com/refresh_access_token` (ig_refresh_token) with the long-lived token itself. */
  async refresh(env, tokens): Promise<TokenSet> {
    const answer = await accountCall(env, env.url('api', '/refresh_access_token'), {
      query: { grant_type: 'ig_refresh_token', access_token: tokens.accessToken },
    });
    return readTokenAnswer(env, answer, tokens);
  },
  /** `GET /me`: `user_id` is the professional account id the other calls use. */
  async listAccounts(env, tokens) {
    const me = await accountCall(env, env.url('api', `/${GRAPH_VERSION}/me`), {
      query: {
        fields: 'id,user_id,username,name,account_type,profile_picture_url',
        access_token: tokens.accessToken,
      },
    });
    const username = optStr(me, 'username');
    return [
      {
        platformUserId: optStr(me, 'user_id') ?? str(me, 'id', 'Instagram account'),
        type: 'user',
        username,
        displayName: optStr(me, 'name') ?? username,
        profileUrl: username ? `https://www.instagram.com/${username}` : null,
        imageUrl: optStr(me, 'profile_picture_url'),
        metadata: { appScopedId: optStr(me, 'id'), accountType: optStr(me, 'account_type') },
      },
    ];
  },
  /** Instagram Login offers no revocation call. */
  revoke: null,
} satisfies OAuthPlatformAuth;
