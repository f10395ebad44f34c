/**
 * Bluesky: a session opened at the user's PDS with an app password
 * (com.atproto.server.createSession). The access JWT lives about 2 hours; the
 * refresh JWT (90 days) rotates on every refreshSession.
 */
import type { AuthEnv, PasswordPlatformAuth, TokenSet } from '../auth-types.ts';
import { accountCall } from '../shared/account-call.ts';
import { optStr, str } from '../shared/json.ts';

/** The `exp` of a JWT as ISO time, or null when it has none or is not a JWT. */
export function jwtExpiry(jwt: string): string | null {
  const payload = jwt.split('.')[1];
  if (!payload) return null;
  try {
    const exp = (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? new Date(exp * 1000).toISOString() : null;
  } catch {
    return null;
  }
}

function sessionTokens(session: unknown): TokenSet {
  const accessToken = str(session, 'accessJwt', 'Bluesky session');
  const refreshToken = str(session, 'refreshJwt', 'Bluesky session');
  return {
    accessToken,
    refreshToken,
    accessTokenExpiresAt: jwtExpiry(accessToken),
    refreshTokenExpiresAt: jwtExpiry(refreshToken),
    scopes: ['atproto'],
  };
}

const xrpc = (env: AuthEnv, method: string) => env.url('api', `/xrpc/${method}`);

export const blueskyAuth = {
  /** App-password session (decisions.md), not atproto OAuth. */
  method: 'app_password',
  /** `com.atproto.server.createSession`; a wrong password is 401 AuthenticationRequired. */
  async login(env, credentials) {
    const session = await accountCall(env, xrpc(env, 'com.atproto.server.createSession'), {
      json: { identifier: credentials.identifier, password: credentials.password },
    });
    return sessionTokens(session);
  },
  /** `com.atproto.server.refreshSession` with the refresh JWT; the answer's pair replaces the old. */
  async refresh(env, tokens) {
    const session = await accountCall(env, xrpc(env, 'com.atproto.server.refreshSession'), {
      method: 'POST',
      bearer: tokens.refreshToken ?? '',
    });
    return sessionTokens(session);
  },
  /** The session's account (getSession), with its profile when the server has one. */
  async listAccounts(env, tokens) {
    const session = await accountCall(env, xrpc(env, 'com.atproto.server.getSession'), {
      bearer: tokens.accessToken,
    });
    const did = str(session, 'did', 'Bluesky session');
    const handle = optStr(session, 'handle');
    const profile = await accountCall(env, xrpc(env, 'app.bsky.actor.getProfile'), {
      bearer: tokens.accessToken,
      query: { actor: did },
    }).catch(() => null);
    return [
      {
        platformUserId: did,
        type: 'user',
        username: handle,
        displayName: optStr(profile, 'displayName') ?? handle,
        profileUrl: `https://bsky.app/profile/${handle ?? did}`,
        imageUrl: optStr(profile, 'avatar'),
        metadata: { pdsUrl: env.pdsUrl },
      },
    ];
  },
  /** `com.atproto.server.deleteSession` with the refresh JWT ends the session. */
  async revoke(env, tokens) {
    await accountCall(env, xrpc(env, 'com.atproto.server.deleteSession'), {
      method: 'POST',
      bearer: tokens.refreshToken ?? tokens.accessToken,
    });
  },
} satisfies PasswordPlatformAuth;
