/**
 * LinkedIn: 3-legged OAuth (no PKCE for server apps). The member is found with
 * OpenID userinfo (`sub` is the person id); the organizations they administer
 * come from organizationAcls. Access tokens last 60 days; refresh tokens exist
 * only for approved partners and are not extended by a refresh.
 */
import {
  type AuthEnv,
  type CapabilityScopes,
  type ConnectedAccount,
  type OAuthPlatformAuth,
  scopesOf,
  type TokenSet,
} from '../auth-types.ts';
import { PlatformError } from '../contract.ts';
import { accountCall } from '../shared/account-call.ts';
import { arr, optStr, str } from '../shared/json.ts';
import {
  authorizationParams,
  exchangeAuthorizationCode,
  refreshAccessToken,
  urlWithParams,
} from '../shared/oauth2.ts';
import { requireVersion } from './account.ts';

/**
 * What each capability needs; connecting asks for all of it: the member (OpenID),
 * the organization pages they administer (rw_organization_admin), posting as
 * either, and the organization posts' social actions for metrics.
 */
const NEEDS = {
  connect: ['openid', 'profile', 'email', 'rw_organization_admin'],
  publish: ['w_member_social', 'w_organization_social'],
  analytics: ['r_organization_social'],
} satisfies CapabilityScopes;
const SCOPES = scopesOf(NEEDS);
const restHeaders = (env: AuthEnv) => ({
  'LinkedIn-Version': requireVersion(env.apiVersion),
  'X-Restli-Protocol-Version': '2.0.0',
});

async function organizations(env: AuthEnv, tokens: TokenSet): Promise<ConnectedAccount[]> {
  let acls: unknown;
  try {
    acls = await accountCall(env, env.url('api', '/rest/organizationAcls'), {
      bearer: tokens.accessToken,
      headers: restHeaders(env),
      query: { q: 'roleAssignee', role: 'ADMINISTRATOR', state: 'APPROVED' },
    });
  } catch (err) {
    // Without the organization scopes (a member-only app, answered 403) there are no pages to offer.
    if (err instanceof PlatformError && err.status === 403) return [];
    throw err;
  }
  const out: ConnectedAccount[] = [];
  for (const acl of arr(acls, 'elements')) {
    const urn = str(acl, 'organization', 'LinkedIn organization ACL');
    const id = urn.split(':').pop() ?? urn;
    const org = await accountCall(env, env.url('api', `/rest/organizations/${encodeURIComponent(id)}`), {
      bearer: tokens.accessToken,
      headers: restHeaders(env),
    });
    const vanity = optStr(org, 'vanityName');
    out.push({
      platformUserId: id,
      type: 'organization',
      username: vanity,
      displayName: optStr(org, 'localizedName') ?? vanity,
      profileUrl: `https://www.linkedin.com/company/${vanity ?? id}`,
      imageUrl: null,
      metadata: { urn: `urn:li:organization:${id}` },
    });
  }
  return out;
}

export const linkedinAuth = {
  /** Authorization code flow. */
  method: 'oauth2',
  /** Server apps authenticate with the client secret. */
  pkce: false,
  /** Identity (OpenID), member posts, organization posts and admin lookups. */
  scopesByCapability: NEEDS,
  scopes: SCOPES,
  /** The client chooses between the personal profile and the organization pages. */
  selection: 'choose',
  /** `www.linkedin.com/oauth/v2/authorization` with space-separated scopes. */
  authorizationUrl: (env, request) =>
    urlWithParams(
      env.url('authorize', '/oauth/v2/authorization'),
      authorizationParams(env, { state: request.state, codeChallenge: null }, SCOPES.join(' ')),
    ),
  /** `POST www.linkedin.com/oauth/v2/accessToken`. */
  exchangeCode: (env, request) =>
    exchangeAuthorizationCode(env, env.url('token', '/oauth/v2/accessToken'), request, 'client_secret_post'),
  /** Partner apps only; without a refresh token the member must reconnect every 60 days. */
  refresh: (env, tokens) =>
    refreshAccessToken(env, env.url('token', '/oauth/v2/accessToken'), tokens, 'client_secret_post'),
  /** The member (userinfo) and the organizations they administer. */
  async listAccounts(env, tokens) {
    const me = await accountCall(env, env.url('api', '/v2/userinfo'), { bearer: tokens.accessToken });
    const sub = str(me, 'sub', 'LinkedIn userinfo');
    const person: ConnectedAccount = {
      platformUserId: sub,
      type: 'user',
      username: null,
      displayName: optStr(me, 'name'),
      profileUrl: null,
      imageUrl: optStr(me, 'picture'),
      metadata: { urn: `urn:li:person:${sub}` },
    };
    return [person, ...(await organizations(env, tokens))];
  },
  /** `POST www.linkedin.com/oauth/v2/revoke`. */
  async revoke(env, tokens) {
    await accountCall(env, env.url('token', '/oauth/v2/revoke'), {
      form: {
        client_id: env.client.clientId,
        client_secret: env.client.clientSecret,
        token: tokens.accessToken,
      },
    });
  },
} satisfies OAuthPlatformAuth;
