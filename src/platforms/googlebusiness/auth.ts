/**
 * Google Business Profile: Google OAuth 2.0 (business.manage), then every
 * location of every account the user can manage, offered for selection (an
 * agency manages many businesses' locations and connects only its client's).
 * Each chosen location is one integration; the owning account is kept because
 * v4 paths need both (`accounts/{a}/locations/{l}`).
 */
import {
  type AuthEnv,
  type CapabilityScopes,
  type ConnectedAccount,
  type OAuthPlatformAuth,
  scopesOf,
  type TokenSet,
} from '../auth-types.ts';
import { PUBLISH_REFUSAL } from '../publish-refusal.ts';
import { accountCall } from '../shared/account-call.ts';
import { googleAuthorizationUrl, googleExchange, googleRefresh, googleRevoke } from '../shared/google.ts';
import { arr, obj, optStr, str } from '../shared/json.ts';

const BUSINESS_MANAGE = 'https://www.googleapis.com/auth/business.manage';
/** The one scope of the Business Profile APIs serves every capability (post metrics do not exist). */
const NEEDS = { connect: [BUSINESS_MANAGE], publish: [BUSINESS_MANAGE] } satisfies CapabilityScopes;
const SCOPES = scopesOf(NEEDS);
/** Pages followed per listing before giving up (100 locations a page). */
const MAX_PAGES = 20;

async function listAll(
  env: AuthEnv,
  tokens: TokenSet,
  host: string,
  path: string,
  field: string,
  query: Record<string, string>,
): Promise<unknown[]> {
  const out: unknown[] = [];
  let pageToken: string | undefined;
  for (let i = 0; i < MAX_PAGES; i++) {
    const answer = await accountCall(env, env.url(host, path), {
      bearer: tokens.accessToken,
      query: { ...query, pageToken },
    });
    out.push(...arr(answer, field));
    pageToken = optStr(answer, 'nextPageToken') ?? undefined;
    if (!pageToken) break;
  }
  return out;
}

/**
 * Whether Google lets the location post through the API (`canOperateLocalPost`;
 * false for the locations of a chain, which Google refuses with
 * LOCATION_DISABLED_FOR_LOCAL_POST_API), and the reason a post for it is refused at
 * create (publish-refusal.ts); null clears an earlier reason. A metadata without
 * the field says nothing: nothing is refused.
 */
function localPostFacts(meta: Record<string, unknown>): Record<string, unknown> {
  const can = meta.canOperateLocalPost;
  if (typeof can !== 'boolean') return {};
  return {
    canOperateLocalPost: can,
    [PUBLISH_REFUSAL]: can
      ? null
      : 'Google does not let this location publish posts through the API (its metadata says canOperateLocalPost: false, as for the locations of a chain); post from the Business Profile manager instead',
  };
}

export const googleBusinessAuth = {
  /** Authorization code flow. */
  method: 'oauth2',
  /** Google accepts PKCE (S256). */
  pkce: true,
  /** The one scope of the Business Profile APIs. */
  scopesByCapability: NEEDS,
  scopes: SCOPES,
  /** The client chooses which locations to connect (always when the user manages several). */
  selection: 'choose',
  /** `accounts.google.com/o/oauth2/v2/auth` with offline access and consent. */
  authorizationUrl: (env, request) => googleAuthorizationUrl(env, request, SCOPES),
  /** `POST oauth2.googleapis.com/token`. */
  exchangeCode: googleExchange,
  /** Google refresh tokens do not rotate. */
  refresh: googleRefresh,
  /** accounts.list, then locations.list of each account (readMask is required). */
  async listAccounts(env, tokens) {
    const accounts = await listAll(env, tokens, 'accounts', '/v1/accounts', 'accounts', { pageSize: '20' });
    const out: ConnectedAccount[] = [];
    for (const account of accounts) {
      const accountName = str(account, 'name', 'Google Business account');
      const locations = await listAll(env, tokens, 'locations', `/v1/${accountName}/locations`, 'locations', {
        readMask: 'name,title,storefrontAddress,metadata',
        pageSize: '100',
      });
      for (const location of locations) {
        const locationName = str(location, 'name', 'Google Business location');
        const locationId = locationName.split('/').pop() ?? locationName;
        const meta = obj(location, 'metadata');
        out.push({
          platformUserId: locationId,
          type: 'location',
          username: null,
          displayName: optStr(location, 'title'),
          profileUrl: optStr(meta, 'mapsUri'),
          imageUrl: null,
          metadata: {
            accountName,
            accountDisplayName: optStr(account, 'accountName'),
            locationName,
            resourceName: `${accountName}/locations/${locationId}`,
            mapsUri: optStr(meta, 'mapsUri'),
            // A fresh connection stores no cleared reason (null), only one that applies.
            ...Object.fromEntries(Object.entries(localPostFacts(meta)).filter(([, v]) => v !== null)),
          },
        });
      }
    }
    return out;
  },
  /** locations.get (`readMask=metadata`): whether the location may still post. */
  async refreshFacts(env, tokens, account) {
    const name = typeof account.metadata.locationName === 'string' ? account.metadata.locationName : null;
    const location = await accountCall(
      env,
      env.url('locations', `/v1/${name ?? `locations/${account.platformUserId}`}`),
      {
        bearer: tokens.accessToken,
        query: { readMask: 'metadata' },
      },
    );
    return localPostFacts(obj(location, 'metadata'));
  },
  /** `POST oauth2.googleapis.com/revoke`. */
  revoke: googleRevoke,
} satisfies OAuthPlatformAuth;
