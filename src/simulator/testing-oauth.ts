/**
 * How a client talks to each OAuth platform of the simulator, for the table-driven
 * OAuth tests: the authorize URL, the code exchange, the refresh, and a "who am I" call.
 */
import type { Platform } from '../facts/platforms.ts';
import type { Simulator } from './core/simulator-api.ts';
import { defaultClient } from './core/state.ts';
import { basicHeader, call, followAuthorize, type Json, pkcePair, postForm } from './testing.ts';

export interface Answer {
  status: number;
  body: Json;
  headers: Headers;
}

export interface Driver {
  platform: Platform;
  scope: string;
  authorizePath: string;
  clientIdParam?: string;
  exchange: (
    sim: Simulator,
    p: { code: string; redirectUri: string; verifier?: string; secret?: string },
  ) => Promise<Answer>;
  refresh?: (sim: Simulator, refreshToken: string) => Promise<Answer>;
  /** Whether a refresh returns a new refresh token and kills the old one. */
  rotates?: boolean;
  me: (sim: Simulator, token: string) => Promise<Answer>;
  /** The account id the "me" call reports. */
  meId: (body: Json) => string;
}

const c = (p: Platform) => defaultClient(p);

const googleDriver = (
  platform: 'youtube' | 'googlebusiness',
  meCall: Driver['me'],
  meId: Driver['meId'],
): Driver => ({
  platform,
  scope:
    platform === 'youtube'
      ? 'https://www.googleapis.com/auth/youtube.upload'
      : 'https://www.googleapis.com/auth/business.manage',
  authorizePath: '/o/oauth2/v2/auth?access_type=offline&prompt=consent',
  exchange: (sim, p) =>
    postForm(`${sim.baseUrl(platform)}/token`, {
      grant_type: 'authorization_code',
      code: p.code,
      redirect_uri: p.redirectUri,
      client_id: c(platform).clientId,
      client_secret: p.secret ?? c(platform).clientSecret,
      ...(p.verifier ? { code_verifier: p.verifier } : {}),
    }),
  refresh: (sim, rt) =>
    postForm(`${sim.baseUrl(platform)}/token`, {
      grant_type: 'refresh_token',
      refresh_token: rt,
      client_id: c(platform).clientId,
      client_secret: c(platform).clientSecret,
    }),
  rotates: false,
  me: meCall,
  meId,
});

const bearer = (token: string, extra: Record<string, string> = {}) => ({
  headers: { authorization: `Bearer ${token}`, ...extra },
});

export const drivers: Driver[] = [
  {
    platform: 'twitter',
    scope: 'tweet.read tweet.write users.read offline.access',
    authorizePath: '/i/oauth2/authorize?response_type=code',
    exchange: (sim, p) =>
      postForm(
        `${sim.baseUrl('twitter')}/2/oauth2/token`,
        {
          grant_type: 'authorization_code',
          code: p.code,
          redirect_uri: p.redirectUri,
          client_id: c('twitter').clientId,
          ...(p.verifier ? { code_verifier: p.verifier } : {}),
        },
        { authorization: basicHeader(c('twitter').clientId, p.secret ?? c('twitter').clientSecret) },
      ),
    refresh: (sim, rt) =>
      postForm(
        `${sim.baseUrl('twitter')}/2/oauth2/token`,
        { grant_type: 'refresh_token', refresh_token: rt, client_id: c('twitter').clientId },
        { authorization: basicHeader(c('twitter').clientId, c('twitter').clientSecret) },
      ),
    rotates: true,
    me: (sim, t) => call(`${sim.baseUrl('twitter')}/2/users/me`, bearer(t)),
    meId: (b) => b.data.id,
  },
  googleDriver(
    'youtube',
    (sim, t) => call(`${sim.baseUrl('youtube')}/youtube/v3/channels?part=snippet&mine=true`, bearer(t)),
    (b) => (b.items[0].id === 'UCsimchannel000000000001' ? '110000000000000000001' : 'unexpected'),
  ),
  googleDriver(
    'googlebusiness',
    (sim, t) => call(`${sim.baseUrl('googlebusiness')}/oauth2/v3/userinfo`, bearer(t)),
    (b) => b.sub,
  ),
  {
    platform: 'tiktok',
    scope: 'user.info.basic,video.publish',
    authorizePath: '/v2/auth/authorize/?response_type=code',
    clientIdParam: 'client_key',
    exchange: (sim, p) =>
      postForm(`${sim.baseUrl('tiktok')}/v2/oauth/token/`, {
        client_key: c('tiktok').clientId,
        client_secret: p.secret ?? c('tiktok').clientSecret,
        code: p.code,
        grant_type: 'authorization_code',
        redirect_uri: p.redirectUri,
        ...(p.verifier ? { code_verifier: p.verifier } : {}),
      }),
    refresh: (sim, rt) =>
      postForm(`${sim.baseUrl('tiktok')}/v2/oauth/token/`, {
        client_key: c('tiktok').clientId,
        client_secret: c('tiktok').clientSecret,
        grant_type: 'refresh_token',
        refresh_token: rt,
      }),
    rotates: true,
    me: (sim, t) => call(`${sim.baseUrl('tiktok')}/v2/user/info/?fields=open_id,display_name`, bearer(t)),
    meId: (b) => b.data.user.open_id,
  },
  {
    platform: 'pinterest',
    scope: 'boards:read,pins:read,pins:write,user_accounts:read',
    authorizePath: '/oauth/?response_type=code',
    exchange: (sim, p) =>
      postForm(
        `${sim.baseUrl('pinterest')}/v5/oauth/token`,
        {
          grant_type: 'authorization_code',
          code: p.code,
          redirect_uri: p.redirectUri,
        },
        { authorization: basicHeader(c('pinterest').clientId, p.secret ?? c('pinterest').clientSecret) },
      ),
    refresh: (sim, rt) =>
      postForm(
        `${sim.baseUrl('pinterest')}/v5/oauth/token`,
        { grant_type: 'refresh_token', refresh_token: rt },
        { authorization: basicHeader(c('pinterest').clientId, c('pinterest').clientSecret) },
      ),
    rotates: true,
    me: (sim, t) => call(`${sim.baseUrl('pinterest')}/v5/user_account`, bearer(t)),
    meId: (b) => b.id,
  },
  {
    platform: 'reddit',
    scope: 'identity submit',
    // duration=permanent: without it Reddit gives no refresh token.
    authorizePath: '/api/v1/authorize?response_type=code&duration=permanent',
    exchange: (sim, p) =>
      postForm(
        `${sim.baseUrl('reddit')}/api/v1/access_token`,
        { grant_type: 'authorization_code', code: p.code, redirect_uri: p.redirectUri },
        { authorization: basicHeader(c('reddit').clientId, p.secret ?? c('reddit').clientSecret) },
      ),
    refresh: (sim, rt) =>
      postForm(
        `${sim.baseUrl('reddit')}/api/v1/access_token`,
        { grant_type: 'refresh_token', refresh_token: rt },
        { authorization: basicHeader(c('reddit').clientId, c('reddit').clientSecret) },
      ),
    me: (sim, t) => call(`${sim.baseUrl('reddit')}/api/v1/me`, bearer(t)),
    meId: (b) => b.id,
  },
  {
    platform: 'linkedin',
    scope: 'openid profile w_member_social',
    authorizePath: '/oauth/v2/authorization?response_type=code',
    exchange: (sim, p) =>
      postForm(`${sim.baseUrl('linkedin')}/oauth/v2/accessToken`, {
        grant_type: 'authorization_code',
        code: p.code,
        redirect_uri: p.redirectUri,
        client_id: c('linkedin').clientId,
        client_secret: p.secret ?? c('linkedin').clientSecret,
        ...(p.verifier ? { code_verifier: p.verifier } : {}),
      }),
    refresh: (sim, rt) =>
      postForm(`${sim.baseUrl('linkedin')}/oauth/v2/accessToken`, {
        grant_type: 'refresh_token',
        refresh_token: rt,
        client_id: c('linkedin').clientId,
        client_secret: c('linkedin').clientSecret,
      }),
    rotates: false,
    me: (sim, t) => call(`${sim.baseUrl('linkedin')}/v2/userinfo`, bearer(t)),
    meId: (b) => b.sub,
  },
  {
    platform: 'facebook',
    scope: 'pages_show_list,pages_manage_posts',
    authorizePath: '/v25.0/dialog/oauth?response_type=code',
    exchange: (sim, p) => {
      const q = new URLSearchParams({
        client_id: c('facebook').clientId,
        client_secret: p.secret ?? c('facebook').clientSecret,
        redirect_uri: p.redirectUri,
        code: p.code,
        ...(p.verifier ? { code_verifier: p.verifier } : {}),
      });
      return call(`${sim.baseUrl('facebook')}/v25.0/oauth/access_token?${q}`);
    },
    me: (sim, t) => call(`${sim.baseUrl('facebook')}/v25.0/me?fields=id,name`, bearer(t)),
    meId: (b) => b.id,
  },
  {
    platform: 'instagram',
    scope: 'instagram_business_basic,instagram_business_content_publish',
    authorizePath: '/oauth/authorize?response_type=code',
    exchange: (sim, p) =>
      postForm(`${sim.baseUrl('instagram')}/oauth/access_token`, {
        client_id: c('instagram').clientId,
        client_secret: p.secret ?? c('instagram').clientSecret,
        grant_type: 'authorization_code',
        redirect_uri: p.redirectUri,
        code: p.code,
      }),
    me: (sim, t) => call(`${sim.baseUrl('instagram')}/v25.0/me?fields=user_id,username&access_token=${t}`),
    meId: (b) => b.user_id,
  },
  {
    platform: 'threads',
    scope: 'threads_basic,threads_content_publish',
    authorizePath: '/oauth/authorize?response_type=code',
    exchange: (sim, p) =>
      postForm(`${sim.baseUrl('threads')}/oauth/access_token`, {
        client_id: c('threads').clientId,
        client_secret: p.secret ?? c('threads').clientSecret,
        grant_type: 'authorization_code',
        redirect_uri: p.redirectUri,
        code: p.code,
      }),
    me: (sim, t) => call(`${sim.baseUrl('threads')}/v1.0/me?fields=id,username`, bearer(t)),
    meId: (b) => b.id,
  },
];

/**
 * Runs authorize (PKCE S256) and the code exchange for a platform, as the connect flow
 * would; returns the token answer. `authorize` adds or overrides query parameters.
 */
export const codeFlow = async (
  sim: Simulator,
  platform: Platform,
  opts: { authorize?: Record<string, string>; redirectUri?: string } = {},
): Promise<Answer> => {
  const d = drivers.find((x) => x.platform === platform);
  if (!d) throw new Error(`no OAuth driver for ${platform}`);
  const redirectUri = opts.redirectUri ?? 'https://app.example/callback';
  const pkce = pkcePair();
  const u = new URL(`${sim.baseUrl(platform)}${d.authorizePath}`);
  u.searchParams.set(d.clientIdParam ?? 'client_id', c(platform).clientId);
  u.searchParams.set('redirect_uri', redirectUri);
  u.searchParams.set('scope', d.scope);
  u.searchParams.set('state', 's');
  u.searchParams.set('code_challenge', pkce.challenge);
  u.searchParams.set('code_challenge_method', 'S256');
  for (const [k, v] of Object.entries(opts.authorize ?? {})) u.searchParams.set(k, v);
  const a = await followAuthorize(u.toString());
  const code = a.params.get('code');
  if (!code) throw new Error(`authorize refused: ${a.location}`);
  return d.exchange(sim, { code, redirectUri, verifier: pkce.verifier });
};
