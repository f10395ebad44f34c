/**
 * Reddit OAuth 2.0 (github.com/reddit-archive/reddit/wiki/OAuth2): the web app
 * flow at `www.reddit.com/api/v1/authorize` with `duration=permanent` (without it
 * Reddit gives no refresh token and the access token dies after an hour), the
 * token endpoint `POST www.reddit.com/api/v1/access_token` with HTTP Basic client
 * auth and a form body, refresh with the refresh token, revoke at
 * `/api/v1/revoke_token`. No PKCE (Reddit's flow does not document it). Every
 * call carries the User-Agent Reddit requires (account.ts).
 */
import {
  type AuthEnv,
  type CapabilityScopes,
  type OAuthPlatformAuth,
  scopesOf,
  type TokenSet,
} from '../auth-types.ts';
import { PlatformError } from '../contract.ts';
import { accountCall } from '../shared/account-call.ts';
import { optStr, pick } from '../shared/json.ts';
import { readTokenAnswer, urlWithParams } from '../shared/oauth2.ts';
import { userAgentOf } from './account.ts';

/** What each capability needs; connecting asks for all of it. */
const NEEDS = {
  connect: ['identity'],
  // submit: posts and comments; edit: /api/del; read: subreddit rules and listings;
  // history: the account's submitted listing (reconcile); flair: choosing a flair.
  publish: ['submit', 'edit', 'read', 'history', 'flair'],
  analytics: ['read', 'identity'],
} satisfies CapabilityScopes;
const SCOPES = scopesOf(NEEDS);

const headers = (env: AuthEnv) => ({ 'user-agent': userAgentOf(env.apiVersion) });
const basic = (env: AuthEnv) => ({ user: env.client.clientId, password: env.client.clientSecret });

async function tokenCall(env: AuthEnv, form: Record<string, string>, previous?: TokenSet): Promise<TokenSet> {
  const answer = await accountCall(env, env.url('token', '/api/v1/access_token'), {
    form,
    basic: basic(env),
    headers: headers(env),
  });
  return readTokenAnswer(env, answer, previous);
}

export const redditAuth = {
  method: 'oauth2',
  pkce: false,
  scopesByCapability: NEEDS,
  scopes: SCOPES,
  /** The authorizing user is the one account. */
  selection: 'all',
  authorizationUrl: (env, request) =>
    urlWithParams(env.url('authorize', '/api/v1/authorize'), {
      client_id: env.client.clientId,
      response_type: 'code',
      state: request.state,
      redirect_uri: env.redirectUri,
      duration: 'permanent',
      scope: SCOPES.join(' '),
    }),
  exchangeCode: (env, request) =>
    tokenCall(env, { grant_type: 'authorization_code', code: request.code, redirect_uri: env.redirectUri }),
  refresh: (env, tokens) => {
    if (!tokens.refreshToken)
      throw new PlatformError('auth', 'Reddit gave no refresh token; reconnect the account', {
        reason: 'token_expired',
      });
    return tokenCall(env, { grant_type: 'refresh_token', refresh_token: tokens.refreshToken }, tokens);
  },
  /** `GET oauth.reddit.com/api/v1/me`: the user's id (`t2_` + id), name and avatar. */
  async listAccounts(env, tokens) {
    const me = await accountCall(env, env.url('api', '/api/v1/me'), {
      bearer: tokens.accessToken,
      headers: headers(env),
      query: { raw_json: '1' },
    });
    const id = optStr(me, 'id');
    const name = optStr(me, 'name');
    if (!id || !name) throw new PlatformError('permanent', 'Reddit: /api/v1/me answered no id or name');
    const icon = optStr(me, 'icon_img');
    return [
      {
        platformUserId: `t2_${id}`,
        type: 'user',
        username: name,
        displayName: optStr(pick(me, 'subreddit') as Record<string, unknown>, 'title') || name,
        profileUrl: `https://www.reddit.com/user/${name}/`,
        imageUrl: icon ? icon.split('?')[0] || null : null,
        metadata: { username: name },
      },
    ];
  },
  /** Revokes the refresh token (which ends its access tokens too). */
  async revoke(env, tokens) {
    await accountCall(env, env.url('token', '/api/v1/revoke_token'), {
      form: {
        token: tokens.refreshToken ?? tokens.accessToken,
        token_type_hint: tokens.refreshToken ? 'refresh_token' : 'access_token',
      },
      basic: basic(env),
      headers: headers(env),
    });
  },
} satisfies OAuthPlatformAuth;
