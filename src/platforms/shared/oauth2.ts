/**
 * The generic OAuth 2.0 authorization-code client every platform builds on:
 * authorization URLs with PKCE (S256), code exchange and refresh, and the
 * reading of token answers into a TokenSet with absolute expiry times. PKCE
 * values come from oauth4webapi (RFC 7636 exact); the calls go through our own
 * client (`accountCall`) because several platforms deviate from the RFC
 * (client_key, comma scopes, GET token endpoints, wrapped answers).
 */
import { calculatePKCECodeChallenge, generateRandomCodeVerifier } from 'oauth4webapi';
import type { AuthEnv, TokenSet } from '../auth-types.ts';
import { PlatformError } from '../contract.ts';
import { type AccountCallOptions, accountCall, reasonFrom } from './account-call.ts';

/** A fresh PKCE pair: the verifier we keep (sealed) and the S256 challenge we send. */
export async function newPkcePair(): Promise<{ verifier: string; challenge: string }> {
  const verifier = generateRandomCodeVerifier();
  return { verifier, challenge: await calculatePKCECodeChallenge(verifier) };
}

/** `base` with the given query parameters (undefined ones left out). */
export function urlWithParams(base: string, params: Record<string, string | null | undefined>): string {
  const u = new URL(base);
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null) u.searchParams.set(k, v);
  return u.toString();
}

/** The usual authorization request parameters, with PKCE when a challenge is given. */
export function authorizationParams(
  env: AuthEnv,
  request: { state: string; codeChallenge: string | null },
  scope: string,
  clientIdParam = 'client_id',
): Record<string, string | null> {
  return {
    response_type: 'code',
    [clientIdParam]: env.client.clientId,
    redirect_uri: env.redirectUri,
    scope,
    state: request.state,
    code_challenge: request.codeChallenge,
    code_challenge_method: request.codeChallenge ? 'S256' : null,
  };
}

const addSeconds = (now: Date, seconds: unknown): string | null => {
  const n = typeof seconds === 'string' ? Number(seconds) : seconds;
  return typeof n === 'number' && Number.isFinite(n) && n > 0
    ? new Date(now.getTime() + n * 1000).toISOString()
    : null;
};

/**
 * Reads a token answer. `scope` may be space- or comma-separated; a refresh answer
 * without a new refresh token keeps `previous` (Google does not rotate).
 */
export function readTokenAnswer(env: AuthEnv, answer: unknown, previous?: TokenSet): TokenSet {
  const a = (answer ?? {}) as Record<string, unknown>;
  // Some platforms (TikTok) answer OAuth errors with HTTP 200.
  if (typeof a.error === 'string' && a.error && !a.access_token) {
    const message = typeof a.error_description === 'string' ? a.error_description : a.error;
    throw new PlatformError('auth', `${env.platform}: ${message}`, {
      status: 200,
      reason: reasonFrom(message),
    });
  }
  const accessToken = a.access_token;
  if (typeof accessToken !== 'string' || !accessToken)
    throw new PlatformError('permanent', `${env.platform} token answer has no access_token`);
  const now = env.now();
  const rawScope = typeof a.scope === 'string' ? a.scope : Array.isArray(a.scope) ? a.scope.join(' ') : null;
  const scopes = rawScope
    ? rawScope
        .split(/[\s,]+/)
        .map((s) => s.trim())
        .filter(Boolean)
    : (previous?.scopes ?? []);
  const newRefresh = typeof a.refresh_token === 'string' && a.refresh_token ? a.refresh_token : null;
  const refreshExpiresAt =
    addSeconds(now, a.refresh_token_expires_in ?? a.refresh_expires_in) ??
    (typeof a.refresh_token_expires_at === 'number'
      ? new Date(a.refresh_token_expires_at * 1000).toISOString()
      : null);
  return {
    accessToken,
    refreshToken: newRefresh ?? previous?.refreshToken ?? null,
    accessTokenExpiresAt: addSeconds(now, a.expires_in),
    refreshTokenExpiresAt: newRefresh
      ? refreshExpiresAt
      : (refreshExpiresAt ?? previous?.refreshTokenExpiresAt ?? null),
    scopes,
  };
}

/**
 * How the client proves itself at the token endpoint: HTTP Basic with the client
 * id repeated in the form (X's documented requests carry it), HTTP Basic alone
 * (Pinterest's token request schema has no client_id), or both in the form.
 */
type ClientAuthMethod = 'client_secret_basic' | 'client_secret_basic_only' | 'client_secret_post';

function clientAuth(
  env: AuthEnv,
  method: ClientAuthMethod,
  form: Record<string, string | undefined>,
): AccountCallOptions {
  const basic = { user: env.client.clientId, password: env.client.clientSecret };
  if (method === 'client_secret_basic_only') return { form, basic };
  return method === 'client_secret_basic'
    ? { form: { ...form, client_id: env.client.clientId }, basic }
    : { form: { ...form, client_id: env.client.clientId, client_secret: env.client.clientSecret } };
}

/** Exchanges an authorization code (with the PKCE verifier when there is one). */
export async function exchangeAuthorizationCode(
  env: AuthEnv,
  tokenUrl: string,
  request: { code: string; codeVerifier: string | null },
  method: ClientAuthMethod,
  /** Parameters a platform adds to the exchange (Pinterest's `continuous_refresh`). */
  extra: Record<string, string> = {},
): Promise<TokenSet> {
  const answer = await accountCall(
    env,
    tokenUrl,
    clientAuth(env, method, {
      grant_type: 'authorization_code',
      code: request.code,
      redirect_uri: env.redirectUri,
      code_verifier: request.codeVerifier ?? undefined,
      ...extra,
    }),
  );
  return readTokenAnswer(env, answer);
}

/** Uses the refresh token; a platform that rotates answers a new one, which replaces the old. */
export async function refreshAccessToken(
  env: AuthEnv,
  tokenUrl: string,
  tokens: TokenSet,
  method: ClientAuthMethod,
): Promise<TokenSet> {
  if (!tokens.refreshToken)
    throw new PlatformError('auth', `${env.platform} gave no refresh token; reconnect the account`, {
      reason: 'token_expired',
    });
  const answer = await accountCall(
    env,
    tokenUrl,
    clientAuth(env, method, { grant_type: 'refresh_token', refresh_token: tokens.refreshToken }),
  );
  return readTokenAnswer(env, answer, tokens);
}

/** RFC 7009 revocation of the refresh token (or the access token when there is none). */
export async function revokeToken(
  env: AuthEnv,
  revokeUrl: string,
  tokens: TokenSet,
  method: ClientAuthMethod,
): Promise<void> {
  const token = tokens.refreshToken ?? tokens.accessToken;
  await accountCall(env, revokeUrl, clientAuth(env, method, { token }));
}
