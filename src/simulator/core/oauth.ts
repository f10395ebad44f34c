/**
 * The OAuth 2.0 machinery every platform shares: the authorize page (approves at
 * once), one-time codes bound to client, redirect_uri and PKCE challenge, token
 * grants, and refresh with the platform's rotation rules. Each platform module maps
 * the problems found here to its own error bodies.
 */
import { createHash } from 'node:crypto';
import type { Platform } from '../../facts/platforms.ts';
import { html, redirect, type SimRequest, type SimResponse } from './http.ts';
import type { Simulator } from './simulator-api.ts';
import type { SimAccount, SimApp, SimCode, SimToken } from './types.ts';

interface AuthorizeOptions {
  /** Query parameter carrying the client id (`client_key` on TikTok). */
  clientIdParam?: string;
  /** How the platform separates scopes (`,` for Meta, TikTok, Pinterest). */
  scopeSeparator?: string;
  /** Query parameters the redirect carries when the user refuses. */
  denyParams?: Record<string, string>;
  /** Appended to the redirect (Instagram adds `#_`). */
  suffix?: string;
  /** Authorize parameters kept on the code for the token endpoint (Google `access_type`). */
  keep?: string[];
}

const withParams = (uri: string, params: Record<string, string | undefined>, suffix = ''): string => {
  const u = new URL(uri);
  for (const [k, v] of Object.entries(params)) if (v !== undefined) u.searchParams.set(k, v);
  return `${u.toString()}${suffix}`;
};

/**
 * GET authorize: checks client and redirect_uri (an error page, no redirect, when
 * either is wrong, as real platforms do), then redirects with `code` and `state`,
 * or with `error=access_denied` when the app or user refuses or `sim_deny=1`.
 * `sim_account=<id>` picks the user who "logs in" (default: see `setAuthorizeAs`).
 */
export const authorize = (
  sim: Simulator,
  platform: Platform,
  req: SimRequest,
  opts: AuthorizeOptions = {},
): SimResponse => {
  const q = req.query;
  const clientId = q[opts.clientIdParam ?? 'client_id'];
  const app = sim.state.app(platform, clientId);
  if (!app) return html(400, `Invalid client_id: no ${platform} app "${clientId ?? ''}".`);
  const redirectUri = q['redirect_uri'];
  if (!redirectUri || !/^https?:\/\//.test(redirectUri)) return html(400, 'Missing or invalid redirect_uri.');
  if (app.redirectUris && !app.redirectUris.includes(redirectUri)) {
    return html(400, `redirect_uri ${redirectUri} is not registered for this app.`);
  }
  const state = q['state'];
  if (q['response_type'] !== undefined && q['response_type'] !== 'code') {
    return redirect(withParams(redirectUri, { error: 'unsupported_response_type', state }));
  }
  const challenge = sim.state.policy(platform).pkce === 'unsupported' ? undefined : q['code_challenge'];
  const method = q['code_challenge_method'] ?? (challenge ? 'plain' : undefined);
  if (sim.state.policy(platform).pkce === 'required' && !challenge) {
    return redirect(
      withParams(redirectUri, {
        error: 'invalid_request',
        error_description: 'Missing code_challenge',
        state,
      }),
    );
  }
  if (method !== undefined && method !== 'S256' && method !== 'plain') {
    return redirect(
      withParams(redirectUri, {
        error: 'invalid_request',
        error_description: 'Bad code_challenge_method',
        state,
      }),
    );
  }
  const account = q['sim_account']
    ? sim.state.account(platform, q['sim_account'])
    : sim.state.authorizingAccount(platform);
  if (!account) return html(400, `No ${platform} user ${q['sim_account']}.`);
  if (q['sim_deny'] === '1' || app.refuse || account.refuse) {
    const deny = opts.denyParams ?? {
      error: 'access_denied',
      error_description: 'The user denied the request',
    };
    return redirect(withParams(redirectUri, { ...deny, state }));
  }
  const extra: Record<string, string> = {};
  for (const k of opts.keep ?? []) if (q[k] !== undefined) extra[k] = q[k];
  const code = sim.state.issueCode({
    platform,
    clientId: app.clientId,
    redirectUri,
    accountId: account.id,
    scopes: (q['scope'] ?? '').split(opts.scopeSeparator ?? ' ').filter((s) => s.length > 0),
    ...(challenge ? { codeChallenge: challenge } : {}),
    ...(method ? { codeChallengeMethod: method } : {}),
    extra,
  });
  return redirect(withParams(redirectUri, { code: code.value, state }, opts.suffix));
};

export type ClientProblem = 'unknown_client' | 'bad_secret';

/** Checks client credentials; `secret: null` skips the secret (public clients). */
export const checkClient = (
  sim: Simulator,
  platform: Platform,
  clientId: string | undefined,
  secret: string | null | undefined,
): { ok: true; app: SimApp } | { ok: false; problem: ClientProblem } => {
  const app = sim.state.app(platform, clientId);
  if (!app) return { ok: false, problem: 'unknown_client' };
  if (secret !== null && secret !== app.clientSecret) return { ok: false, problem: 'bad_secret' };
  return { ok: true, app };
};

export type CodeProblem =
  | 'unknown_code'
  | 'used'
  | 'expired'
  | 'client_mismatch'
  | 'redirect_mismatch'
  | 'pkce_missing'
  | 'pkce_mismatch';

const s256 = (v: string, encoding: 'base64url' | 'hex') => createHash('sha256').update(v).digest(encoding);

const pkceOk = (code: SimCode, verifier: string, acceptHex: boolean): boolean => {
  if (code.codeChallengeMethod === 'plain') return verifier === code.codeChallenge;
  return (
    s256(verifier, 'base64url') === code.codeChallenge ||
    (acceptHex && s256(verifier, 'hex') === code.codeChallenge)
  );
};

/**
 * Redeems a code: one-time, unexpired, same client, same redirect_uri, and the PKCE
 * verifier when a challenge was sent. A second use revokes what the first one issued
 * (RFC 6749 §4.1.2).
 */
export const redeemCode = (
  sim: Simulator,
  platform: Platform,
  p: {
    clientId: string;
    code: string | undefined;
    redirectUri: string | undefined;
    verifier?: string | undefined;
  },
  opts: { acceptHexS256?: boolean } = {},
): { ok: true; code: SimCode } | { ok: false; problem: CodeProblem } => {
  const code = p.code === undefined ? undefined : sim.state.codes.get(p.code);
  if (!code || code.platform !== platform) return { ok: false, problem: 'unknown_code' };
  if (code.used) {
    sim.state.revokeGrant(code.value);
    return { ok: false, problem: 'used' };
  }
  if (code.expiresAt <= sim.clock.now()) return { ok: false, problem: 'expired' };
  if (code.clientId !== p.clientId) return { ok: false, problem: 'client_mismatch' };
  if (code.redirectUri !== p.redirectUri) return { ok: false, problem: 'redirect_mismatch' };
  if (code.codeChallenge !== undefined) {
    if (!p.verifier) return { ok: false, problem: 'pkce_missing' };
    if (!pkceOk(code, p.verifier, opts.acceptHexS256 ?? false))
      return { ok: false, problem: 'pkce_mismatch' };
  }
  code.used = true;
  return { ok: true, code };
};

export interface Grant {
  access: SimToken;
  refresh?: SimToken;
  account: SimAccount;
}

/** Issues an access token (and a refresh token when the policy and `withRefresh` say so). */
export const issueGrant = (
  sim: Simulator,
  platform: Platform,
  g: { clientId: string; accountId: string; scopes: string[]; grantId: string; withRefresh?: boolean },
): Grant => {
  const policy = sim.state.policy(platform);
  const now = sim.clock.now();
  const account = sim.state.account(platform, g.accountId);
  if (!account) throw new Error(`no ${platform} account ${g.accountId}`);
  const base = {
    platform,
    clientId: g.clientId,
    accountId: g.accountId,
    scopes: g.scopes,
    grantId: g.grantId,
  };
  const access = sim.state.issueToken({
    ...base,
    kind: 'access',
    expiresAt: policy.accessTtlSec === null ? null : now + policy.accessTtlSec * 1000,
  });
  if (!policy.issueRefresh || g.withRefresh === false) return { access, account };
  const refresh = sim.state.issueToken({
    ...base,
    kind: 'refresh',
    expiresAt: policy.refreshTtlSec === null ? null : now + policy.refreshTtlSec * 1000,
  });
  return { access, refresh, account };
};

type RefreshProblem = 'unknown' | 'expired' | 'revoked' | 'reused' | 'client_mismatch';

/**
 * The refresh_token grant: a new access token; a new refresh token where the platform
 * rotates (the old one then dies after the grace window), else the same one back.
 */
export const refreshGrant = (
  sim: Simulator,
  platform: Platform,
  p: { clientId: string | null; refreshToken: string | undefined },
):
  | ({ ok: true } & Grant & { refresh: SimToken; rotated: boolean })
  | { ok: false; problem: RefreshProblem } => {
  const t = sim.state.token(p.refreshToken);
  if (!t || t.platform !== platform || t.kind !== 'refresh') return { ok: false, problem: 'unknown' };
  if (t.revoked) return { ok: false, problem: 'revoked' };
  if (p.clientId !== null && t.clientId !== p.clientId) return { ok: false, problem: 'client_mismatch' };
  const policy = sim.state.policy(platform);
  const now = sim.clock.now();
  if (t.rotatedAt !== undefined && now - t.rotatedAt >= policy.refreshReuseGraceSec * 1000) {
    return { ok: false, problem: 'reused' };
  }
  if (t.expiresAt !== null && t.expiresAt <= now) return { ok: false, problem: 'expired' };
  const account = sim.state.account(platform, t.accountId);
  if (!account) return { ok: false, problem: 'revoked' };
  const base = {
    platform,
    clientId: t.clientId,
    accountId: t.accountId,
    scopes: t.scopes,
    grantId: t.grantId,
  };
  const access = sim.state.issueToken({
    ...base,
    kind: 'access',
    expiresAt: policy.accessTtlSec === null ? null : now + policy.accessTtlSec * 1000,
  });
  if (!policy.rotateRefresh) {
    if (!policy.refreshFixedExpiry && policy.refreshTtlSec !== null)
      t.expiresAt = now + policy.refreshTtlSec * 1000;
    return { ok: true, access, refresh: t, account, rotated: false };
  }
  t.rotatedAt = now;
  const refresh = sim.state.issueToken({
    ...base,
    kind: 'refresh',
    expiresAt: policy.refreshFixedExpiry
      ? t.expiresAt
      : policy.refreshTtlSec === null
        ? null
        : now + policy.refreshTtlSec * 1000,
  });
  return { ok: true, access, refresh, account, rotated: true };
};

/** Seconds until a token expires (0 when past), or undefined when it never expires. */
export const expiresIn = (sim: Simulator, t: SimToken): number | undefined =>
  t.expiresAt === null ? undefined : Math.max(0, Math.round((t.expiresAt - sim.clock.now()) / 1000));
