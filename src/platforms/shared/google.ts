/** Google OAuth 2.0, shared by YouTube and Google Business Profile. */
import type { AuthEnv, TokenSet } from '../auth-types.ts';
import { accountCall } from './account-call.ts';
import {
  authorizationParams,
  exchangeAuthorizationCode,
  refreshAccessToken,
  urlWithParams,
} from './oauth2.ts';

/** `accounts.google.com/o/oauth2/v2/auth`: offline access and consent, so a refresh token comes back. */
export function googleAuthorizationUrl(
  env: AuthEnv,
  request: { state: string; codeChallenge: string | null },
  scopes: readonly string[],
): string {
  return urlWithParams(env.url('authorize', '/o/oauth2/v2/auth'), {
    ...authorizationParams(env, request, scopes.join(' ')),
    access_type: 'offline',
    prompt: 'consent',
    include_granted_scopes: 'true',
  });
}

export const googleExchange = (env: AuthEnv, request: { code: string; codeVerifier: string | null }) =>
  exchangeAuthorizationCode(env, env.url('token', '/token'), request, 'client_secret_post');

export const googleRefresh = (env: AuthEnv, tokens: TokenSet) =>
  refreshAccessToken(env, env.url('token', '/token'), tokens, 'client_secret_post');

export async function googleRevoke(env: AuthEnv, tokens: TokenSet): Promise<void> {
  await accountCall(env, env.url('token', '/revoke'), {
    form: { token: tokens.refreshToken ?? tokens.accessToken },
  });
}
