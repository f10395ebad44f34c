/**
 * One record of each kind a request can name (test/route-table.ts IdKind), made for
 * a given project the way a client would (through the API where the API makes it),
 * and the database read the generated tests compare before and after: every row a
 * project owns, and row counts of every table.
 */
import { randomInt, randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { AppContext } from '../src/context.ts';
import { createSelection } from '../src/domain/connect/selection.ts';
import { hashOf } from '../src/domain/connect/states.ts';
import { newCredential } from '../src/domain/credentials.ts';
import { newId } from '../src/domain/ids.ts';
import { hashKey } from '../src/domain/projects/keys.ts';
import { addMembership } from '../src/domain/teams/members.ts';
import { ensurePerson } from '../src/domain/teams/people.ts';
import { png } from '../src/media/testing.ts';
import type { Platform } from '../src/platforms/names.ts';
import { DEFAULT_REGISTRY } from '../src/platforms/registry.ts';
import type { Simulator } from '../src/simulator/index.ts';
import { insertIntegration } from './fake-adapter.ts';
import type { TestService } from './harness.ts';
import { FUTURE } from './posts-fixtures.ts';
import type { IdKind, IdMaker } from './route-table.ts';

export interface Project {
  projectId: string;
  accessKey: string;
}

/** The table each kind lives in and the prefix of its ids (for an id that never existed). */
export const KIND_TABLES: Record<IdKind, { table: string; prefix: string }> = {
  profile: { table: 'profiles', prefix: 'prof' },
  integration: { table: 'integrations', prefix: 'int' },
  post: { table: 'posts', prefix: 'post' },
  app: { table: 'oauth_apps', prefix: 'app' },
  notification: { table: 'notification_subscriptions', prefix: 'ntf' },
  delivery: { table: 'notification_deliveries', prefix: 'dlv' },
  selection: { table: 'selection_tokens', prefix: 'sel' },
  series: { table: 'post_series', prefix: 'ser' },
  media: { table: 'media_uploads', prefix: 'media' },
  key: { table: 'access_keys', prefix: 'key' },
  member: { table: 'members', prefix: 'mem' },
  invitation: { table: 'account_tokens', prefix: 'inv' },
  note: { table: 'post_notes', prefix: 'note' },
  reviewLink: { table: 'review_links', prefix: 'rvl' },
  // Keyed by the token's hash (recordOf).
  reviewToken: { table: 'review_links', prefix: 'rvt' },
};

/** An id of `kind` that no project has. */
export const unknownId = (kind: IdKind): string =>
  kind === 'selection'
    ? newCredential('selection')
    : kind === 'reviewToken'
      ? newCredential('reviewLink')
      : newId(KIND_TABLES[kind].prefix);

const SELECTION_PLATFORMS: Platform[] = ['facebook', 'linkedin', 'googlebusiness'];

/**
 * Makes each kind once per platform for `project` and reuses it; `fresh()` forgets what was made.
 * Accounts, notification subscriptions and selections go under the maker's profile: `profileId`
 * when given (every record of one profile, for the profile-scope tests), else one it makes.
 */
export function fixtureMaker(
  t: TestService,
  sim: Simulator,
  project: Project,
  options: { profileId?: string } = {},
): IdMaker & { fresh(): void } {
  let made = new Map<string, Promise<string>>();
  const call = async (method: string, url: string, body: unknown, pick: (b: never) => string) => {
    const res = await t.request(method, url, body, { 'x-access-key': project.accessKey });
    if (res.status >= 300) throw new Error(`fixture ${method} ${url} answered ${res.status}: ${res.text}`);
    return pick(res.body as never);
  };
  const make = async (kind: IdKind, platform: Platform): Promise<string> => {
    switch (kind) {
      case 'profile':
        if (options.profileId) return options.profileId;
        return call(
          'POST',
          '/v1/profiles',
          { name: `fixture ${randomUUID()}` },
          (b: { profile: { id: string } }) => b.profile.id,
        );
      case 'integration': {
        // X and Pinterest number their accounts (their descriptions say so, and the contract check reads it).
        const numeric = platform === 'pinterest' || platform === 'twitter';
        const accountId = numeric
          ? `17${String(randomInt(1e9)).padStart(9, '0')}${String(randomInt(1e6)).padStart(6, '0')}`
          : `acct${randomUUID().replace(/-/g, '').slice(0, 12)}`;
        sim.addAccount(platform, { id: accountId, username: accountId, name: `Fixture ${accountId}` });
        // The scopes a real connection grants: a token without them is refused as if revoked, and the
        // account then breaks (account.disconnected) on the first call, which is not what a fuzz case tests.
        const auth = DEFAULT_REGISTRY[platform].auth;
        const { accessToken } = sim.issueTokens(platform, {
          accountId,
          ttlSec: null,
          ...(auth.method === 'oauth2' ? { scopes: [...auth.scopes] } : {}),
        });
        const id = await insertIntegration(t.ctx, project.projectId, platform, {
          token: accessToken,
          platformUserId: accountId,
        });
        // Bound to the project's profile, so a read filtered by that profile has something to leak if it could.
        const profileId = await get('profile', platform);
        await t.ctx.store.db
          .updateTable('integrations')
          .set({ profile_id: profileId })
          .where('id', '=', id)
          .execute();
        return id;
      }
      case 'app':
        return call(
          'POST',
          '/v1/apps',
          {
            // A platform connected by app password has no OAuth apps: the project's own app
            // of another platform still tells "ours" from "another project's".
            platform: DEFAULT_REGISTRY[platform].auth.method === 'oauth2' ? platform : 'twitter',
            name: 'fixture app',
            clientId: `cid-${randomUUID()}`,
            clientSecret: 'fixture-secret',
          },
          (b: { app: { id: string } }) => b.app.id,
        );
      case 'notification':
        return call(
          'POST',
          '/v1/notifications',
          {
            channel: 'webhook',
            eventTypes: ['post.published'],
            webhook: { url: 'http://127.0.0.1:9/hook' },
            profileId: await get('profile', platform),
          },
          (b: { notification: { id: string } }) => b.notification.id,
        );
      case 'post': {
        const accountId = await get('integration', 'twitter');
        return call(
          'POST',
          '/v1/posts',
          {
            content: `fixture ${randomUUID()}`,
            platforms: [{ platform: 'twitter', accountId }],
            scheduledFor: FUTURE,
          },
          (b: { postId: string }) => b.postId,
        );
      }
      case 'series': {
        const accountId = await get('integration', 'twitter');
        return call(
          'POST',
          '/v1/posts',
          {
            content: `fixture series ${randomUUID()}`,
            platforms: [{ platform: 'twitter', accountId }],
            scheduledFor: FUTURE,
            recurrence: { every: 1, unit: 'week' },
          },
          (b: { seriesId: string }) => b.seriesId,
        );
      }
      case 'media': {
        // Uploaded as a client would: the upload URL, then the signed PUT of the bytes.
        const image = png(16, 16);
        const uploadUrl = await call(
          'POST',
          '/v1/media/upload',
          { filename: 'fixture.png', mimeType: 'image/png', size: image.length },
          (b: { data: { uploadUrl: string } }) => b.data.uploadUrl,
        );
        const u = new URL(uploadUrl);
        const put = await t.service.server?.inject({
          method: 'PUT',
          url: `${u.pathname}${u.search}`,
          payload: image,
          headers: { 'content-type': 'image/png' },
        });
        if (put?.statusCode !== 200)
          throw new Error(`fixture upload answered ${put?.statusCode}: ${put?.body}`);
        return u.pathname.split('/').pop() ?? '';
      }
      case 'key':
        return call(
          'POST',
          '/v1/keys',
          { name: 'fixture key', role: 'viewer', profileIds: [await get('profile', platform)] },
          (b: { key: { id: string } }) => b.key.id,
        );
      case 'delivery':
        return insertDelivery(
          t.ctx,
          project.projectId,
          await get('notification', platform),
          await get('post', platform),
        );
      case 'member': {
        // A viewer (never the last owner), made as accepting an invitation would.
        const email = `fixture-${randomUUID()}@example.com`;
        const person = await ensurePerson(t.ctx, t.ctx.store.db, email);
        return addMembership(t.ctx, t.ctx.store.db, {
          projectId: project.projectId,
          personId: person.id,
          role: 'viewer',
          // Of the fixture's profile, so a caller limited to that profile reaches it.
          profileIds: [await get('profile', platform)],
        });
      }
      case 'invitation':
        return call(
          'POST',
          '/v1/members',
          {
            email: `fixture-${randomUUID()}@example.com`,
            role: 'viewer',
            profileIds: [await get('profile', platform)],
            sendEmail: false,
          },
          (b: { invitation: { id: string } }) => b.invitation.id,
        );
      case 'note':
        return call(
          'POST',
          `/v1/posts/${await get('post', platform)}/notes`,
          { text: 'fixture note' },
          (b: { note: { id: string } }) => b.note.id,
        );
      case 'reviewLink':
      case 'reviewToken':
        return call(
          'POST',
          '/v1/review-links',
          { postId: await get('post', platform) },
          (b: { reviewLink: { id: string }; url: string }) =>
            kind === 'reviewLink' ? b.reviewLink.id : (b.url.split('/review/')[1] ?? ''),
        );
      case 'selection': {
        const on = SELECTION_PLATFORMS.includes(platform) ? platform : 'facebook';
        const { token } = await createSelection(t.ctx, {
          projectId: project.projectId,
          platform: on,
          redirectUri: null,
          profileId: await get('profile', platform),
          appId: null,
          accounts: [
            {
              platformUserId: 'page-1',
              type: on === 'googlebusiness' ? 'location' : 'page',
              username: null,
              displayName: 'Page one',
              profileUrl: null,
              imageUrl: null,
              metadata: {},
            },
          ],
          userTokens: {
            accessToken: 'user-token',
            refreshToken: null,
            accessTokenExpiresAt: null,
            refreshTokenExpiresAt: null,
            scopes: [],
          },
        });
        return token;
      }
    }
  };
  const get: IdMaker = (kind, platform) => {
    const key = `${kind}:${platform}`;
    let id = made.get(key);
    if (!id) {
      id = make(kind, platform);
      made.set(key, id);
    }
    return id;
  };
  return Object.assign(get, {
    fresh() {
      made = new Map();
    },
  });
}

/** A finished (failed) webhook delivery of `postId` to `subscriptionId`, as the outbox would have written it. */
async function insertDelivery(ctx: AppContext, projectId: string, subscriptionId: string, postId: string) {
  const id = newId('dlv');
  const at = new Date().toISOString();
  await ctx.store.db
    .insertInto('notification_deliveries')
    .values({
      id,
      project_id: projectId,
      subscription_id: subscriptionId,
      event_id: newId('evt'),
      event_type: 'post.published',
      post_id: postId,
      channel: 'webhook',
      body: JSON.stringify({ id: 'evt', type: 'post.published', data: {} }),
      status: 'failed',
      attempts: 3,
      max_attempts: 3,
      next_attempt_at: null,
      last_status_code: 500,
      last_error: 'the receiver answered 500',
      created_at: at,
      updated_at: at,
      completed_at: at,
    })
    .execute();
  return id;
}

/** The service's tables and their columns, read from the database itself (tables added later included). */
export async function tables(ctx: AppContext): Promise<Map<string, string[]>> {
  const rows =
    ctx.store.dialect === 'postgres'
      ? (
          await sql<{
            t: string;
            c: string;
          }>`select table_name as t, column_name as c from information_schema.columns
             where table_schema = current_schema() order by table_name, ordinal_position`.execute(
            ctx.store.db,
          )
        ).rows
      : (
          await sql<{
            t: string;
            c: string;
          }>`select m.name as t, p.name as c from sqlite_master m, pragma_table_info(m.name) p
             where m.type = 'table' and m.name not like 'sqlite_%' order by m.name, p.cid`.execute(
            ctx.store.db,
          )
        ).rows;
  const out = new Map<string, string[]>();
  for (const r of rows) out.set(r.t, [...(out.get(r.t) ?? []), r.c]);
  return out;
}

/** Every row `projectId` owns, table by table, in a stable order: what another project must never change. */
export async function projectRows(ctx: AppContext, projectId: string): Promise<Record<string, unknown[]>> {
  const out: Record<string, unknown[]> = {};
  for (const [table, columns] of await tables(ctx)) {
    const column = table === 'projects' ? 'id' : columns.includes('project_id') ? 'project_id' : null;
    if (!column) continue;
    const rows = await sql<
      Record<string, unknown>
    >`select * from ${sql.table(table)} where ${sql.ref(column)} = ${projectId}`.execute(ctx.store.db);
    out[table] = rows.rows.map((r) => JSON.stringify(r)).sort();
  }
  return out;
}

/** Row counts of every table, in one statement. */
export async function rowCounts(ctx: AppContext, names?: string[]): Promise<Record<string, number>> {
  const list = names ?? [...(await tables(ctx)).keys()];
  const parts = list.map((t) => sql`select ${t} as t, count(*) as n from ${sql.table(t)}`);
  const rows = (
    await sql<{ t: string; n: number | string }>`${sql.join(parts, sql` union all `)}`.execute(ctx.store.db)
  ).rows;
  return Object.fromEntries(rows.map((r) => [r.t, Number(r.n)]));
}

export const tableNames = async (ctx: AppContext) => [...(await tables(ctx)).keys()];

/** The row a request targeted, by kind and id (the selection table is keyed by the token's hash). */
export async function recordOf(ctx: AppContext, kind: IdKind, id: string): Promise<string | null> {
  const key = kind === 'selection' ? hashOf(id) : kind === 'reviewToken' ? hashKey(id) : id;
  const column = kind === 'reviewToken' ? 'token_hash' : 'id';
  const rows = await sql<
    Record<string, unknown>
  >`select * from ${sql.table(KIND_TABLES[kind].table)} where ${sql.ref(column)} = ${key}`.execute(
    ctx.store.db,
  );
  return rows.rows[0] ? JSON.stringify(rows.rows[0]) : null;
}
