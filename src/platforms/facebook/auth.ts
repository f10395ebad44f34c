/**
 * Facebook Pages: Facebook Login, a short-lived user token exchanged for a
 * long-lived one (about 60 days, no refresh token), then the user's Pages with
 * their Page tokens. Page tokens obtained with a long-lived user token do not
 * expire, so a Page integration never needs refreshing; it needs reconnecting
 * when Facebook invalidates the token (password change, role lost, app removed).
 */
import {
  type CapabilityScopes,
  type ConnectedAccount,
  type OAuthPlatformAuth,
  scopesOf,
  type TokenSet,
} from '../auth-types.ts';
import { accountCall } from '../shared/account-call.ts';
import { arr, obj, optStr, str } from '../shared/json.ts';
import { GRAPH_VERSION } from '../shared/meta.ts';
import { readTokenAnswer, urlWithParams } from '../shared/oauth2.ts';

/** What each capability needs; connecting asks for all of it. */
const NEEDS = {
  connect: ['pages_show_list'],
  publish: ['pages_manage_posts', 'pages_read_engagement', 'publish_video'],
  comments: ['pages_read_user_content', 'pages_manage_engagement'],
  analytics: ['read_insights', 'pages_read_engagement'],
} satisfies CapabilityScopes;
const SCOPES = scopesOf(NEEDS);
/** Pages of /me/accounts followed before stopping (100 Pages a page). */
const MAX_PAGES = 10;

export const facebookAuth = {
  /** Authorization code flow (Facebook Login). */
  method: 'oauth2',
  /** Not used: the code exchange is server-side with the app secret. */
  pkce: false,
  /** Publish to Pages, read and moderate comments, insights. */
  scopesByCapability: NEEDS,
  scopes: SCOPES,
  /** The client chooses which Pages to connect (always when there are several). */
  selection: 'choose',
  /** `www.facebook.com/v25.0/dialog/oauth` with comma-separated scopes. */
  authorizationUrl: (env, request) =>
    urlWithParams(env.url('authorize', `/${GRAPH_VERSION}/dialog/oauth`), {
      client_id: env.client.clientId,
      redirect_uri: env.redirectUri,
      state: request.state,
      scope: SCOPES.join(','),
      response_type: 'code',
    }),
  /** Code → short-lived user token → long-lived user token; scopes from /me/permissions. */
  async exchangeCode(env, request) {
    const tokenUrl = env.url('token', `/${GRAPH_VERSION}/oauth/access_token`);
    const short = await accountCall(env, tokenUrl, {
      query: {
        client_id: env.client.clientId,
        client_secret: env.client.clientSecret,
        redirect_uri: env.redirectUri,
        code: request.code,
      },
    });
    const long = await accountCall(env, tokenUrl, {
      query: {
        grant_type: 'fb_exchange_token',
        client_id: env.client.clientId,
        client_secret: env.client.clientSecret,
        fb_exchange_token: str(short, 'access_token', 'Facebook token answer'),
      },
    });
    const tokens = readTokenAnswer(env, long);
    const permissions = await accountCall(env, env.url('api', `/${GRAPH_VERSION}/me/permissions`), {
      query: { access_token: tokens.accessToken },
    }).catch(() => null);
    const granted = arr(permissions, 'data')
      .filter((p) => optStr(p, 'status') === 'granted')
      .map((p) => optStr(p, 'permission'))
      .filter((p): p is string => p !== null);
    return { ...tokens, scopes: granted.length ? granted : [...SCOPES] };
  },
  /** Facebook has no refresh: Page tokens do not expire, and an expired user token needs a new login. */
  refresh: null,
  /** `GET /me/accounts`: the user's Pages, each with its own Page token. */
  async listAccounts(env, tokens) {
    const out: ConnectedAccount[] = [];
    let next: string | null = urlWithParams(env.url('api', `/${GRAPH_VERSION}/me/accounts`), {
      fields: 'id,name,access_token,category,picture,instagram_business_account{id,username}',
      limit: '100',
    });
    for (let i = 0; next && i < MAX_PAGES; i++) {
      const answer: unknown = await accountCall(env, next, { query: { access_token: tokens.accessToken } });
      for (const page of arr(answer, 'data')) {
        const id = str(page, 'id', 'Facebook Page');
        const pageToken: TokenSet = {
          accessToken: str(page, 'access_token', 'Facebook Page'),
          refreshToken: null,
          accessTokenExpiresAt: null,
          refreshTokenExpiresAt: null,
          scopes: tokens.scopes,
        };
        const ig = obj(page, 'instagram_business_account');
        out.push({
          platformUserId: id,
          type: 'page',
          username: null,
          displayName: optStr(page, 'name'),
          profileUrl: `https://www.facebook.com/${id}`,
          imageUrl: optStr(obj(obj(page, 'picture'), 'data'), 'url'),
          metadata: {
            category: optStr(page, 'category'),
            instagramBusinessAccountId: optStr(ig, 'id'),
          },
          tokens: pageToken,
        });
      }
      next = optStr(obj(answer, 'paging'), 'next');
    }
    return out;
  },
  /** Revoking needs the user token, which is not kept once Pages are chosen. */
  revoke: null,
} satisfies OAuthPlatformAuth;
