/**
 * Bluesky (AT Protocol PDS), app-password sessions: access JWT 120 min, refresh JWT
 * 90 days and rotating. An expired access token is HTTP 400 `ExpiredToken`, not 401.
 */
import { json } from '../../core/http.ts';
import { randomToken } from '../../core/ids.ts';
import type { PlatformProfile } from '../../core/profile.ts';

export const xrpcError = (
  status: number,
  error: string,
  message: string,
  headers: Record<string, string> = {},
) => json(status, { error, message }, headers);

export const profile: PlatformProfile = {
  name: 'bluesky',
  title: 'Bluesky',
  hosts: ['https://bsky.social (PDS / entryway: /xrpc/...)'],
  tokenPolicy: {
    accessTtlSec: 7200,
    issueRefresh: true,
    refreshTtlSec: 7776000,
    rotateRefresh: true,
    refreshFixedExpiry: false,
    refreshReuseGraceSec: 0,
    codeTtlSec: 600,
    pkce: 'optional',
  },
  // Session tokens are JWTs, as the PDS issues them (clients may read `exp`).
  tokenValue: ({ kind, accountId, issuedAt, expiresAt }) => {
    const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
    const header = b64({ typ: kind === 'refresh' ? 'refresh+jwt' : 'at+jwt', alg: 'HS256' });
    const payload = b64({
      scope: kind === 'refresh' ? 'com.atproto.refresh' : 'com.atproto.access',
      sub: accountId,
      aud: 'did:web:bsky.sim.invalid',
      ...(kind === 'refresh' ? { jti: randomToken('', 16) } : {}),
      iat: Math.floor(issuedAt / 1000),
      ...(expiresAt !== null ? { exp: Math.floor(expiresAt / 1000) } : {}),
    });
    return `${header}.${payload}.${randomToken('', 32)}`;
  },
  seedAccounts: () => [
    {
      platform: 'bluesky',
      id: 'did:plc:simbluesky000000000001',
      username: 'sim-user.bsky.social',
      name: 'Sim Bluesky User',
      avatarUrl: 'https://cdn.bsky.invalid/img/avatar/plain/did:plc:simbluesky000000000001/sim@jpeg',
      email: 'sim-user@sim.invalid',
      password: 'simb-apps-pass-word',
      followersCount: 10,
    },
  ],
  unauthorized: (problem) => {
    switch (problem) {
      case 'missing':
        return xrpcError(401, 'AuthMissing', 'Authentication Required');
      case 'expired':
        return xrpcError(400, 'ExpiredToken', 'Token has expired');
      case 'revoked':
        return xrpcError(400, 'ExpiredToken', 'Token has been revoked');
      case 'unknown':
        return xrpcError(400, 'InvalidToken', 'Token could not be verified');
    }
  },
  rateLimited: (opts, nowSec) =>
    xrpcError(429, 'RateLimitExceeded', 'Rate Limit Exceeded', {
      'ratelimit-limit': '5000',
      'ratelimit-remaining': '0',
      'ratelimit-reset': String(nowSec + (opts.resetInSec ?? 3600)),
      'ratelimit-policy': '5000;w=3600',
    }),
};
