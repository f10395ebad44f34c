/**
 * Bluesky app-password sessions on the PDS: `com.atproto.server.createSession`
 * (identifier = handle, DID or email; password = app password), `refreshSession`
 * (Bearer refreshJwt; rotates, the old one dies), `getSession`, `deleteSession`,
 * plus `describeServer` (`resolveHandle` is in publish.ts).
 */
import { bearerToken, bodyObject, json, type SimResponse } from '../../core/http.ts';
import { randomToken } from '../../core/ids.ts';
import { issueGrant, refreshGrant } from '../../core/oauth.ts';
import type { SimRouter } from '../../core/router.ts';
import type { Simulator } from '../../core/simulator-api.ts';
import type { SimAccount } from '../../core/types.ts';
import { xrpcError } from './platform.ts';

/** The session answer; the DID document points at this simulator as the account's PDS. */
const sessionView = (sim: Simulator, a: SimAccount, accessJwt: string, refreshJwt: string): SimResponse =>
  json(200, {
    did: a.id,
    didDoc: {
      '@context': ['https://www.w3.org/ns/did/v1'],
      id: a.id,
      alsoKnownAs: [`at://${a.username}`],
      service: [
        {
          id: '#atproto_pds',
          type: 'AtprotoPersonalDataServer',
          serviceEndpoint: sim.blueskyServiceUrl,
        },
      ],
    },
    handle: a.username,
    email: a.email,
    emailConfirmed: true,
    emailAuthFactor: false,
    accessJwt,
    refreshJwt,
    active: true,
  });

export const findActor = (sim: Simulator, actor: string | undefined): SimAccount | undefined =>
  sim.state
    .accountsOf('bluesky')
    .find((a) => a.id === actor || a.username.toLowerCase() === actor?.toLowerCase().replace(/^@/, ''));

export const register = (r: SimRouter, sim: Simulator): void => {
  r.post('/xrpc/com.atproto.server.createSession', (req) => {
    const b = bodyObject(req);
    const identifier = b['identifier'];
    const password = b['password'];
    if (typeof identifier !== 'string' || typeof password !== 'string') {
      return xrpcError(400, 'InvalidRequest', 'Input must have the properties "identifier", "password"');
    }
    const a =
      findActor(sim, identifier) ??
      sim.state.accountsOf('bluesky').find((x) => x.email.toLowerCase() === identifier.toLowerCase());
    if (!a || a.password === undefined || a.password !== password) {
      return xrpcError(401, 'AuthenticationRequired', 'Invalid identifier or password');
    }
    if (a.refuse) return xrpcError(401, 'AccountTakedown', 'Account has been taken down');
    const g = issueGrant(sim, 'bluesky', {
      clientId: 'app-password',
      accountId: a.id,
      scopes: ['com.atproto.appPass'],
      grantId: randomToken('session_', 12),
    });
    return sessionView(sim, a, g.access.value, g.refresh!.value);
  });

  r.post('/xrpc/com.atproto.server.refreshSession', (req) => {
    const value = bearerToken(req);
    if (!value) return xrpcError(401, 'AuthMissing', 'Authentication Required');
    const t = sim.state.token(value);
    if (t?.platform !== 'bluesky') return xrpcError(400, 'InvalidToken', 'Token could not be verified');
    if (t.kind !== 'refresh') return xrpcError(400, 'InvalidToken', 'Invalid token type');
    const g = refreshGrant(sim, 'bluesky', { clientId: null, refreshToken: value });
    if (!g.ok) {
      return g.problem === 'expired'
        ? xrpcError(400, 'ExpiredToken', 'Token has expired')
        : xrpcError(400, 'ExpiredToken', 'Token has been revoked');
    }
    return sessionView(sim, g.account, g.access.value, g.refresh.value);
  });

  r.get(
    '/xrpc/com.atproto.server.getSession',
    (req) => {
      const a = req.auth!.account;
      return json(200, { handle: a.username, did: a.id, email: a.email, emailConfirmed: true, active: true });
    },
    { auth: true },
  );

  r.post('/xrpc/com.atproto.server.deleteSession', (req) => {
    const t = sim.state.token(bearerToken(req));
    if (t?.platform !== 'bluesky' || t.kind !== 'refresh') {
      return xrpcError(400, 'InvalidToken', 'Token could not be verified');
    }
    sim.state.revokeGrant(t.grantId);
    return { status: 200 };
  });

  r.get('/xrpc/com.atproto.server.describeServer', () =>
    json(200, {
      did: 'did:web:bsky.sim.invalid',
      availableUserDomains: ['.bsky.social'],
      inviteCodeRequired: false,
      phoneVerificationRequired: false,
      links: {},
      contact: {},
    }),
  );
};
