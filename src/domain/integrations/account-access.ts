/**
 * Credentials of connected accounts for platform calls (publishing, deleting,
 * lookups), and the one refresh after the platform refused a token. The default
 * provider reads the integrations store; engine tests give their own through
 * AppContext. `withAccount` is the one way to call a platform for an account:
 * load fresh credentials, call, and on an auth error refresh once (single-flight
 * across nodes, by token version) and call again.
 */
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { type AccountCredentials, PlatformError } from '../../platforms/contract.ts';
import { reconnectMessage } from './reconnect-message.ts';
import { type Credentials, getFreshCredentials, markNeedsReconnect, refreshIntegration } from './tokens.ts';

/** Credentials for one call, and the token version they came from (to refresh only once). */
export interface AccountAccess {
  account: AccountCredentials;
  tokenVersion: number;
}

/** The account can not be used: `final` when only reconnecting helps, otherwise worth a retry later. */
export class AccountUnavailable extends Error {
  override name = 'AccountUnavailable';
  readonly final: boolean;
  constructor(message: string, final: boolean) {
    super(message);
    this.final = final;
  }
}

/** The platform refused the account's token even right after a refresh: the grant is gone. */
export class RefusedAfterRefresh extends AccountUnavailable {
  override name = 'RefusedAfterRefresh';
  /** The platform's second refusal. */
  readonly refusal: PlatformError;
  constructor(refusal: PlatformError) {
    super(
      `the platform refused the account's authorization even after a token refresh: ${refusal.message}. Reconnect the account.`,
      true,
    );
    this.refusal = refusal;
  }
}

export type RefreshResult =
  | { ok: true; access: AccountAccess }
  | { ok: false; final: boolean; message: string };

export interface AccountAccessProvider {
  /** Fresh credentials (refreshed first when about to expire); throws AccountUnavailable when they can not be had. */
  credentials(ctx: AppContext, integrationId: string): Promise<AccountAccess>;
  /** After the platform refused the token of version `seenTokenVersion`: one refresh across all nodes. */
  refresh(ctx: AppContext, integrationId: string, seenTokenVersion: number): Promise<RefreshResult>;
  /** The platform refused even a freshly refreshed token: the grant is gone, the account needs reconnecting. */
  refusedAfterRefresh(ctx: AppContext, integrationId: string): Promise<void>;
}

const toAccess = (c: Credentials): AccountAccess => ({
  account: {
    platformUserId: c.platformUserId,
    accessToken: c.accessToken,
    // The account's username travels with the metadata: publishers build post URLs with it.
    metadata: c.username ? { username: c.username, ...c.metadata } : c.metadata,
  },
  tokenVersion: c.tokenVersion,
});

/** The integrations store's credentials and refresh. */
export const storedAccounts: AccountAccessProvider = {
  async credentials(ctx, integrationId) {
    try {
      return toAccess(await getFreshCredentials(ctx, integrationId));
    } catch (err) {
      if (err instanceof AppError) {
        const final = err.kind === 'forbidden' || err.kind === 'not_found';
        throw new AccountUnavailable(
          err.kind === 'not_found' ? `The connected account ${integrationId} no longer exists` : err.message,
          final,
        );
      }
      throw err;
    }
  },
  async refresh(ctx, integrationId, seenTokenVersion) {
    const outcome = await refreshIntegration(ctx, integrationId, 'auth_error', seenTokenVersion);
    if ('credentials' in outcome) return { ok: true, access: toAccess(outcome.credentials) };
    if (outcome.status === 'needs_reconnect') {
      // The user's sentence names the account; the platform's refusal was logged with the refresh.
      const row = await ctx.store.db
        .selectFrom('integrations')
        .select(['platform', 'display_name', 'username'])
        .where('id', '=', integrationId)
        .executeTakeFirst();
      return {
        ok: false,
        final: true,
        message: row
          ? reconnectMessage(ctx, row, outcome.reason)
          : `The account needs reconnecting (${outcome.reason}): ${outcome.message}`,
      };
    }
    return { ok: false, final: false, message: outcome.message };
  },
  refusedAfterRefresh: (ctx, integrationId) => markNeedsReconnect(ctx, integrationId, 'token_revoked'),
};

/**
 * Calls the platform for an account: fresh credentials (or `options.access`, when
 * the caller loaded them already), then `call`; when the platform refuses the token
 * (a PlatformError of class `auth`), one refresh (single-flight across nodes, by
 * token version) and one more call. This is the one refresh-on-refusal path of the
 * service: publishing, deleting and lookups all call through it. A refresh that
 * fails is thrown as AccountUnavailable (final when only reconnecting helps); a
 * refusal of the refreshed token marks the account for reconnecting and is thrown
 * as RefusedAfterRefresh. `onRefreshed` runs after the refusal, before the second
 * call (the engine records there that a refused create made no post).
 */
export async function withAccount<T>(
  ctx: AppContext,
  integrationId: string,
  call: (account: AccountCredentials, access: AccountAccess) => Promise<T>,
  options: { access?: AccountAccess; onRefreshed?: (refused: PlatformError) => Promise<void> } = {},
): Promise<T> {
  const access = options.access ?? (await ctx.accounts.credentials(ctx, integrationId));
  try {
    return await call(access.account, access);
  } catch (err) {
    if (!(err instanceof PlatformError) || err.errorClass !== 'auth') throw err;
    const refreshed = await ctx.accounts.refresh(ctx, integrationId, access.tokenVersion);
    if (!refreshed.ok) throw new AccountUnavailable(refreshed.message, refreshed.final);
    await options.onRefreshed?.(err);
    try {
      return await call(refreshed.access.account, refreshed.access);
    } catch (again) {
      if (again instanceof PlatformError && again.errorClass === 'auth') {
        await ctx.accounts.refusedAfterRefresh(ctx, integrationId);
        throw new RefusedAfterRefresh(again);
      }
      throw again;
    }
  }
}
