/**
 * GET /v1/analytics/best-times and GET /v1/queue/suggested-slots: weekday × hour
 * slots, in the profile's queue time zone, ranked by the engagement rate of the
 * accounts' own published posts (each target's latest snapshot: engagement over
 * reach, or impressions, or views where the platform counts no reach). A slot
 * with fewer than MIN_POSTS posts says nothing; when no slot has enough, the
 * answer says so and offers general defaults, marked as such.
 */
import { sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import { invalid, notFound } from '../../errors.ts';
import { engagementOf } from '../analytics/metric-values.ts';
import { findIntegrationRow } from '../integrations/integrations.ts';
import { localDateTime, WEEKDAYS, type Weekday } from '../planning/local-time.ts';
import { ownerOf, readQueueRow } from '../planning/queue.ts';
import { limitedTo, type ProjectReach, projectOf, reachesProfile } from '../teams/reach.ts';

/** Posts a slot needs before its rate is ranked. */
export const MIN_POSTS = 3;
/** How far back published posts are read. */
const LOOKBACK_DAYS = 180;

export interface TimeSlot {
  day: Weekday;
  /** HH:00, the start of the hour. */
  time: string;
  /** Mean engagement rate of the slot's posts (0 to 1); null for a default slot. */
  engagementRate: number | null;
  posts: number;
}

export interface BestTimes {
  timezone: string;
  basedOn: 'history' | 'defaults';
  /** Why the answer is what it is, in a sentence. */
  note: string;
  postsConsidered: number;
  slots: TimeSlot[];
}

/**
 * General guidance when an account has too little history: weekday mornings and
 * lunchtimes, which most published studies of posting times agree on. Not measured
 * here; always marked basedOn: "defaults".
 */
const DEFAULT_SLOTS: { day: Weekday; time: string }[] = [
  { day: 'tuesday', time: '09:00' },
  { day: 'wednesday', time: '09:00' },
  { day: 'thursday', time: '09:00' },
  { day: 'tuesday', time: '12:00' },
  { day: 'wednesday', time: '12:00' },
  { day: 'thursday', time: '12:00' },
  { day: 'monday', time: '10:00' },
  { day: 'friday', time: '10:00' },
  { day: 'wednesday', time: '17:00' },
  { day: 'saturday', time: '10:00' },
];

export async function bestTimes(
  ctx: AppContext,
  reach: ProjectReach,
  q: { profileId?: string | undefined; integrationId?: string | undefined; count: number },
): Promise<BestTimes> {
  const projectId = projectOf(reach);
  if (q.profileId !== undefined && q.integrationId !== undefined)
    throw invalid('profileId and integrationId can not be combined; give one of them');
  let profileId: string | null = null;
  let accountIds: string[];
  if (q.integrationId !== undefined) {
    const row = await findIntegrationRow(ctx, reach, q.integrationId);
    profileId = row.profile_id;
    accountIds = [row.id];
  } else {
    if (q.profileId === undefined) throw invalid('Give profileId or integrationId');
    const profile = await ctx.store.db
      .selectFrom('profiles')
      .select('id')
      .where('project_id', '=', projectId)
      .where('id', '=', q.profileId)
      .executeTakeFirst();
    if (!profile || !reachesProfile(reach, q.profileId)) throw notFound('Profile');
    profileId = q.profileId;
    const rows = await ctx.store.db
      .selectFrom('integrations')
      .select('id')
      .where('project_id', '=', projectId)
      .where('profile_id', '=', q.profileId)
      .execute();
    accountIds = rows.map((r) => r.id);
  }
  return rankSlots(ctx, projectId, accountIds, profileId, q.count);
}

/** The suggested weekly queue slots of a profile (or of the project's own queue, for accounts without one). */
export async function suggestedQueueSlots(
  ctx: AppContext,
  reach: ProjectReach,
  profileId: string | undefined,
  count: number,
): Promise<BestTimes> {
  if (profileId !== undefined) return bestTimes(ctx, reach, { profileId, count });
  if (limitedTo(reach) !== null) throw notFound('Queue');
  const projectId = projectOf(reach);
  const rows = await ctx.store.db
    .selectFrom('integrations')
    .select('id')
    .where('project_id', '=', projectId)
    .where('profile_id', 'is', null)
    .execute();
  return rankSlots(
    ctx,
    projectId,
    rows.map((r) => r.id),
    null,
    count,
  );
}

async function rankSlots(
  ctx: AppContext,
  projectId: string,
  accountIds: readonly string[],
  profileId: string | null,
  count: number,
): Promise<BestTimes> {
  const q = { count };
  const queue = await readQueueRow(ctx.store.db, projectId, ownerOf(profileId));
  const timezone = queue?.timezone ?? 'UTC';
  const since = new Date(ctx.now().getTime() - LOOKBACK_DAYS * 86_400_000).toISOString();
  const rows =
    accountIds.length === 0
      ? []
      : await ctx.store.db
          .selectFrom('target_snapshots as s')
          .selectAll('s')
          .where('s.project_id', '=', projectId)
          .where('s.integration_id', 'in', [...accountIds])
          .where('s.published_at', '>=', since)
          .where(
            's.age_hours',
            '=',
            sql<number>`(select max(l.age_hours) from target_snapshots l where l.target_id = s.target_id)`,
          )
          .execute();
  const buckets = new Map<string, { day: Weekday; time: string; sum: number; posts: number }>();
  let considered = 0;
  for (const r of rows) {
    const base = r.reach ?? r.impressions ?? r.views;
    const engagement = engagementOf(r);
    if (!base || base <= 0 || engagement === null) continue;
    const local = localDateTime(new Date(r.published_at), timezone);
    const day = WEEKDAYS[local.weekday] as Weekday;
    const time = `${local.time.slice(0, 2)}:00`;
    const key = `${day} ${time}`;
    const b = buckets.get(key) ?? { day, time, sum: 0, posts: 0 };
    b.sum += Math.min(1, engagement / base);
    b.posts += 1;
    buckets.set(key, b);
    considered += 1;
  }
  const ranked = [...buckets.values()]
    .filter((b) => b.posts >= MIN_POSTS)
    .map((b) => ({ day: b.day, time: b.time, engagementRate: round(b.sum / b.posts), posts: b.posts }))
    .sort((a, b) => (b.engagementRate ?? 0) - (a.engagementRate ?? 0) || b.posts - a.posts)
    .slice(0, q.count);
  if (ranked.length > 0)
    return {
      timezone,
      basedOn: 'history',
      note: `Ranked by the engagement rate of ${considered} published post${considered === 1 ? '' : 's'} of the last ${LOOKBACK_DAYS} days; an hour needs ${MIN_POSTS} posts to be ranked.`,
      postsConsidered: considered,
      slots: ranked,
    };
  return {
    timezone,
    basedOn: 'defaults',
    note: `Too few posts to say: no hour has ${MIN_POSTS} published posts with metrics in the last ${LOOKBACK_DAYS} days (${considered} in all). These are general defaults (weekday mornings and lunchtimes), not measured for these accounts.`,
    postsConsidered: considered,
    slots: DEFAULT_SLOTS.slice(0, q.count).map((s) => ({ ...s, engagementRate: null, posts: 0 })),
  };
}

const round = (n: number) => Math.round(n * 10_000) / 10_000;
