/**
 * Token care for the publishing engine and the adapters.
 *
 * - `getFreshCredentials(ctx, id)`: the access token to call the platform with,
 *   refreshed first when it expires within TOKEN_REFRESH_MARGIN_SECONDS.
 * - `refreshIntegration(ctx, id, reason, seenTokenVersion?)`: after the platform
 *   answered with an auth error, or from the refresh job.
 * - `refreshExpiringTokens(ctx)`: refreshes every integration that expires soon
 *   (the proactive job calls it).
 *
 * One refresh per integration at a time across all nodes: a node refreshes only
 * while it holds the lease `integrations.refresh_lock_until` (taken with one
 * conditional UPDATE); the others wait and re-read. In one process concurrent
 * callers share a single refresh. The new access token and the rotated refresh
 * token are written by one UPDATE, conditioned on the token version the refresh
 * started from. A refresh the platform refuses for good (invalid_grant) marks
 * the integration `needs_reconnect` with a reason; a transient failure (timeout,
 * 5xx, 429) changes nothing.
 */

import type { AppContext } from '../../context.ts';
import { AppError, notFound } from '../../errors.ts';
import { countRefresh } from '../../http/service-metrics.ts';
import { authEnv, authFor } from '../../platforms/auth-registry.ts';
import type { AuthFailureReason, TokenSet } from '../../platforms/auth-types.ts';
import { isPlatform, type Platform } from '../../platforms/names.ts';
import { grantRefusal } from '../../platforms/shared/account-call.ts';
import { coalescedReads } from '../../store/coalesced-read.ts';
import { disconnectedData } from '../account-events/state.ts';
import { withEvents, writeAccountEvent } from '../account-events/write.ts';
import { appCredentials } from '../apps/apps.ts';
import { refreshAccountFacts } from './account-facts.ts';
import { type IntegrationRow, sealedTokenColumns, unsealTokens } from './integrations.ts';
import { reconnectMessage } from './reconnect-message.ts';
import { canRefresh, SELF_REFRESHING } from './refreshability.ts';

/** What a platform call needs. Never log it. */
export interface Credentials {
  integrationId: string;
  projectId: string;
  platform: Platform;
  platformUserId: string;
  /** The account's handle on the platform, when it has one (adapters build post URLs with it). */
  username: string | null;
  accessToken: string;
  accessTokenExpiresAt: string | null;
  /** The integration's platformMetadata (URNs, owning account, PDS…). */
  metadata: Record<string, unknown>;
  /** Pass it to refreshIntegration after an auth error, so a refresh done meanwhile is not repeated. */
  tokenVersion: number;
}

export type RefreshReason = 'expiring' | 'auth_error' | 'scheduled';

export type RefreshOutcome =
  | { status: 'refreshed' | 'refreshed_elsewhere' | 'not_needed'; credentials: Credentials }
  | { status: 'needs_reconnect'; reason: AuthFailureReason; message: string }
  | { status: 'transient_failure'; message: string };

const WAIT_STEP_MS = 50;

/** Accounts read to publish: concurrent jobs' reads share one query. */
const readForPublishing = coalescedReads<IntegrationRow>(async (db, ids) => {
  const rows = await db.selectFrom('integrations').selectAll().where('id', 'in', ids).execute();
  return new Map(rows.map((r) => [r.id, r]));
});

async function readRow(ctx: AppContext, id: string): Promise<IntegrationRow> {
  const row = await ctx.store.db
    .selectFrom('integrations')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw notFound('Integration');
  return row;
}

function toCredentials(ctx: AppContext, row: IntegrationRow): Credentials {
  if (!isPlatform(row.platform))
    throw new Error(`integration ${row.id} has unknown platform ${row.platform}`);
  let metadata: Record<string, unknown> = {};
  try {
    metadata = JSON.parse(row.platform_metadata) as Record<string, unknown>;
  } catch {}
  return {
    integrationId: row.id,
    projectId: row.project_id,
    platform: row.platform,
    platformUserId: row.platform_user_id,
    username: row.username,
    accessToken: unsealTokens(ctx, row).accessToken,
    accessTokenExpiresAt: row.access_token_expires_at,
    metadata,
    tokenVersion: row.token_version,
  };
}

function expiresWithin(row: IntegrationRow, ctx: AppContext, seconds: number): boolean {
  if (!row.access_token_expires_at) return false;
  return row.access_token_expires_at <= new Date(ctx.now().getTime() + seconds * 1000).toISOString();
}

function needsReconnectError(ctx: AppContext, row: IntegrationRow): AppError {
  return new AppError('forbidden', reconnectMessage(ctx, row, row.auth_failure_reason));
}

/**
 * The credentials to call the platform with for this integration, refreshed first
 * when the access token expires soon. Throws 404 for an unknown id, 403 when the
 * integration needs reconnecting, 502 when the token has expired and the platform
 * could not refresh it just now.
 */
export async function getFreshCredentials(ctx: AppContext, integrationId: string): Promise<Credentials> {
  const row = await readForPublishing(ctx.store.db, integrationId);
  if (!row) throw notFound('Integration');
  if (row.auth_status !== 'active') throw needsReconnectError(ctx, row);
  if (!expiresWithin(row, ctx, ctx.config.TOKEN_REFRESH_MARGIN_SECONDS) || !canRefresh(row))
    return toCredentials(ctx, row);
  const outcome = await refreshIntegration(ctx, integrationId, 'expiring');
  if ('credentials' in outcome) return outcome.credentials;
  if (outcome.status === 'needs_reconnect') throw needsReconnectError(ctx, await readRow(ctx, integrationId));
  // Transient: the current token is still usable if it has not expired yet.
  if (!expiresWithin(row, ctx, 0)) return toCredentials(ctx, row);
  throw new AppError('platform_error', `Could not refresh the ${row.platform} token: ${outcome.message}`);
}

/** Refreshes running in this process (per context, which stands for one node), by integration id. */
const inFlightByNode = new WeakMap<AppContext, Map<string, Promise<RefreshOutcome>>>();

/**
 * Refreshes the integration's token. `seenTokenVersion` is the version the caller
 * used when the platform refused it; if the token changed since, the new one is
 * returned without another refresh.
 */
export function refreshIntegration(
  ctx: AppContext,
  integrationId: string,
  reason: RefreshReason,
  seenTokenVersion?: number,
): Promise<RefreshOutcome> {
  let inFlight = inFlightByNode.get(ctx);
  if (!inFlight) {
    inFlight = new Map();
    inFlightByNode.set(ctx, inFlight);
  }
  const running = inFlight.get(integrationId);
  if (running) return running;
  const node = inFlight;
  const started = refreshUnderLease(ctx, integrationId, reason, seenTokenVersion).finally(() =>
    node.delete(integrationId),
  );
  inFlight.set(integrationId, started);
  return started;
}

async function refreshUnderLease(
  ctx: AppContext,
  id: string,
  reason: RefreshReason,
  seenTokenVersion: number | undefined,
): Promise<RefreshOutcome> {
  const leaseMs = ctx.config.PLATFORM_TIMEOUT_MS * 2 + 5000;
  const deadline = Date.now() + leaseMs + 5000;
  const first = await readRow(ctx, id);
  const startVersion = seenTokenVersion ?? first.token_version;
  for (;;) {
    const row = await readRow(ctx, id);
    if (row.auth_status !== 'active')
      return {
        status: 'needs_reconnect',
        reason: (row.auth_failure_reason as AuthFailureReason | null) ?? 'refresh_failed',
        message: 'The integration needs reconnecting',
      };
    if (row.token_version !== startVersion)
      return { status: 'refreshed_elsewhere', credentials: toCredentials(ctx, row) };
    if (reason === 'expiring' && !expiresWithin(row, ctx, ctx.config.TOKEN_REFRESH_MARGIN_SECONDS))
      return { status: 'not_needed', credentials: toCredentials(ctx, row) };
    const now = ctx.now();
    const taken = await ctx.store.db
      .updateTable('integrations')
      .set({ refresh_lock_until: new Date(now.getTime() + leaseMs).toISOString() })
      .where('id', '=', id)
      .where('token_version', '=', row.token_version)
      .where((eb) =>
        eb.or([eb('refresh_lock_until', 'is', null), eb('refresh_lock_until', '<', now.toISOString())]),
      )
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) === 1) {
      const outcome = await refreshHoldingLease(ctx, row, reason);
      countRefresh(ctx, row.platform, outcome.status);
      return outcome;
    }
    if (Date.now() > deadline)
      return { status: 'transient_failure', message: 'another refresh of this integration did not finish' };
    // Another node holds the lease: wait for it to write the new token (or let the lease lapse).
    await new Promise((r) => setTimeout(r, WAIT_STEP_MS));
  }
}

async function refreshHoldingLease(
  ctx: AppContext,
  row: IntegrationRow,
  reason: RefreshReason,
): Promise<RefreshOutcome> {
  const platform = row.platform as Platform;
  const auth = authFor(platform);
  const release = () =>
    ctx.store.db
      .updateTable('integrations')
      .set({ refresh_lock_until: null })
      .where('id', '=', row.id)
      .execute();
  const nowIso = ctx.now().toISOString();
  let failure: { reason: AuthFailureReason; message: string } | null = null;
  if (!auth.refresh || !canRefresh(row))
    failure = {
      reason: reason === 'auth_error' ? 'token_revoked' : 'token_expired',
      message: `${platform} tokens can not be refreshed without the user`,
    };
  else if (row.refresh_token_expires_at && row.refresh_token_expires_at <= nowIso)
    failure = { reason: 'token_expired', message: 'the refresh token has expired' };
  else if (
    SELF_REFRESHING.has(platform) &&
    row.access_token_expires_at &&
    row.access_token_expires_at <= nowIso
  )
    failure = { reason: 'token_expired', message: 'the long-lived token has expired' };
  if (failure) {
    await markNeedsReconnect(ctx, row.id, failure.reason);
    ctx.log.warn(
      { integrationId: row.id, platform, reason: failure.reason },
      'integration needs reconnecting',
    );
    return { status: 'needs_reconnect', ...failure };
  }
  let tokens: TokenSet;
  let env: ReturnType<typeof authEnv>;
  try {
    const client = row.app_id ? await appCredentials(ctx, row.project_id, row.app_id, platform) : null;
    env = authEnv(ctx, platform, client);
    tokens = await auth.refresh!(env, unsealTokens(ctx, row));
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    // A refused grant or account needs the user; no answer, 5xx, 429 or an odd answer may pass.
    const refused = grantRefusal(err);
    if (refused) {
      await markNeedsReconnect(ctx, row.id, refused);
      ctx.log.warn({ integrationId: row.id, platform, reason: refused, err: message }, 'refresh refused');
      return { status: 'needs_reconnect', reason: refused, message };
    }
    await release();
    ctx.log.warn({ integrationId: row.id, platform, err: message }, 'refresh failed for now; will retry');
    return { status: 'transient_failure', message };
  }
  // New access token and rotated refresh token land together, only over the version we started from.
  const written = await ctx.store.db
    .updateTable('integrations')
    .set((eb) => ({
      ...sealedTokenColumns(ctx, tokens),
      token_version: eb('token_version', '+', 1),
      refresh_lock_until: null,
      auth_status: 'active',
      auth_failure_reason: null,
      updated_at: ctx.now().toISOString(),
    }))
    .where('id', '=', row.id)
    .where('token_version', '=', row.token_version)
    .executeTakeFirst();
  if (Number(written.numUpdatedRows) !== 1) {
    // Reconnected meanwhile: the user's new tokens win.
    return { status: 'refreshed_elsewhere', credentials: toCredentials(ctx, await readRow(ctx, row.id)) };
  }
  ctx.log.info({ integrationId: row.id, platform, reason }, 'token refreshed');
  if (auth.method === 'oauth2' && auth.refreshFacts)
    await refreshAccountFacts(ctx, row, auth.refreshFacts, env, tokens);
  return { status: 'refreshed', credentials: toCredentials(ctx, await readRow(ctx, row.id)) };
}

/**
 * Marks the integration as needing the user to connect again (publishing to it
 * answers 403). The move from active writes account.disconnected in the same
 * transaction; marking an integration that already needs reconnecting only
 * updates the reason, so the event is sent once per disconnection.
 */
export async function markNeedsReconnect(
  ctx: AppContext,
  id: string,
  reason: AuthFailureReason,
): Promise<void> {
  await withEvents(ctx, async (trx) => {
    const read = trx.selectFrom('integrations').selectAll().where('id', '=', id);
    const before = await (ctx.store.dialect === 'postgres' ? read.forUpdate() : read).executeTakeFirst();
    if (!before) return;
    await trx
      .updateTable('integrations')
      .set({
        auth_status: 'needs_reconnect',
        auth_failure_reason: reason,
        refresh_lock_until: null,
        updated_at: ctx.now().toISOString(),
      })
      .where('id', '=', id)
      .execute();
    if (before.auth_status === 'active')
      await writeAccountEvent(ctx, trx, {
        type: 'account.disconnected',
        projectId: before.project_id,
        data: disconnectedData(before, reason),
      });
  });
}

/**
 * Refreshes active integrations whose token expires soon: within
 * 2 × TOKEN_REFRESH_MARGIN_SECONDS, or within 7 days for Instagram and Threads
 * (60-day tokens that must be refreshed before they lapse). Answers how many
 * were refreshed and how many failed. Safe to run on every node at once.
 */
export async function refreshExpiringTokens(
  ctx: AppContext,
  options: { limit?: number } = {},
): Promise<{ refreshed: number; needsReconnect: number; failed: number }> {
  const now = ctx.now().getTime();
  const soon = new Date(now + ctx.config.TOKEN_REFRESH_MARGIN_SECONDS * 2000).toISOString();
  const week = new Date(now + 7 * 86400_000).toISOString();
  const rows = await ctx.store.db
    .selectFrom('integrations')
    .select(['id', 'platform', 'refresh_token_enc', 'access_token_expires_at'])
    .where('auth_status', '=', 'active')
    .where('access_token_expires_at', 'is not', null)
    .where('access_token_expires_at', '<=', week)
    .orderBy('access_token_expires_at', 'asc')
    .limit(options.limit ?? 200)
    .execute();
  const result = { refreshed: 0, needsReconnect: 0, failed: 0 };
  for (const row of rows) {
    const window = SELF_REFRESHING.has(row.platform) ? week : soon;
    if (!canRefresh(row) || (row.access_token_expires_at ?? '') > window) continue;
    const outcome = await refreshIntegration(ctx, row.id, 'scheduled');
    if (outcome.status === 'refreshed' || outcome.status === 'refreshed_elsewhere') result.refreshed++;
    else if (outcome.status === 'needs_reconnect') result.needsReconnect++;
    else if (outcome.status === 'transient_failure') result.failed++;
  }
  return result;
}
