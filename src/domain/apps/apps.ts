/**
 * Customer OAuth apps (bring your own keys): a project registers its own client
 * id and secret for a platform and connects accounts under it with `appId`.
 * The secret is sealed at rest and never returned. clientId and platform are
 * immutable because a refresh token is bound to the client that issued it.
 */
import { sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import { AppError, conflict, invalid, notFound } from '../../errors.ts';
import type { ClientCredentials } from '../../platforms/auth-types.ts';
import type { Platform } from '../../platforms/names.ts';
import { containsPattern } from '../../store/like.ts';
import type { OAuthAppsTable } from '../../store/tables/connect.ts';
import { isUniqueViolation } from '../../store/unique-violation.ts';
import { changedFields, recordAudit } from '../audit/record.ts';
import { newId } from '../ids.ts';

export interface OAuthApp {
  id: string;
  platform: string;
  name: string;
  imageUrl: string | null;
  clientId: string;
  integrationCount: number;
  createdAt: string;
  updatedAt: string;
}

type Row = OAuthAppsTable & { integration_count: number | string | null };

const toApp = (r: Row): OAuthApp => ({
  id: r.id,
  platform: r.platform,
  name: r.name,
  imageUrl: r.image_url,
  clientId: r.client_id,
  integrationCount: Number(r.integration_count ?? 0),
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

function selectApps(ctx: AppContext, projectId: string) {
  return ctx.store.db
    .selectFrom('oauth_apps')
    .selectAll('oauth_apps')
    .select((eb) =>
      eb
        .selectFrom('integrations')
        .select(eb.fn.countAll<number>().as('n'))
        .whereRef('integrations.app_id', '=', 'oauth_apps.id')
        .where('integrations.project_id', '=', projectId)
        .as('integration_count'),
    )
    .where('oauth_apps.project_id', '=', projectId);
}

export async function createApp(
  ctx: AppContext,
  projectId: string,
  input: {
    platform: Platform;
    name: string;
    clientId: string;
    clientSecret: string;
    imageUrl?: string | null;
  },
): Promise<OAuthApp> {
  if (input.platform === 'bluesky')
    throw invalid('platform bluesky connects with app passwords and has no OAuth apps');
  const now = ctx.now().toISOString();
  const id = newId('app');
  try {
    await ctx.store.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('oauth_apps')
        .values({
          id,
          project_id: projectId,
          platform: input.platform,
          name: input.name,
          image_url: input.imageUrl ?? null,
          client_id: input.clientId,
          client_secret_enc: ctx.sealer.seal(input.clientSecret),
          created_at: now,
          updated_at: now,
        })
        .execute();
      await recordAudit(trx, ctx, {
        projectId,
        action: 'app.created',
        object: { type: 'app', id, label: `${input.platform} ${input.name}` },
        summary: { clientId: input.clientId },
      });
    });
  } catch (err) {
    if (isUniqueViolation(err))
      throw conflict(
        `An app with clientId ${input.clientId} for ${input.platform} already exists in this project`,
      );
    throw err;
  }
  return getApp(ctx, projectId, id);
}

export async function getApp(ctx: AppContext, projectId: string, id: string): Promise<OAuthApp> {
  const row = await selectApps(ctx, projectId).where('oauth_apps.id', '=', id).executeTakeFirst();
  if (!row) throw notFound('App');
  return toApp(row);
}

export async function listApps(
  ctx: AppContext,
  projectId: string,
  q: { page: number; limit: number; platform?: string | undefined; name?: string | undefined },
): Promise<{ total: number; apps: OAuthApp[] }> {
  let base = selectApps(ctx, projectId);
  let count = ctx.store.db
    .selectFrom('oauth_apps')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('project_id', '=', projectId);
  if (q.platform) {
    base = base.where('oauth_apps.platform', '=', q.platform);
    count = count.where('platform', '=', q.platform);
  }
  if (q.name) {
    const pattern = containsPattern(q.name);
    base = base.where(sql<boolean>`lower(oauth_apps.name) like ${pattern} escape '\\'`);
    count = count.where(sql<boolean>`lower(name) like ${pattern} escape '\\'`);
  }
  const [rows, total] = await Promise.all([
    base
      .orderBy('oauth_apps.created_at', 'desc')
      .orderBy('oauth_apps.id', 'desc')
      .limit(q.limit)
      .offset((q.page - 1) * q.limit)
      .execute(),
    count.executeTakeFirstOrThrow(),
  ]);
  return { total: Number(total.n), apps: rows.map(toApp) };
}

export async function updateApp(
  ctx: AppContext,
  projectId: string,
  id: string,
  patch: {
    name?: string | undefined;
    imageUrl?: string | null | undefined;
    clientSecret?: string | undefined;
  },
): Promise<OAuthApp> {
  const set: Partial<OAuthAppsTable> = { updated_at: ctx.now().toISOString() };
  if (patch.name !== undefined) set.name = patch.name;
  if (patch.imageUrl !== undefined) set.image_url = patch.imageUrl;
  if (patch.clientSecret !== undefined) set.client_secret_enc = ctx.sealer.seal(patch.clientSecret);
  await ctx.store.db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('oauth_apps')
      .select(['name', 'image_url', 'platform'])
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!before) throw notFound('App');
    await trx
      .updateTable('oauth_apps')
      .set(set)
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .execute();
    const changed = changedFields(
      { name: before.name, imageUrl: before.image_url },
      { name: patch.name, imageUrl: patch.imageUrl },
    );
    await recordAudit(trx, ctx, {
      projectId,
      action: 'app.updated',
      object: { type: 'app', id, label: `${before.platform} ${set.name ?? before.name}` },
      // The secret itself is never recorded, only that it changed.
      summary: patch.clientSecret !== undefined ? { ...changed, clientSecret: 'replaced' } : changed,
    });
  });
  return getApp(ctx, projectId, id);
}

/** Deletes an app no integration uses; 409 while some still do. */
export async function deleteApp(ctx: AppContext, projectId: string, id: string): Promise<void> {
  await ctx.store.db.transaction().execute(async (trx) => {
    const app = await trx
      .selectFrom('oauth_apps')
      .select(['id', 'name', 'platform'])
      .where('project_id', '=', projectId)
      .where('id', '=', id)
      .executeTakeFirst();
    if (!app) throw notFound('App');
    const used = await trx
      .selectFrom('integrations')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('project_id', '=', projectId)
      .where('app_id', '=', id)
      .executeTakeFirstOrThrow();
    if (Number(used.n) > 0)
      throw conflict(
        `App ${id} is used by ${used.n} integration(s); disconnect them before deleting the app`,
      );
    await trx.deleteFrom('oauth_apps').where('project_id', '=', projectId).where('id', '=', id).execute();
    await recordAudit(trx, ctx, {
      projectId,
      action: 'app.deleted',
      object: { type: 'app', id, label: `${app.platform} ${app.name}` },
    });
  });
}

/** The client id and secret of a project's app for a platform (connect flows and refresh). */
export async function appCredentials(
  ctx: AppContext,
  projectId: string,
  appId: string,
  platform: Platform,
): Promise<ClientCredentials> {
  const row = await ctx.store.db
    .selectFrom('oauth_apps')
    .select(['platform', 'client_id', 'client_secret_enc'])
    .where('project_id', '=', projectId)
    .where('id', '=', appId)
    .executeTakeFirst();
  if (!row) throw notFound('App');
  if (row.platform !== platform)
    throw new AppError('invalid', `App ${appId} is a ${row.platform} app, not a ${platform} app`);
  return { clientId: row.client_id, clientSecret: ctx.sealer.open(row.client_secret_enc) };
}

/** Name and image of apps by id, for integration answers. */
export async function appSummaries(
  ctx: AppContext,
  projectId: string,
  ids: string[],
): Promise<Map<string, { id: string; name: string; imageUrl: string | null }>> {
  const out = new Map<string, { id: string; name: string; imageUrl: string | null }>();
  if (ids.length === 0) return out;
  const rows = await ctx.store.db
    .selectFrom('oauth_apps')
    .select(['id', 'name', 'image_url'])
    .where('project_id', '=', projectId)
    .where('id', 'in', ids)
    .execute();
  for (const r of rows) out.set(r.id, { id: r.id, name: r.name, imageUrl: r.image_url });
  return out;
}
