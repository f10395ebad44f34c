/**
 * Signing in through the operator's OpenID Connect provider (OIDC_ISSUER): the
 * authorization code flow with PKCE, state and nonce (oauth4webapi). The ID token's
 * e-mail must be verified by the provider and belong to an existing member: nobody
 * signs up this way. The state is a one-time account token (tokens.ts) whose sealed
 * data holds the PKCE verifier, the nonce and the hash of a random value also set
 * in an HttpOnly cookie of the browser that started: the callback must come with
 * that cookie, so a callback URL opened in another browser signs nobody in (login
 * forgery). Anonymous starts are capped per client address (OIDC_STARTS_PER_ADDRESS
 * open at once), so they cannot fill the table.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import * as oauth from 'oauth4webapi';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { membershipsOf } from './members.ts';
import { findPersonByEmail } from './people.ts';
import { createSession } from './sessions.ts';
import type { SignedIn } from './sign-in.ts';
import { consumeToken, issueToken } from './tokens.ts';

const STATE_TTL_MS = 10 * 60_000;
/** The browser-binding cookie; only the OIDC routes see it. */
export const OIDC_BINDING_COOKIE = 'sps_oidc';
const BINDING_PATH = '/v1/auth/oidc';
const hashBinding = (value: string) => createHash('sha256').update(value).digest();

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

/** Refuses a start when the address already has OIDC_STARTS_PER_ADDRESS sign-ins open. */
async function assertMayStart(ctx: AppContext, ip: string): Promise<void> {
  const now = ctx.now();
  const open = await ctx.store.db
    .selectFrom('account_tokens')
    .select(['expires_at'])
    .where('requested_by', '=', ip)
    .where('expires_at', '>', now.toISOString())
    .where('kind', '=', 'oidc_state')
    .where('used_at', 'is', null)
    .orderBy('expires_at')
    .limit(ctx.config.OIDC_STARTS_PER_ADDRESS)
    .execute();
  if (open.length < ctx.config.OIDC_STARTS_PER_ADDRESS) return;
  const seconds = Math.max(1, Math.ceil((Date.parse(open[0]?.expires_at ?? '') - now.getTime()) / 1000));
  throw new AppError(
    'rate_limited',
    `Too many sign-ins through the identity provider started from this address and not finished: wait ${seconds} second(s)`,
    { 'retry-after': String(seconds) },
  );
}

/** The provider's authorization URL for a new sign-in, and the cookie that binds it to this browser. */
export async function startOidc(ctx: AppContext, ip: string): Promise<{ url: string; cookie: string }> {
  const p = await providerOf(ctx).catch((err) => {
    if (err instanceof AppError) throw err;
    throw new AppError('unavailable', 'The identity provider could not be reached; try again later');
  });
  await assertMayStart(ctx, ip);
  const verifier = oauth.generateRandomCodeVerifier();
  const nonce = oauth.generateRandomNonce();
  const binding = randomBytes(32).toString('base64url');
  const { token: state } = await issueToken(ctx, ctx.store.db, {
    kind: 'oidc_state',
    email: '',
    data: JSON.stringify({ verifier, nonce, binding: hashBinding(binding).toString('hex') }),
    ttlMs: STATE_TTL_MS,
    requestedBy: ip,
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
  return { url: url.toString(), cookie: bindingCookie(ctx, binding) };
}

/** The Set-Cookie of the binding value (or, with null, the one that clears it). */
export function bindingCookie(ctx: AppContext, value: string | null): string {
  const secure = (ctx.config.PUBLIC_URL ?? '').startsWith('https:') ? '; Secure' : '';
  const life = value === null ? 0 : STATE_TTL_MS / 1000;
  // Lax: the provider sends the browser back with a top-level GET, which carries Lax cookies.
  return `${OIDC_BINDING_COOKIE}=${value ?? ''}; Path=${BINDING_PATH}; HttpOnly; SameSite=Lax; Max-Age=${life}${secure}`;
}

function sameBinding(stored: string | undefined, cookieValue: string | null): boolean {
  if (!stored || !cookieValue) return false;
  const expected = Buffer.from(stored, 'hex');
  const got = hashBinding(cookieValue);
  return expected.length === got.length && timingSafeEqual(expected, got);
}

/**
 * Finishes the sign-in the provider sent the browser back from; starts a session of
 * the member. `binding`: the browser's binding cookie; without the one set at the
 * start the state is used up and nobody is signed in.
 */
export async function finishOidc(ctx: AppContext, callback: URL, binding: string | null): Promise<SignedIn> {
  const p = await providerOf(ctx);
  const state = callback.searchParams.get('state') ?? '';
  const flow = await consumeToken(ctx, ctx.store.db, 'oidc_state', state, 'sign-in');
  const data = JSON.parse(flow.data ?? '{}') as { verifier: string; nonce: string; binding?: string };
  if (!sameBinding(data.binding, binding))
    throw new AppError(
      'forbidden',
      'This sign-in was started in another browser (or its cookie expired): start it again here',
    );
  const { verifier, nonce } = data;
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
