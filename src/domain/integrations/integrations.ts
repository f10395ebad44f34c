/**
 * Integrations (connected accounts): the views the API answers with, listing,
 * reading, moving between profiles, disconnecting, and the upsert that connect
 * flows use (the same platform account connected again updates its integration).
 * Tokens are sealed at rest and never leave this module unsealed except through
 * tokens.ts.
 */
import { type Selectable, sql, type Transaction } from 'kysely';
import type { AppContext } from '../../context.ts';
import { forbidden, notFound } from '../../errors.ts';
import { authEnv, authFor } from '../../platforms/auth-registry.ts';
import type { ConnectedAccount, TokenSet } from '../../platforms/auth-types.ts';
import { isPlatform } from '../../platforms/names.ts';
import { containsPattern } from '../../store/like.ts';
import type { Database } from '../../store/schema.ts';
import { reconnectedData, removedData } from '../account-events/state.ts';
import { withEvents, writeAccountEvent } from '../account-events/write.ts';
import { appCredentials, appSummaries } from '../apps/apps.ts';
import { changedFields, recordAudit } from '../audit/record.ts';
import { mastodonEnv, storedApp } from '../connect/mastodon-apps.ts';
import { newId } from '../ids.ts';
import { limitedTo, type ProjectReach, profileInReach, projectOf } from '../teams/reach.ts';
import { autoRefreshes } from './refreshability.ts';

export type IntegrationRow = Selectable<Database['integrations']>;

export interface AppSummary {
  id: string;
  name: string;
  imageUrl: string | null;
}

export interface Integration {
  id: string;
  platform: string;
  platformUserId: string;
  username: string | null;
  displayName: string | null;
  profileUrl: string | null;
  imageUrl: string | null;
  platformMetadata: Record<string, unknown>;
  profileId: string | null;
  appId: string | null;
  app: AppSummary | null;
  byok: boolean;
  /** The account lives on the sandbox simulator: nothing published through it reaches the real platform. */
  sandbox: boolean;
  authStatus: string;
  authFailureReason: string | null;
  createdAt: string;
}

export interface TokenStatus {
  valid: boolean;
  autoRefreshes: boolean;
  /** True when only the user can restore access: publishing to the account fails until they reconnect. */
  reconnectRequired: boolean;
  /** Why it must reconnect (authFailureReason values); null when it need not. */
  reason: string | null;
}

/**
 * The token's state as a client acts on it: a stored failure (needs_reconnect or
 * revoked) always needs the user; so does an expired access token that can not be
 * renewed without them.
 */
export function tokenStatusOf(r: IntegrationRow, now: string): TokenStatus {
  const active = r.auth_status === 'active';
  const unexpired = r.access_token_expires_at === null || r.access_token_expires_at > now;
  const refreshes = active && autoRefreshes(r, now);
  if (!active) {
    const reason =
      r.auth_failure_reason ?? (r.auth_status === 'revoked' ? 'token_revoked' : 'refresh_failed');
    return { valid: false, autoRefreshes: false, reconnectRequired: true, reason };
  }
  if (!unexpired && !refreshes)
    return { valid: false, autoRefreshes: false, reconnectRequired: true, reason: 'token_expired' };
  return { valid: unexpired, autoRefreshes: refreshes, reconnectRequired: false, reason: null };
}

export interface IntegrationDetail extends Integration {
  scopes: string[];
  accessTokenExpiresAt: string | null;
  refreshTokenExpiresAt: string | null;
  tokenStatus: TokenStatus;
  updatedAt: string;
}

const parseJson = <T>(text: string, fallback: T): T => {
  try {
    return JSON.parse(text) as T;
  } catch {
    return fallback;
  }
};

function toIntegration(ctx: AppContext, r: IntegrationRow, apps: Map<string, AppSummary>): Integration {
  return {
    id: r.id,
    platform: r.platform,
    platformUserId: r.platform_user_id,
    username: r.username,
    displayName: r.display_name,
    profileUrl: r.profile_url,
    imageUrl: r.image_url,
    platformMetadata: parseJson(r.platform_metadata, {}),
    profileId: r.profile_id,
    appId: r.app_id,
    app: r.app_id ? (apps.get(r.app_id) ?? null) : null,
    byok: r.app_id !== null,
    sandbox: isPlatform(r.platform) && ctx.endpoints[r.platform].mode === 'sandbox',
    authStatus: r.auth_status,
    authFailureReason: r.auth_failure_reason,
    createdAt: r.created_at,
  };
}

function toDetail(ctx: AppContext, r: IntegrationRow, apps: Map<string, AppSummary>): IntegrationDetail {
  const now = ctx.now().toISOString();
  return {
    ...toIntegration(ctx, r, apps),
    scopes: parseJson(r.scopes, []),
    accessTokenExpiresAt: r.access_token_expires_at,
    refreshTokenExpiresAt: r.refresh_token_expires_at,
    tokenStatus: tokenStatusOf(r, now),
    updatedAt: r.updated_at,
  };
}

async function withApps(ctx: AppContext, projectId: string, rows: IntegrationRow[]) {
  const ids = [...new Set(rows.map((r) => r.app_id).filter((id): id is string => id !== null))];
  return appSummaries(ctx, projectId, ids);
}

export interface ListQuery {
  platform?: string | undefined;
  profileId?: string | undefined;
  q?: string | undefined;
  limit: number;
  offset: number;
  sort: 'asc' | 'desc';
}

export async function listIntegrations(
  ctx: AppContext,
  reach: ProjectReach,
  query: ListQuery,
): Promise<{ total: number; integrations: Integration[] }> {
  const projectId = projectOf(reach);
  let base = ctx.store.db
    .selectFrom('integrations')
    .where('project_id', '=', projectId)
    .where(profileInReach(reach, 'profile_id'));
  if (query.platform) base = base.where('platform', '=', query.platform);
  if (query.profileId === 'null') base = base.where('profile_id', 'is', null);
  else if (query.profileId) base = base.where('profile_id', '=', query.profileId);
  if (query.q) {
    const pattern = containsPattern(query.q);
    base = base.where(
      sql<boolean>`(lower(coalesce(display_name, '')) like ${pattern} escape '\\' or lower(coalesce(username, '')) like ${pattern} escape '\\' or lower(platform_user_id) like ${pattern} escape '\\')`,
    );
  }
  const [rows, total] = await Promise.all([
    base
      .selectAll()
      .orderBy('created_at', query.sort)
      .orderBy('id', query.sort)
      .limit(query.limit)
      .offset(query.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const apps = await withApps(ctx, projectId, rows);
  return { total: Number(total.n), integrations: rows.map((r) => toIntegration(ctx, r, apps)) };
}

export async function findIntegrationRow(
  ctx: AppContext,
  reach: ProjectReach,
  id: string,
): Promise<IntegrationRow> {
  const row = await ctx.store.db
    .selectFrom('integrations')
    .selectAll()
    .where('project_id', '=', projectOf(reach))
    .where('id', '=', id)
    .where(profileInReach(reach, 'profile_id'))
    .executeTakeFirst();
  if (!row) throw notFound('Integration');
  return row;
}

export async function getIntegration(
  ctx: AppContext,
  reach: ProjectReach,
  id: string,
): Promise<IntegrationDetail> {
  const projectId = projectOf(reach);
  const row = await findIntegrationRow(ctx, reach, id);
  return toDetail(ctx, row, await withApps(ctx, projectId, [row]));
}

export async function getIntegrations(
  ctx: AppContext,
  projectId: string,
  ids: string[],
): Promise<Integration[]> {
  if (ids.length === 0) return [];
  const rows = await ctx.store.db
    .selectFrom('integrations')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('id', 'in', ids)
    .execute();
  const apps = await withApps(ctx, projectId, rows);
  const byId = new Map(rows.map((r) => [r.id, toIntegration(ctx, r, apps)]));
  return ids.map((id) => byId.get(id)).filter((i): i is Integration => i !== undefined);
}

/**
 * Moves an integration to another profile of the same project, or to none. The
 * move never conflicts (no 409): it holds the target profile's row (FOR UPDATE
 * on PostgreSQL; SQLite runs one write transaction at a time) while it writes, so
 * a delete of that profile runs wholly before it (the move then answers 404,
 * Profile not found) or wholly after it (the delete leaves the moved integration
 * unassigned, as it does every integration of the profile). An integration never
 * points at a deleted profile.
 */
export async function moveIntegration(
  ctx: AppContext,
  reach: ProjectReach,
  id: string,
  profileId: string | null,
): Promise<IntegrationDetail> {
  const projectId = projectOf(reach);
  // Unassigning would put the account out of a limited caller's reach.
  if (profileId === null && limitedTo(reach) !== null)
    throw forbidden('A caller limited to some profiles can only move an account to one of them');
  await ctx.store.db.transaction().execute(async (trx) => {
    if (profileId !== null) {
      const q = trx
        .selectFrom('profiles')
        .select('id')
        .where('project_id', '=', projectId)
        .where('id', '=', profileId)
        .where(profileInReach(reach, 'id'));
      const profile = await (ctx.store.dialect === 'postgres' ? q.forUpdate() : q).executeTakeFirst();
      if (!profile) throw notFound('Profile');
    }
    const before = await trx
      .selectFrom('integrations')
      .select(['profile_id', 'platform', 'username', 'display_name'])
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .where(profileInReach(reach, 'profile_id'))
      .executeTakeFirst();
    if (!before) throw notFound('Integration');
    await trx
      .updateTable('integrations')
      .set({ profile_id: profileId, updated_at: ctx.now().toISOString() })
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .execute();
    await recordAudit(trx, ctx, {
      projectId,
      action: 'integration.moved',
      object: { type: 'integration', id, label: integrationLabel(before) },
      summary: changedFields({ profileId: before.profile_id }, { profileId }),
    });
  });
  return getIntegration(ctx, reach, id);
}

/**
 * Disconnects: revokes the token at the platform where it can (best effort; a
 * platform that fails does not keep the integration alive) and deletes the row,
 * noting its id in removed_integrations in the same transaction (the posts list
 * finds the targets of disconnected integrations by it).
 */
export async function deleteIntegration(ctx: AppContext, reach: ProjectReach, id: string): Promise<void> {
  const projectId = projectOf(reach);
  const row = await findIntegrationRow(ctx, reach, id);
  await revokeAtPlatform(ctx, row).catch((err: Error) =>
    ctx.log.warn(
      { integrationId: id, platform: row.platform, err: err.message },
      'revocation failed; deleting anyway',
    ),
  );
  await withEvents(ctx, async (trx) => {
    await trx
      .insertInto('removed_integrations')
      .values({ project_id: projectId, integration_id: id, removed_at: ctx.now().toISOString() })
      .onConflict((oc) => oc.doNothing())
      .execute();
    const gone = await trx
      .deleteFrom('integrations')
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .executeTakeFirst();
    // A concurrent delete that won already announced it.
    if (Number(gone.numDeletedRows) === 1) {
      await writeAccountEvent(ctx, trx, { type: 'account.removed', projectId, data: removedData(row) });
      await recordAudit(trx, ctx, {
        projectId,
        action: 'integration.deleted',
        object: { type: 'integration', id, label: integrationLabel(row) },
      });
    }
  });
}

/** How a person recognizes an account: `linkedin Acme Corp (@acme)`. */
export function integrationLabel(row: {
  platform: string;
  username: string | null;
  display_name: string | null;
}): string {
  const name = row.display_name ?? row.username ?? '';
  const handle = row.username && row.username !== name ? ` (@${row.username})` : '';
  return `${row.platform} ${name}${handle}`.trim();
}

async function revokeAtPlatform(ctx: AppContext, row: IntegrationRow): Promise<void> {
  if (!isPlatform(row.platform) || !row.access_token_enc) return;
  const auth = authFor(row.platform);
  if (!auth.revoke) return;
  if (row.platform === 'mastodon') {
    // On the account's own instance, with the app the service registered there.
    const instance = mastodonInstanceOf(row.platform_metadata);
    const app = instance ? await storedApp(ctx, instance) : null;
    if (instance && app) await auth.revoke(mastodonEnv(ctx, instance, app), unsealTokens(ctx, row));
    return;
  }
  const client = row.app_id ? await appCredentials(ctx, row.project_id, row.app_id, row.platform) : null;
  await auth.revoke(authEnv(ctx, row.platform, client), unsealTokens(ctx, row));
}

function mastodonInstanceOf(metadata: string | null): string | null {
  try {
    const instance = (JSON.parse(metadata ?? '{}') as { instance?: unknown }).instance;
    return typeof instance === 'string' ? instance : null;
  } catch {
    return null;
  }
}

/** The row's tokens, unsealed (for tokens.ts and revocation only). */
export function unsealTokens(ctx: AppContext, row: IntegrationRow): TokenSet {
  return {
    accessToken: row.access_token_enc ? ctx.sealer.open(row.access_token_enc) : '',
    refreshToken: row.refresh_token_enc ? ctx.sealer.open(row.refresh_token_enc) : null,
    accessTokenExpiresAt: row.access_token_expires_at,
    refreshTokenExpiresAt: row.refresh_token_expires_at,
    scopes: parseJson(row.scopes, []),
  };
}

/** The columns that store a TokenSet, sealed. */
export function sealedTokenColumns(ctx: AppContext, tokens: TokenSet) {
  return {
    access_token_enc: ctx.sealer.seal(tokens.accessToken),
    refresh_token_enc: tokens.refreshToken ? ctx.sealer.seal(tokens.refreshToken) : null,
    access_token_expires_at: tokens.accessTokenExpiresAt,
    refresh_token_expires_at: tokens.refreshTokenExpiresAt,
    scopes: JSON.stringify(tokens.scopes),
  };
}

export interface UpsertInput {
  projectId: string;
  platform: string;
  account: ConnectedAccount;
  tokens: TokenSet;
  profileId: string | null;
  appId: string | null;
}

/**
 * Creates the integration, or updates the one of the same platform account (and
 * app): fresh tokens, profile facts, active again. A given profileId moves it.
 */
export async function upsertIntegration(
  ctx: AppContext,
  trx: Transaction<Database>,
  input: UpsertInput,
): Promise<string> {
  const now = ctx.now().toISOString();
  const { account } = input;
  const facts = {
    username: account.username,
    display_name: account.displayName,
    profile_url: account.profileUrl,
    image_url: account.imageUrl,
    platform_metadata: JSON.stringify({ type: account.type, ...account.metadata }),
    ...sealedTokenColumns(ctx, input.tokens),
    auth_status: 'active',
    auth_failure_reason: null,
    refresh_lock_until: null,
    updated_at: now,
  };
  let existing = trx
    .selectFrom('integrations')
    .select(['id', 'profile_id', 'auth_status'])
    .where('project_id', '=', input.projectId)
    .where('platform', '=', input.platform)
    .where('platform_user_id', '=', account.platformUserId);
  existing = input.appId ? existing.where('app_id', '=', input.appId) : existing.where('app_id', 'is', null);
  const found = await existing.executeTakeFirst();
  if (found) {
    // Usable again after its authorization broke: say so in this same transaction.
    if (found.auth_status !== 'active')
      await writeAccountEvent(ctx, trx, {
        type: 'account.reconnected',
        projectId: input.projectId,
        data: reconnectedData({
          id: found.id,
          project_id: input.projectId,
          platform: input.platform,
          display_name: account.displayName,
          username: account.username,
          profile_id: input.profileId ?? found.profile_id,
        }),
      });
    await trx
      .updateTable('integrations')
      .set((eb) => ({
        ...facts,
        profile_id: input.profileId ?? found.profile_id,
        token_version: eb('token_version', '+', 1),
      }))
      .where('id', '=', found.id)
      .execute();
    await recordAudit(trx, ctx, {
      projectId: input.projectId,
      action: 'integration.reconnected',
      object: { type: 'integration', id: found.id, label: integrationLabel(namingOf(input)) },
    });
    return found.id;
  }
  const id = newId('int');
  await trx
    .insertInto('integrations')
    .values({
      id,
      project_id: input.projectId,
      profile_id: input.profileId,
      platform: input.platform,
      platform_user_id: account.platformUserId,
      app_id: input.appId,
      created_at: now,
      ...facts,
    })
    .execute();
  await recordAudit(trx, ctx, {
    projectId: input.projectId,
    action: 'integration.connected',
    object: { type: 'integration', id, label: integrationLabel(namingOf(input)) },
    summary: { profileId: input.profileId },
  });
  return id;
}

const namingOf = (input: UpsertInput) => ({
  platform: input.platform,
  username: input.account.username,
  display_name: input.account.displayName,
});
