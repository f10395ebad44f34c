/**
 * GET /v1/analytics/summary: a period at a glance, from the history alone. Per
 * account and per platform: followers at the period's end and their change, the
 * metrics of the posts published in the period (each target's latest snapshot),
 * the same against the period before (of equal length), and the top posts by
 * engagement.
 */
import { sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../errors.ts';
import { engagementOf } from '../analytics/metric-values.ts';
import { type ProjectReach, profileInReach, projectOf, reachesProfile } from '../teams/reach.ts';
import { dayRange, SNAPSHOT_METRICS, type SnapshotMetric } from './history.ts';

const DAY_MS = 86_400_000;
const TOP = 5;

type Totals = Record<SnapshotMetric | 'engagement' | 'posts', number>;

export interface PeriodFigures {
  followers: number | null;
  followersChange: number | null;
  totals: Totals;
}

export interface AccountSummary extends PeriodFigures {
  integrationId: string;
  platform: string;
  name: string | null;
  username: string | null;
  profileId: string | null;
  previous: PeriodFigures;
}

export interface Summary {
  from: string;
  to: string;
  previousFrom: string;
  previousTo: string;
  accounts: AccountSummary[];
  platforms: ({ platform: string; previous: Omit<PeriodFigures, 'followers'> } & Omit<
    PeriodFigures,
    'followers'
  > & {
      followers: number | null;
    })[];
  topPosts: { postId: string; engagement: number; platforms: string[]; publishedAt: string }[];
}

const zero = (): Totals => ({
  impressions: 0,
  reach: 0,
  views: 0,
  likes: 0,
  comments: 0,
  shares: 0,
  saves: 0,
  clicks: 0,
  engagement: 0,
  posts: 0,
});

const dayBefore = (day: string, n: number) =>
  new Date(Date.parse(day) - n * DAY_MS).toISOString().slice(0, 10);

export async function analyticsSummary(
  ctx: AppContext,
  reach: ProjectReach,
  q: { profileId?: string | undefined; from?: string | undefined; to?: string | undefined },
): Promise<Summary> {
  const projectId = projectOf(reach);
  const range = dayRange(ctx, q.from, q.to);
  const previousTo = dayBefore(range.from, 1);
  const previousFrom = dayBefore(range.from, range.days);
  const db = ctx.store.db;
  if (q.profileId !== undefined) {
    const profile = await db
      .selectFrom('profiles')
      .select('id')
      .where('project_id', '=', projectId)
      .where('id', '=', q.profileId)
      .executeTakeFirst();
    if (!profile || !reachesProfile(reach, q.profileId)) throw notFound('Profile');
  }
  let accountsQuery = db
    .selectFrom('integrations')
    .select(['id', 'platform', 'display_name', 'username', 'profile_id'])
    .where('project_id', '=', projectId)
    .where(profileInReach(reach, 'profile_id'))
    .orderBy('id');
  if (q.profileId !== undefined) accountsQuery = accountsQuery.where('profile_id', '=', q.profileId);
  const accounts = await accountsQuery.execute();
  const ids = accounts.map((a) => a.id);
  const followersAt = async (day: string): Promise<Map<string, number | null>> => {
    const out = new Map<string, number | null>();
    if (ids.length === 0) return out;
    // The latest snapshot on or before `day`, per account.
    const rows = await db
      .selectFrom('account_snapshots as s')
      .select(['s.integration_id', 's.followers'])
      .where('s.integration_id', 'in', ids)
      .where(
        's.day',
        '=',
        sql<string>`(select max(l.day) from account_snapshots l where l.integration_id = s.integration_id and l.day <= ${day})`,
      )
      .execute();
    for (const r of rows) out.set(r.integration_id, r.followers);
    return out;
  };
  const [endNow, endPrev, endPrevPrev] = await Promise.all([
    followersAt(range.to),
    followersAt(previousTo),
    followersAt(dayBefore(previousFrom, 1)),
  ]);
  const current = await postTotals(ctx, projectId, ids, range.from, range.to);
  const previous = await postTotals(ctx, projectId, ids, previousFrom, previousTo);
  const diff = (a: number | null | undefined, b: number | null | undefined) =>
    typeof a === 'number' && typeof b === 'number' ? a - b : null;
  const accountSummaries: AccountSummary[] = accounts.map((a) => ({
    integrationId: a.id,
    platform: a.platform,
    name: a.display_name,
    username: a.username,
    profileId: a.profile_id,
    followers: endNow.get(a.id) ?? null,
    followersChange: diff(endNow.get(a.id), endPrev.get(a.id)),
    totals: current.byAccount.get(a.id) ?? zero(),
    previous: {
      followers: endPrev.get(a.id) ?? null,
      followersChange: diff(endPrev.get(a.id), endPrevPrev.get(a.id)),
      totals: previous.byAccount.get(a.id) ?? zero(),
    },
  }));
  const platforms = new Map<string, Summary['platforms'][number]>();
  for (const a of accountSummaries) {
    let p = platforms.get(a.platform);
    if (!p) {
      p = {
        platform: a.platform,
        followers: null,
        followersChange: null,
        totals: zero(),
        previous: { followersChange: null, totals: zero() },
      };
      platforms.set(a.platform, p);
    }
    const add = (x: number | null, y: number | null) =>
      x === null && y === null ? null : (x ?? 0) + (y ?? 0);
    p.followers = add(p.followers, a.followers);
    p.followersChange = add(p.followersChange, a.followersChange);
    p.previous.followersChange = add(p.previous.followersChange, a.previous.followersChange);
    for (const k of Object.keys(p.totals) as (keyof Totals)[]) {
      p.totals[k] += a.totals[k];
      p.previous.totals[k] += a.previous.totals[k];
    }
  }
  return {
    from: range.from,
    to: range.to,
    previousFrom,
    previousTo,
    accounts: accountSummaries,
    platforms: [...platforms.values()],
    topPosts: current.top,
  };
}

/** Sums each target's latest snapshot of the targets published in the days, per account; and the top posts. */
async function postTotals(
  ctx: AppContext,
  projectId: string,
  accountIds: readonly string[],
  from: string,
  to: string,
): Promise<{ byAccount: Map<string, Totals>; top: Summary['topPosts'] }> {
  const byAccount = new Map<string, Totals>();
  if (accountIds.length === 0) return { byAccount, top: [] };
  const rows = await ctx.store.db
    .selectFrom('target_snapshots as s')
    .selectAll('s')
    .where('s.project_id', '=', projectId)
    .where('s.published_at', '>=', `${from}T00:00:00.000Z`)
    .where('s.published_at', '<=', `${to}T23:59:59.999Z`)
    .where('s.integration_id', 'in', [...accountIds])
    .where(
      's.age_hours',
      '=',
      sql<number>`(select max(l.age_hours) from target_snapshots l where l.target_id = s.target_id)`,
    )
    .execute();
  const posts = new Map<string, { engagement: number; platforms: Set<string>; publishedAt: string }>();
  for (const r of rows) {
    const t = byAccount.get(r.integration_id) ?? zero();
    for (const m of SNAPSHOT_METRICS) t[m] += r[m] ?? 0;
    const engagement = engagementOf(r) ?? 0;
    t.engagement += engagement;
    t.posts += 1;
    byAccount.set(r.integration_id, t);
    const p = posts.get(r.post_id) ?? {
      engagement: 0,
      platforms: new Set<string>(),
      publishedAt: r.published_at,
    };
    p.engagement += engagement;
    p.platforms.add(r.platform);
    posts.set(r.post_id, p);
  }
  const top = [...posts.entries()]
    .sort((a, b) => b[1].engagement - a[1].engagement || a[0].localeCompare(b[0]))
    .slice(0, TOP)
    .map(([postId, p]) => ({
      postId,
      engagement: p.engagement,
      platforms: [...p.platforms].sort(),
      publishedAt: p.publishedAt,
    }));
  return { byAccount, top };
}
