/**
 * Signing in through the operator's OpenID Connect provider (OIDC_ISSUER): the
 * authorization code flow with PKCE, state and nonce (oauth4webapi). The ID token's
 * e-mail must be verified by the provider and belong to an existing member: nobody
 * signs up this way. The state is a one-time account token (tokens.ts) whose sealed
 * data holds the PKCE verifier and the nonce.
 */
import * as oauth from 'oauth4webapi';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { membershipsOf } from './members.ts';
import { findPersonByEmail } from './people.ts';
import { createSession } from './sessions.ts';
import type { SignedIn } from './sign-in.ts';
import { consumeToken, issueToken } from './tokens.ts';

const STATE_TTL_MS = 10 * 60_000;

interface Provider {
  as: oauth.AuthorizationServer;
  client: oauth.Client;
  auth: oauth.ClientAuth;
  /** Plain http is allowed for an issuer on loopback only (a local provider, tests). */
  insecure: boolean;
}

const providers = new WeakMap<AppContext, Promise<Provider>>();

export const oidcEnabled = (ctx: AppContext): boolean => ctx.config.OIDC_ISSUER !== undefined;
const redirectUri = (ctx: AppContext) => `${ctx.config.PUBLIC_URL}/v1/auth/oidc/callback`;

function providerOf(ctx: AppContext): Promise<Provider> {
  const { OIDC_ISSUER, OIDC_CLIENT_ID, OIDC_CLIENT_SECRET } = ctx.config;
  if (!OIDC_ISSUER || !OIDC_CLIENT_ID || !OIDC_CLIENT_SECRET)
    throw new AppError('not_found', 'Sign-in through an identity provider is not configured on this service');
  let found = providers.get(ctx);
  if (!found) {
    const issuer = new URL(OIDC_ISSUER);
    const insecure =
      issuer.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(issuer.hostname);
    found = (async () => {
      const res = await oauth.discoveryRequest(issuer, {
        algorithm: 'oidc',
        [oauth.allowInsecureRequests]: insecure,
      });
      const as = await oauth.processDiscoveryResponse(issuer, res);
      return {
        as,
        client: { client_id: OIDC_CLIENT_ID },
        auth: oauth.ClientSecretPost(OIDC_CLIENT_SECRET),
        insecure,
      };
    })();
    // A failed discovery is tried again on the next sign-in, not remembered.
    found.catch(() => providers.delete(ctx));
    providers.set(ctx, found);
  }
  return found;
}

/** The provider's authorization URL for a new sign-in. */
export async function startOidc(ctx: AppContext): Promise<string> {
  const p = await providerOf(ctx).catch((err) => {
    if (err instanceof AppError) throw err;
    throw new AppError('unavailable', 'The identity provider could not be reached; try again later');
  });
  const verifier = oauth.generateRandomCodeVerifier();
  const nonce = oauth.generateRandomNonce();
  const { token: state } = await issueToken(ctx, ctx.store.db, {
    kind: 'oidc_state',
    email: '',
    data: JSON.stringify({ verifier, nonce }),
    ttlMs: STATE_TTL_MS,
  });
  const url = new URL(p.as.authorization_endpoint ?? '');
  url.search = new URLSearchParams({
    client_id: p.client.client_id,
    redirect_uri: redirectUri(ctx),
    response_type: 'code',
    scope: 'openid email',
    state,
    nonce,
    code_challenge: await oauth.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
  }).toString();
  return url.toString();
}

/** Finishes the sign-in the provider sent the browser back from; starts a session of the member. */
export async function finishOidc(ctx: AppContext, callback: URL): Promise<SignedIn> {
  const p = await providerOf(ctx);
  const state = callback.searchParams.get('state') ?? '';
  const flow = await consumeToken(ctx, ctx.store.db, 'oidc_state', state, 'sign-in');
  const { verifier, nonce } = JSON.parse(flow.data ?? '{}') as { verifier: string; nonce: string };
  let email: string;
  try {
    const params = oauth.validateAuthResponse(p.as, p.client, callback, state);
    const res = await oauth.authorizationCodeGrantRequest(
      p.as,
      p.client,
      p.auth,
      params,
      redirectUri(ctx),
      verifier,
      {
        [oauth.allowInsecureRequests]: p.insecure,
      },
    );
    const tokens = await oauth.processAuthorizationCodeResponse(p.as, p.client, res, {
      expectedNonce: nonce,
      requireIdToken: true,
    });
    const claims = oauth.getValidatedIdTokenClaims(tokens);
    if (typeof claims?.email !== 'string' || claims.email_verified !== true)
      throw new AppError(
        'forbidden',
        'The identity provider did not vouch for an e-mail address (email_verified)',
      );
    email = claims.email.trim().toLowerCase();
  } catch (err) {
    if (err instanceof AppError) throw err;
    throw new AppError(
      'unauthenticated',
      `The identity provider's answer was refused: ${(err as Error).message}`,
    );
  }
  const person = await findPersonByEmail(ctx.store.db, email);
  const member = person ? (await membershipsOf(ctx.store.db, person.id))[0] : undefined;
  if (!person || !member)
    throw new AppError(
      'forbidden',
      `${email} is not a member of any project here; ask an admin to invite you`,
    );
  const session = await createSession(ctx, ctx.store.db, { memberId: member.memberId, personId: person.id });
  return { session, memberId: member.memberId, personId: person.id };
}
