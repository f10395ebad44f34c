/**
 * Threads: the code gives a short-lived token (1 h), exchanged at once for a
 * long-lived one (60 days) that refreshes itself (th_refresh_token) while at
 * least 24 h old and not expired. The OAuth endpoints are unversioned.
 */
import { type CapabilityScopes, type OAuthPlatformAuth, scopesOf, type TokenSet } from '../auth-types.ts';
import { accountCall } from '../shared/account-call.ts';
import { optStr, str } from '../shared/json.ts';
import { THREADS_VERSION } from '../shared/meta.ts';
import { readTokenAnswer, urlWithParams } from '../shared/oauth2.ts';

/** What each capability needs; connecting asks for all of it. */
const NEEDS = {
  connect: ['threads_basic'],
  publish: ['threads_content_publish', 'threads_delete'],
  comments: ['threads_read_replies', 'threads_manage_replies'],
  analytics: ['threads_manage_insights'],
} satisfies CapabilityScopes;
const SCOPES = scopesOf(NEEDS);

export const threadsAuth = {
  /** Authorization code flow. */
  method: 'oauth2',
  /** Not part of the Threads flow. */
  pkce: false,
  /** Publish, replies (read, manage), insights, delete. */
  scopesByCapability: NEEDS,
  scopes: SCOPES,
  /** The authorizing user is the one account. */
  selection: 'all',
  /** `threads.net/oauth/authorize` with comma-separated scopes. */
  authorizationUrl: (env, request) =>
    urlWithParams(env.url('authorize', '/oauth/authorize'), {
      client_id: env.client.clientId,
      redirect_uri: env.redirectUri,
      scope: SCOPES.join(','),
      response_type: 'code',
      state: request.state,
    }),
  /** `POST /oauth/access_token`, then `GET /access_token` (th_exchange_token) for the 60-day token. */
  async exchangeCode(env, request) {
    const short = await accountCall(env, env.url('token', '/oauth/access_token'), {
      form: {
        client_id: env.client.clientId,
        client_secret: env.client.clientSecret,
        grant_type: 'authorization_code',
        redirect_uri: env.redirectUri,
        code: request.code,
      },
    });
    const long = await accountCall(env, env.url('api', '/access_token'), {
      query: {
        grant_type: 'th_exchange_token',
        client_secret: env.client.clientSecret,
        access_token: str(short, 'access_token', 'Threads token answer'),
      },
    });
    const tokens = readTokenAnswer(env, long);
    return { ...tokens, scopes: tokens.scopes.length ? tokens.scopes : [...SCOPES] };
  },
  /** `GET /refresh_access_token` (th_refresh_token) with the long-lived token itself. */
  async refresh(env, tokens): Promise<TokenSet> {
    const answer = await accountCall(env, env.url('api', '/refresh_access_token'), {
      query: { grant_type: 'th_refresh_token', access_token: tokens.accessToken },
    });
    return readTokenAnswer(env, answer, tokens);
  },
  /** `GET /v1.0/me`. */
  async listAccounts(env, tokens) {
    const me = await accountCall(env, env.url('api', `/${THREADS_VERSION}/me`), {
      query: { fields: 'id,username,name,threads_profile_picture_url', access_token: tokens.accessToken },
    });
    const username = optStr(me, 'username');
    return [
      {
        platformUserId: str(me, 'id', 'Threads user'),
        type: 'user',
        username,
        displayName: optStr(me, 'name') ?? username,
        profileUrl: username ? `https://www.threads.net/@${username}` : null,
        imageUrl: optStr(me, 'threads_profile_picture_url'),
        metadata: {},
      },
    ];
  },
  /** Threads offers no revocation call. */
  revoke: null,
} satisfies OAuthPlatformAuth;
