/**
 * Posting queues: each profile, and the project itself for accounts without a
 * profile, may have a weekly schedule of time slots. Reading and replacing a
 * queue, and listing its next free slots. Replacing a schedule never moves
 * posts already queued: they keep the times they took.
 */

import type { ExpressionBuilder, Kysely, Transaction } from 'kysely';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { Database } from '../../store/schema.ts';
import { type PostQueuesTable, PROJECT_QUEUE } from '../../store/tables/planning.ts';
import { changedFields, recordAudit } from '../audit/record.ts';
import { isKnownTimeZone } from '../posts/schedule.ts';
import { getProfile } from '../profiles/profiles.ts';
import { limitedTo, type ProjectReach, projectOf } from '../teams/reach.ts';
import { localDateTime, WEEKDAYS } from './local-time.ts';
import { slotInstants, slotProblems, sortSlots, type WeeklySlot } from './weekly-slots.ts';

type Db = Kysely<Database> | Transaction<Database>;

export interface Queue {
  /** The profile whose queue this is; null for the project's own queue (accounts without a profile). */
  profileId: string | null;
  timezone: string;
  slots: WeeklySlot[];
  paused: boolean;
  /** When the schedule was last replaced; null while it was never set. */
  updatedAt: string | null;
}

export interface QueueInput {
  timezone: string;
  slots: WeeklySlot[];
  paused?: boolean;
}

export interface FreeSlot {
  /** The slot's instant, UTC. */
  scheduledFor: string;
  /** The slot as the queue's zone reads it: YYYY-MM-DDTHH:MM. */
  local: string;
  day: string;
}

export const ownerOf = (profileId: string | null | undefined): string => profileId ?? PROJECT_QUEUE;

/** Who a queue belongs to, in words for messages. */
export const queueName = (owner: string): string =>
  owner === PROJECT_QUEUE
    ? "the project's own queue (accounts without a profile)"
    : `the queue of profile ${owner}`;

function toQueue(owner: string, row: PostQueuesTable | undefined): Queue {
  return {
    profileId: owner === PROJECT_QUEUE ? null : owner,
    timezone: row?.timezone ?? 'UTC',
    slots: row ? (JSON.parse(row.slots) as WeeklySlot[]) : [],
    paused: row?.paused === 1,
    updatedAt: row?.updated_at ?? null,
  };
}

/**
 * 404 when a named profile is not this project's (or not the caller's). The project's
 * own queue (accounts without a profile) is reached only by a caller of every profile.
 */
async function requireOwner(
  ctx: AppContext,
  reach: ProjectReach,
  profileId: string | undefined,
): Promise<string> {
  if (profileId !== undefined) await getProfile(ctx, reach, profileId);
  else if (limitedTo(reach) !== null)
    throw new AppError(
      'invalid',
      'profileId is required: the caller is limited to some profiles, whose queues it reaches',
    );
  return ownerOf(profileId);
}

export async function readQueueRow(
  db: Db,
  projectId: string,
  owner: string,
): Promise<PostQueuesTable | undefined> {
  return db
    .selectFrom('post_queues')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('owner', '=', owner)
    .executeTakeFirst();
}

export async function getQueue(ctx: AppContext, reach: ProjectReach, profileId?: string): Promise<Queue> {
  const projectId = projectOf(reach);
  const owner = await requireOwner(ctx, reach, profileId);
  return toQueue(owner, await readQueueRow(ctx.store.db, projectId, owner));
}

export async function replaceQueue(
  ctx: AppContext,
  reach: ProjectReach,
  profileId: string | undefined,
  input: QueueInput,
): Promise<Queue> {
  const projectId = projectOf(reach);
  const problems = slotProblems(input.slots);
  if (!isKnownTimeZone(input.timezone))
    problems.unshift(`timezone "${input.timezone}" is not a known IANA time zone (e.g. Europe/Paris)`);
  if (problems.length) throw new AppError('invalid', problems.join('; '));
  const owner = await requireOwner(ctx, reach, profileId);
  const row: PostQueuesTable = {
    project_id: projectId,
    owner,
    timezone: input.timezone,
    slots: JSON.stringify(sortSlots(input.slots)),
    paused: input.paused ? 1 : 0,
    updated_at: ctx.now().toISOString(),
  };
  await ctx.store.db.transaction().execute(async (trx) => {
    const before = await trx
      .selectFrom('post_queues')
      .select(['timezone', 'slots', 'paused'])
      .where('project_id', '=', projectId)
      .where('owner', '=', owner)
      .executeTakeFirst();
    await trx
      .insertInto('post_queues')
      .values(row)
      .onConflict((oc) =>
        oc.columns(['project_id', 'owner']).doUpdateSet({
          timezone: row.timezone,
          slots: row.slots,
          paused: row.paused,
          updated_at: row.updated_at,
        }),
      )
      .execute();
    await recordAudit(trx, ctx, {
      projectId,
      action: 'queue.replaced',
      object: {
        type: 'queue',
        id: owner,
        label: owner === PROJECT_QUEUE ? 'the project queue' : `profile ${owner}`,
      },
      summary: changedFields(before ? { ...before, paused: before.paused === 1 } : {}, {
        timezone: row.timezone,
        slots: row.slots,
        paused: row.paused === 1,
      }),
    });
  });
  return toQueue(owner, row);
}

/** A queue as read for a batch: its row (absent when never set) and its taken slot times. */
export interface QueueState {
  row: PostQueuesTable | undefined;
  taken: Set<number>;
}

export const queueKey = (projectId: string, owner: string): string => `${projectId}\n${owner}`;

/**
 * Queues and the slots taken in them from `now` on, each read once (a batch of
 * queued creates, or one queue's free slots): every queue row in one
 * query and every taken slot from now on in another, however many queues the
 * batch names (a batch of adds to many profiles costs two reads, not two per profile).
 */
export async function readQueueStates(
  db: Db,
  queues: readonly { projectId: string; owner: string }[],
  now: Date,
): Promise<Map<string, QueueState>> {
  const out = new Map<string, QueueState>();
  for (const q of queues) out.set(queueKey(q.projectId, q.owner), { row: undefined, taken: new Set() });
  const pairs = [...out.keys()].map((k) => k.split('\n') as [string, string]);
  for (let i = 0; i < pairs.length; i += 200) {
    const chunk = pairs.slice(i, i + 200);
    const match = (eb: ExpressionBuilder<Database, 'post_queues' | 'queue_slots'>) =>
      eb.or(
        chunk.map(([projectId, owner]) =>
          eb.and([eb('project_id', '=', projectId), eb('owner', '=', owner)]),
        ),
      );
    const rows = await db
      .selectFrom('post_queues')
      .selectAll()
      .where((eb) => match(eb))
      .execute();
    for (const row of rows) {
      const state = out.get(queueKey(row.project_id, row.owner));
      if (state) state.row = row;
    }
    const slots = await db
      .selectFrom('queue_slots')
      .select(['project_id', 'owner', 'slot_at'])
      .where((eb) => match(eb))
      .where('slot_at', '>', now.toISOString())
      .execute();
    for (const slot of slots)
      out.get(queueKey(slot.project_id, slot.owner))?.taken.add(Date.parse(slot.slot_at));
  }
  return out;
}

/** The queue's next free slot times after `from`, at most `count`. */
export function* freeSlotTimes(
  row: PostQueuesTable,
  taken: ReadonlySet<number>,
  from: Date,
): Generator<Date> {
  yield* slotInstants(JSON.parse(row.slots) as WeeklySlot[], row.timezone, from, taken);
}

export function describeSlot(at: Date, timeZone: string): FreeSlot {
  const local = localDateTime(at, timeZone);
  return {
    scheduledFor: at.toISOString(),
    local: `${local.date}T${local.time}`,
    day: WEEKDAYS[local.weekday] as string,
  };
}

export async function listFreeSlots(
  ctx: AppContext,
  reach: ProjectReach,
  profileId: string | undefined,
  count: number,
): Promise<{ queue: Queue; slots: FreeSlot[] }> {
  const projectId = projectOf(reach);
  const owner = await requireOwner(ctx, reach, profileId);
  const now = ctx.now();
  const { row, taken } = (await readQueueStates(ctx.store.db, [{ projectId, owner }], now)).get(
    queueKey(projectId, owner),
  ) as QueueState;
  const queue = toQueue(owner, row);
  if (!row) return { queue, slots: [] };
  const slots: FreeSlot[] = [];
  for (const at of freeSlotTimes(row, taken, now)) {
    slots.push(describeSlot(at, row.timezone));
    if (slots.length >= count) break;
  }
  return { queue, slots };
}
