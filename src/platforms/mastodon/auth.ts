/**
 * Connecting a Mastodon account: OAuth 2 with PKCE on the account's own instance,
 * with the app the service registered there (src/domain/connect/mastodon-apps.ts
 * gives the env: `url` points at the instance, `client` is that instance's app).
 * Mastodon tokens do not expire and there is no refresh; a revoked one is a 401
 * and the account needs connecting again. Disconnecting revokes the token on its
 * instance with that instance's app (`POST /oauth/revoke`). The account read at connect carries the
 * instance, the username and the instance's limits (checked at create).
 */
import type { AuthEnv, OAuthPlatformAuth, TokenSet } from '../auth-types.ts';
import { PlatformError } from '../contract.ts';
import { urlWithParams } from '../shared/oauth2.ts';
import { idOf, instanceCall, objectAnswer } from './api.ts';
import { limitsFrom } from './limits.ts';

const SCOPES = {
  connect: ['read:accounts'],
  publish: ['write:statuses', 'write:media', 'read:statuses'],
  analytics: ['read:accounts', 'read:statuses'],
} as const;

export const MASTODON_SCOPES = [...new Set(Object.values(SCOPES).flat())];

/** The instance origin the env points at. */
export const instanceOfEnv = (env: AuthEnv): string => env.url('api', '').replace(/\/+$/, '');

const target = (env: AuthEnv, token?: string) => ({
  instance: instanceOfEnv(env),
  token,
  outside: env.outside,
  timeoutMs: env.timeoutMs,
});

const str = (v: unknown, max: number): string | null => (typeof v === 'string' && v.length <= max ? v : null);

/** A link the instance answered, kept only when it is on the instance itself. */
function ownUrl(v: unknown, instance: string): string | null {
  const s = str(v, 2000);
  if (!s) return null;
  try {
    return new URL(s).origin === new URL(instance).origin ? s : null;
  } catch {
    return null;
  }
}

export const mastodonAuth = {
  method: 'oauth2',
  pkce: true,
  scopesByCapability: SCOPES,
  scopes: MASTODON_SCOPES,
  selection: 'all',
  authorizationUrl(env, { state, codeChallenge }) {
    return urlWithParams(env.url('authorize', '/oauth/authorize'), {
      response_type: 'code',
      client_id: env.client.clientId,
      redirect_uri: env.redirectUri,
      scope: MASTODON_SCOPES.join(' '),
      state,
      code_challenge: codeChallenge,
      code_challenge_method: codeChallenge ? 'S256' : null,
    });
  },
  async exchangeCode(env, { code, codeVerifier }): Promise<TokenSet> {
    const res = await instanceCall(target(env), '/oauth/token', {
      method: 'POST',
      json: {
        grant_type: 'authorization_code',
        code,
        client_id: env.client.clientId,
        client_secret: env.client.clientSecret,
        redirect_uri: env.redirectUri,
        scope: MASTODON_SCOPES.join(' '),
        ...(codeVerifier ? { code_verifier: codeVerifier } : {}),
      },
      what: 'Mastodon: exchange the code',
    });
    const answer = objectAnswer(res.json, 'Mastodon: the token');
    const accessToken = str(answer.access_token, 4096);
    if (!accessToken) throw new PlatformError('permanent', 'Mastodon: the token answer has no access_token');
    const scope = str(answer.scope, 2000) ?? MASTODON_SCOPES.join(' ');
    return {
      accessToken,
      refreshToken: null,
      accessTokenExpiresAt: null,
      refreshTokenExpiresAt: null,
      scopes: scope.split(/\s+/).filter(Boolean),
    };
  },
  refresh: null,
  async listAccounts(env, tokens) {
    const t = target(env, tokens.accessToken);
    const me = objectAnswer(
      (await instanceCall(t, '/api/v1/accounts/verify_credentials', { what: 'Mastodon: read the account' }))
        .json,
      'Mastodon: the account',
    );
    const instance = await instanceCall(t, '/api/v2/instance', {
      what: 'Mastodon: read the instance limits',
    });
    const limits = limitsFrom(objectAnswer(instance.json, 'Mastodon: the instance'));
    const username = str(me.acct, 300) ?? str(me.username, 300);
    // The name the instance gives itself (links may be on it rather than on the API host).
    const named = objectAnswer(instance.json, 'Mastodon: the instance').domain;
    const domain =
      typeof named === 'string' && /^[a-z0-9.-]{1,253}(:\d{1,5})?$/i.test(named) ? named.toLowerCase() : null;
    return [
      {
        platformUserId: `${idOf(me.id, 'Mastodon: the account')}@${new URL(t.instance).host}`,
        type: 'user' as const,
        username,
        displayName: str(me.display_name, 300),
        profileUrl: ownUrl(me.url, t.instance),
        imageUrl: str(me.avatar, 2000),
        metadata: { instance: t.instance, domain, username, limits },
      },
    ];
  },
  async revoke(env, tokens) {
    await instanceCall(target(env), '/oauth/revoke', {
      method: 'POST',
      json: {
        client_id: env.client.clientId,
        client_secret: env.client.clientSecret,
        token: tokens.accessToken,
      },
      what: 'Mastodon: revoke the token',
    });
  },
} satisfies OAuthPlatformAuth;
