/**
 * GET /v1/analytics/export?format=csv: one row per published target and metric
 * snapshot of the period, streamed a page at a time (keyset on the snapshot's
 * key), so an export of a year of a large project holds one page in memory.
 */
import { Readable } from 'node:stream';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../errors.ts';
import { type ProjectReach, profileInReach, projectOf, reachesProfile } from '../teams/reach.ts';
import { dayRange, SNAPSHOT_METRICS } from './history.ts';

const PAGE = 1000;
export const EXPORT_COLUMNS = [
  'post_id',
  'target_id',
  'platform',
  'account_id',
  'account',
  'published_at',
  'age_hours',
  'collected_at',
  ...SNAPSHOT_METRICS,
] as const;

/** A CSV field: quoted when it holds a comma, quote or line break; a leading =+-@ is defused for spreadsheets. */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export async function exportSnapshots(
  ctx: AppContext,
  reach: ProjectReach,
  q: { from?: string | undefined; to?: string | undefined; profileId?: string | undefined },
): Promise<Readable> {
  const projectId = projectOf(reach);
  const range = dayRange(ctx, q.from, q.to, 90);
  if (q.profileId !== undefined) {
    const p = await ctx.store.db
      .selectFrom('profiles')
      .select('id')
      .where('project_id', '=', projectId)
      .where('id', '=', q.profileId)
      .executeTakeFirst();
    if (!p || !reachesProfile(reach, q.profileId)) throw notFound('Profile');
  }
  let accountsQuery = ctx.store.db
    .selectFrom('integrations')
    .select(['id', 'username', 'display_name'])
    .where('project_id', '=', projectId)
    .where(profileInReach(reach, 'profile_id'));
  if (q.profileId !== undefined) accountsQuery = accountsQuery.where('profile_id', '=', q.profileId);
  const accounts = await accountsQuery.execute();
  const names = new Map(accounts.map((a) => [a.id, a.username ?? a.display_name ?? '']));
  const ids = accounts.map((a) => a.id);
  const db = ctx.store.db;
  async function* lines(): AsyncGenerator<string> {
    yield `${EXPORT_COLUMNS.join(',')}\n`;
    if (ids.length === 0) return;
    let after: { target: string; age: number } | null = null;
    for (;;) {
      let page = db
        .selectFrom('target_snapshots')
        .selectAll()
        .where('project_id', '=', projectId)
        .where('integration_id', 'in', ids)
        .where('published_at', '>=', `${range.from}T00:00:00.000Z`)
        .where('published_at', '<=', `${range.to}T23:59:59.999Z`)
        .orderBy('target_id')
        .orderBy('age_hours')
        .limit(PAGE);
      if (after) {
        const { target, age } = after;
        page = page.where((eb) =>
          eb.or([
            eb('target_id', '>', target),
            eb.and([eb('target_id', '=', target), eb('age_hours', '>', age)]),
          ]),
        );
      }
      const rows = await page.execute();
      let chunk = '';
      for (const r of rows) {
        const fields = [
          r.post_id,
          r.target_id,
          r.platform,
          r.integration_id,
          names.get(r.integration_id) ?? '',
          r.published_at,
          r.age_hours,
          r.collected_at,
          ...SNAPSHOT_METRICS.map((m) => r[m]),
        ];
        chunk += `${fields.map(csvField).join(',')}\n`;
      }
      if (chunk) yield chunk;
      const last = rows[rows.length - 1];
      if (rows.length < PAGE || !last) return;
      after = { target: last.target_id, age: last.age_hours };
    }
  }
  return Readable.from(lines());
}
