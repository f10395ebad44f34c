/**
 * Meta token mechanics shared by Facebook, Instagram and Threads: code exchange for a
 * short-lived user token, the long-lived exchange (`fb_exchange_token`,
 * `ig_exchange_token`, `th_exchange_token`) and the IG/Threads self-refresh of a
 * long-lived token (at least 24 h old, not expired). There are no refresh tokens.
 */
import type { Platform } from '../../../facts/platforms.ts';
import { allParams, json, type SimRequest, type SimResponse } from '../../core/http.ts';
import { type ClientProblem, type CodeProblem, checkClient, redeemCode } from '../../core/oauth.ts';
import type { SimRouter } from '../../core/router.ts';
import type { Simulator } from '../../core/simulator-api.ts';
import type { SimApp, SimToken } from '../../core/types.ts';
import { type MetaError, metaError } from './meta.ts';

type MetaPlatform = Extract<Platform, 'facebook' | 'instagram' | 'threads'>;

const clientErrors: Record<ClientProblem, MetaError> = {
  unknown_client: { message: 'Error validating application. Invalid application ID.', code: 101 },
  bad_secret: { message: 'Error validating client secret.', code: 1 },
};

const codeErrors: Record<CodeProblem, MetaError> = {
  unknown_code: { message: 'Invalid verification code format.', code: 100 },
  used: { message: 'This authorization code has been used.', code: 100, error_subcode: 36009 },
  expired: { message: 'This authorization code has expired.', code: 100, error_subcode: 36007 },
  client_mismatch: { message: 'Error validating verification code.', code: 100 },
  redirect_mismatch: {
    message:
      'Error validating verification code. Please make sure your redirect_uri is identical to the one you used in the OAuth dialog request',
    code: 100,
    error_subcode: 36008,
  },
  pkce_missing: { message: 'Missing code_verifier.', code: 100 },
  pkce_mismatch: { message: 'Invalid code_verifier.', code: 100 },
};

/** Code → short-lived user token. */
export const exchangeCode = (
  sim: Simulator,
  platform: MetaPlatform,
  p: Record<string, string>,
): { ok: true; token: SimToken } | { ok: false; error: MetaError; problem: ClientProblem | CodeProblem } => {
  const client = checkClient(sim, platform, p['client_id'], p['client_secret']);
  if (!client.ok) return { ok: false, error: clientErrors[client.problem], problem: client.problem };
  const code = redeemCode(sim, platform, {
    clientId: client.app.clientId,
    code: p['code'],
    redirectUri: p['redirect_uri'],
    verifier: p['code_verifier'],
  });
  if (!code.ok) return { ok: false, error: codeErrors[code.problem], problem: code.problem };
  const policy = sim.state.policy(platform);
  const token = sim.state.issueToken({
    platform,
    kind: 'access',
    clientId: client.app.clientId,
    accountId: code.code.accountId,
    scopes: code.code.scopes,
    grantId: code.code.value,
    expiresAt: policy.accessTtlSec === null ? null : sim.clock.now() + policy.accessTtlSec * 1000,
  });
  return { ok: true, token };
};

const appBySecret = (
  sim: Simulator,
  platform: MetaPlatform,
  secret: string | undefined,
): SimApp | undefined =>
  [...sim.state.apps.values()].find((a) => a.platform === platform && a.clientSecret === secret);

const tokenError = (
  sim: Simulator,
  platform: MetaPlatform,
  t: SimToken | undefined,
): MetaError | undefined => {
  if (!t || t.platform !== platform || t.kind !== 'access') {
    return { message: 'Invalid OAuth access token - Cannot parse access token', code: 190 };
  }
  if (t.revoked)
    return {
      message: 'Error validating access token: The user has not authorized application.',
      code: 190,
      error_subcode: 458,
    };
  if (t.expiresAt !== null && t.expiresAt <= sim.clock.now()) {
    return { message: 'Error validating access token: Session has expired.', code: 190, error_subcode: 463 };
  }
  return undefined;
};

/** Short-lived (or long-lived) user token → long-lived token of the policy's `longLivedTtlSec`. */
export const exchangeLongLived = (
  sim: Simulator,
  platform: MetaPlatform,
  p: { clientId?: string | undefined; clientSecret: string | undefined; token: string | undefined },
): { ok: true; token: SimToken } | { ok: false; error: MetaError } => {
  const app =
    p.clientId !== undefined
      ? sim.state.app(platform, p.clientId)
      : appBySecret(sim, platform, p.clientSecret);
  if (!app) return { ok: false, error: clientErrors.unknown_client };
  if (app.clientSecret !== p.clientSecret) return { ok: false, error: clientErrors.bad_secret };
  const t = sim.state.token(p.token);
  const bad = tokenError(sim, platform, t);
  if (bad || !t) return { ok: false, error: bad ?? clientErrors.unknown_client };
  if (t.clientId !== app.clientId) {
    return {
      ok: false,
      error: { message: 'Error validating access token: token does not belong to this app.', code: 190 },
    };
  }
  return { ok: true, token: issueLongLived(sim, platform, t) };
};

const issueLongLived = (sim: Simulator, platform: MetaPlatform, from: SimToken): SimToken => {
  const ttl = sim.state.policy(platform).longLivedTtlSec ?? 5183944;
  return sim.state.issueToken({
    platform,
    kind: 'access',
    clientId: from.clientId,
    accountId: from.accountId,
    scopes: from.scopes,
    grantId: from.grantId,
    longLived: true,
    expiresAt: sim.clock.now() + ttl * 1000,
  });
};

/** IG/Threads: a long-lived token at least 24 h old and unexpired → a fresh 60-day token. */
const refreshLongLived = (
  sim: Simulator,
  platform: MetaPlatform,
  value: string | undefined,
): { ok: true; token: SimToken } | { ok: false; error: MetaError } => {
  const t = sim.state.token(value);
  const bad = tokenError(sim, platform, t);
  if (bad || !t) return { ok: false, error: bad ?? { message: 'Invalid OAuth access token', code: 190 } };
  if (!t.longLived) {
    return {
      ok: false,
      error: {
        message: 'Short-lived access tokens cannot be refreshed. Exchange it for a long-lived token first.',
        code: 100,
      },
    };
  }
  if (sim.clock.now() - t.issuedAt < 24 * 3600 * 1000) {
    return {
      ok: false,
      error: { message: 'The access token must be at least 24 hours old to be refreshed.', code: 100 },
    };
  }
  return { ok: true, token: issueLongLived(sim, platform, t) };
};

export const expiresInSec = (sim: Simulator, t: SimToken): number =>
  t.expiresAt === null ? 0 : Math.max(0, Math.round((t.expiresAt - sim.clock.now()) / 1000));

/** Graph's `fields=a,b{c}` → top-level names. */
export const fieldNames = (fields: string | undefined): string[] => {
  if (!fields) return [];
  const out: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of fields) {
    if (ch === '{') depth++;
    if (ch === '}') depth--;
    if (ch === ',' && depth === 0) {
      out.push(cur.trim());
      cur = '';
    } else if (depth === 0 && ch !== '}') cur += ch;
  }
  if (cur.trim()) out.push(cur.trim());
  return out.map((f) => f.split('.')[0]!.trim());
};

/** Graph versions look like `v25.0`. */
export const isGraphVersion = (v: string | undefined): boolean => v !== undefined && /^v\d+\.\d+$/.test(v);

/**
 * JSON text with a numeric id written as a bare number, as the IG/Threads token endpoints
 * do (`"user_id": 17841400000000001`). Such ids exceed 2^53: JSON.parse loses digits,
 * which is why clients must resolve the user with `/me`.
 */
export const jsonWithNumericId = (obj: Record<string, unknown>, key: string, id: string): string =>
  JSON.stringify(obj).replace(/}$/, `,"${key}":${/^\d+$/.test(id) ? id : JSON.stringify(id)}}`);

/**
 * The Instagram and Threads token routes on their graph host: the long-lived
 * exchange (`GET [/{version}]/access_token?grant_type={prefix}_exchange_token`) and
 * the self-refresh (`GET [/{version}]/refresh_access_token?grant_type={prefix}_refresh_token`).
 */
export function registerLongLivedTokenRoutes(
  r: SimRouter,
  sim: Simulator,
  platform: Extract<MetaPlatform, 'instagram' | 'threads'>,
  grantPrefix: 'ig' | 'th',
): void {
  const tokenAnswer = (t: SimToken): SimResponse =>
    json(200, { access_token: t.value, token_type: 'bearer', expires_in: expiresInSec(sim, t) });

  const longLived = (req: SimRequest): SimResponse => {
    const p = allParams(req);
    if (p['grant_type'] !== `${grantPrefix}_exchange_token`)
      return metaError({ message: 'Unsupported grant_type', code: 100 });
    const x = exchangeLongLived(sim, platform, {
      clientSecret: p['client_secret'],
      token: p['access_token'],
    });
    return x.ok ? tokenAnswer(x.token) : metaError(x.error);
  };
  r.get('/access_token', longLived);
  r.get('/:version/access_token', longLived);

  const refresh = (req: SimRequest): SimResponse => {
    const p = allParams(req);
    if (p['grant_type'] !== `${grantPrefix}_refresh_token`)
      return metaError({ message: 'Unsupported grant_type', code: 100 });
    const x = refreshLongLived(sim, platform, p['access_token']);
    return x.ok ? tokenAnswer(x.token) : metaError(x.error);
  };
  r.get('/refresh_access_token', refresh);
  r.get('/:version/refresh_access_token', refresh);
}
