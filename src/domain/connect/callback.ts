/**
 * The OAuth callback: the platform sends the user back here with `code` and
 * `state` (or an error). The state names the project and where to send the user;
 * the code is exchanged (with the PKCE verifier), the accounts are read, and they
 * become integrations, or a selection token when the client must choose. The
 * answer says where to redirect the user: `redirectUri` with `integrationId` and
 * `platform`, or `cancelRedirectUri` with `error=<code>`.
 */
import type { AppContext } from '../../context.ts';
import { invalid } from '../../errors.ts';
import { authEnv, authFor } from '../../platforms/auth-registry.ts';
import type { AuthEnv, ConnectedAccount, TokenSet } from '../../platforms/auth-types.ts';
import type { Platform } from '../../platforms/names.ts';
import { recordConnected, sessionPath } from '../connect-sessions/sessions.ts';
import { getIntegrations, type Integration } from '../integrations/integrations.ts';
import { offerHostedChoice } from './hosted-choice.ts';
import { mastodonEnv, storedApp } from './mastodon-apps.ts';
import { saveAccounts } from './save.ts';
import { createSelection } from './selection.ts';
import { clientFor } from './start.ts';
import { consumeState, hashOf } from './states.ts';

/** Error codes a cancelRedirectUri may receive. */
export type ConnectErrorCode =
  | 'access_denied'
  | 'authorization_failed'
  | 'state_expired'
  | 'state_used'
  | 'missing_code'
  | 'app_unavailable'
  | 'token_exchange_failed'
  | 'account_lookup_failed'
  | 'no_accounts';

export type CallbackResult =
  | { kind: 'redirect'; location: string; cookie?: string }
  | { kind: 'connected'; platform: Platform; integrations: Integration[] }
  | { kind: 'selection'; platform: Platform; selectionToken: string; expiresInSeconds: number }
  | { kind: 'failed'; platform: Platform; error: ConnectErrorCode };

export interface CallbackQuery {
  code?: string | undefined;
  state?: string | undefined;
  error?: string | undefined;
  error_reason?: string | undefined;
}

function withParams(base: string, params: Record<string, string>): string {
  const url = new URL(base);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.toString();
}

export async function handleCallback(
  ctx: AppContext,
  platform: Platform,
  query: CallbackQuery,
): Promise<CallbackResult> {
  if (!query.state) throw invalid(`The callback has no state; start again with GET /v1/connect/${platform}`);
  const consumed = await consumeState(ctx, platform, query.state);
  if (consumed.status === 'unknown')
    throw invalid(`This connect link is unknown; start again with GET /v1/connect/${platform}`);
  // A flow of the hosted connect page returns to that page, whatever happens.
  const sessionToken = consumed.row.connect_session_enc
    ? ctx.sealer.open(consumed.row.connect_session_enc)
    : null;
  const hostedPage = sessionToken ? `${ctx.config.PUBLIC_URL}${sessionPath(sessionToken)}` : null;
  const row = hostedPage
    ? { ...consumed.row, redirect_uri: hostedPage, cancel_redirect_uri: hostedPage }
    : consumed.row;
  const fail = (error: ConnectErrorCode): CallbackResult => {
    const target = row.cancel_redirect_uri ?? row.redirect_uri;
    ctx.log.info({ platform, projectId: row.project_id, error }, 'connect failed');
    return target
      ? { kind: 'redirect', location: withParams(target, { error, platform }) }
      : { kind: 'failed', platform, error };
  };
  if (consumed.status === 'used') return fail('state_used');
  if (consumed.status === 'expired') return fail('state_expired');
  const codeVerifier = consumed.status === 'ok' ? consumed.codeVerifier : null;
  if (query.error) {
    const denied = query.error === 'access_denied' || query.error_reason === 'user_denied';
    return fail(denied ? 'access_denied' : 'authorization_failed');
  }
  if (!query.code) return fail('missing_code');

  const auth = authFor(platform);
  if (auth.method !== 'oauth2') return fail('authorization_failed');
  let env: AuthEnv;
  try {
    if (row.instance) {
      // Mastodon: the code is exchanged on the instance the flow started on, with its app.
      const app = await storedApp(ctx, row.instance);
      if (!app) return fail('app_unavailable');
      env = mastodonEnv(ctx, row.instance, app);
    } else env = authEnv(ctx, platform, await clientFor(ctx, row.project_id, platform, row.app_id));
  } catch {
    return fail('app_unavailable');
  }
  let tokens: TokenSet;
  try {
    tokens = await auth.exchangeCode(env, { code: query.code, codeVerifier });
  } catch (err) {
    ctx.log.warn({ platform, err: (err as Error).message }, 'code exchange failed');
    return fail('token_exchange_failed');
  }
  let accounts: ConnectedAccount[];
  try {
    accounts = await auth.listAccounts(env, tokens);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    ctx.log.warn({ platform, err: message }, 'reading the accounts failed');
    return fail('account_lookup_failed');
  }
  if (accounts.length === 0) return fail('no_accounts');

  const common = { projectId: row.project_id, platform, profileId: row.profile_id, appId: row.app_id };
  if (auth.selection === 'choose' && (row.headless === 1 || accounts.length > 1)) {
    // Without headless, the person chooses on our page and then returns to redirectUri
    // as if there had been nothing to choose (the hosted connect page has its own step).
    if (row.headless !== 1 && row.redirect_uri && !hostedPage) {
      const choice = await offerHostedChoice(ctx, {
        ...common,
        redirectUri: row.redirect_uri,
        cancelRedirectUri: row.cancel_redirect_uri,
        accounts,
        userTokens: tokens,
      });
      return { kind: 'redirect', location: choice.location, cookie: choice.cookie };
    }
    const selection = await createSelection(ctx, {
      ...common,
      // The hosted page's own address is not kept with the selection: it holds the session token.
      redirectUri: hostedPage ? null : row.redirect_uri,
      accounts,
      userTokens: tokens,
    });
    if (!row.redirect_uri)
      return {
        kind: 'selection',
        platform,
        selectionToken: selection.token,
        expiresInSeconds: selection.expiresInSeconds,
      };
    return {
      kind: 'redirect',
      location: withParams(row.redirect_uri, {
        platform,
        // Clients of the contract look for this marker before reading the token.
        status: 'selection_required',
        selectionToken: selection.token,
        expiresInSeconds: String(selection.expiresInSeconds),
      }),
    };
  }
  const ids = await ctx.store.db.transaction().execute(async (trx) => {
    const saved = await saveAccounts(ctx, trx, { ...common, accounts, userTokens: tokens });
    if (sessionToken) await recordConnected(ctx, trx, hashOf(sessionToken), platform, saved);
    return saved;
  });
  ctx.log.info({ platform, projectId: row.project_id, integrations: ids.length }, 'accounts connected');
  if (!row.redirect_uri)
    return { kind: 'connected', platform, integrations: await getIntegrations(ctx, row.project_id, ids) };
  return { kind: 'redirect', location: connectedRedirect(row.redirect_uri, platform, ids) };
}

/** `redirectUri` with `platform`, `integrationId` (the first) and, for several, `integrationIds`. */
export function connectedRedirect(redirectUri: string, platform: Platform, ids: string[]): string {
  const params: Record<string, string> = { platform, integrationId: ids[0] ?? '' };
  if (ids.length > 1) params.integrationIds = ids.join(',');
  return withParams(redirectUri, params);
}
