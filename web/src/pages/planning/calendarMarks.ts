// What the calendar adds to posts for planning: the free slots of every posting queue
// (the profiles' and the project's own), and which scheduled posts sit in a queue slot.
// The API does not say how a post got its time, so a post counts as queued when it was
// created with queue: true, or when its time is one of its accounts' queue slots.
import { api, ok, type Post } from '../../api/client.ts';
import { loadProfiles, type Profile, profileName, queueQuery, type WeeklySlot } from './queues.ts';

export interface FreeSlot {
  at: Date;
  /** The queue's profile name, or "no profile". */
  queue: string;
}

export interface PlanningMarks {
  free: FreeSlot[];
  queues: Map<string | null, { timezone: string; slots: WeeklySlot[] }>;
  /** Each account's profile, to find a post's queue. */
  profileOf: Map<string, string | null>;
}

async function queueOf(profileId: string | null, profiles: Profile[]) {
  const query = queueQuery(profileId);
  const [queue, free] = await Promise.all([
    ok(api.GET('/v1/queue', { params: { query } })),
    // 100 is the most the API lists: a month of a queue with three slots a day.
    ok(api.GET('/v1/queue/slots', { params: { query: { ...query, count: 100 } } })),
  ]);
  const name = profileName(profileId, profiles);
  return {
    profileId,
    queue: queue.queue,
    free: free.slots.map((s) => ({ at: new Date(s.scheduledFor), queue: name })),
  };
}

export async function loadPlanningMarks(): Promise<PlanningMarks> {
  const [profiles, accounts] = await Promise.all([
    loadProfiles(),
    ok(api.GET('/v1/connect/integrations', { params: { query: { limit: 100, offset: 0, sort: 'asc' } } })),
  ]);
  const all = await Promise.all([null, ...profiles.map((p) => p.id)].map((id) => queueOf(id, profiles)));
  return {
    free: all.flatMap((q) => (q.queue.paused ? [] : q.free)),
    queues: new Map(all.map((q) => [q.profileId, q.queue])),
    profileOf: new Map(accounts.integrations.map((i) => [i.id, i.profileId])),
  };
}

/** The weekday and HH:MM of an instant in a zone ("monday", "09:00"). */
function localSlot(at: Date, timeZone: string): WeeklySlot {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', {
      timeZone,
      weekday: 'long',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(at)
      .map((p) => [p.type, p.value]),
  );
  return {
    day: String(parts.weekday).toLowerCase() as WeeklySlot['day'],
    time: `${parts.hour}:${parts.minute}`,
  };
}

export function isQueued(post: Post, marks: PlanningMarks | null): boolean {
  if ((post.rawRequestBody as { queue?: boolean }).queue === true) return true;
  if (!marks || post.status !== 'scheduled' || !post.scheduledFor) return false;
  const account = post.platforms[0]?.integrationId;
  const queue = marks.queues.get(account ? (marks.profileOf.get(account) ?? null) : null);
  if (!queue) return false;
  const here = localSlot(new Date(post.scheduledFor), queue.timezone);
  return queue.slots.some((s) => s.day === here.day && s.time === here.time);
}
