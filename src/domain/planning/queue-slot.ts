/**
 * Taking and freeing queue slots inside a post's own transaction. A slot is a
 * row keyed by (project, queue owner, slot time): the database, not memory,
 * decides between concurrent adds, so any number of api processes agree. Callers
 * lock the project's credit balance first, which already serializes a project's
 * creates, so the first free slot read is nearly always the one taken; should
 * another transaction have taken it meanwhile, holdSlot says so and the caller
 * tries again.
 */
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { Database } from '../../store/schema.ts';
import { PROJECT_QUEUE } from '../../store/tables/planning.ts';
import type { TargetAccount } from '../posts/accounts.ts';
import { freeSlotTimes, ownerOf, type QueueState, queueKey, queueName, readQueueStates } from './queue.ts';
import { QUEUE_HORIZON_DAYS } from './weekly-slots.ts';

type Trx = Transaction<Database>;

/** Another transaction took the slot between the read and the write: try again. */
export class SlotTaken extends Error {
  override name = 'SlotTaken';
}

/** The queue a post's accounts share: one profile's, or the project's when none has a profile. */
export function queueOwnerOfAccounts(accounts: readonly TargetAccount[]): string {
  const owners = [...new Set(accounts.map((a) => ownerOf(a.profileId)))];
  if (owners.length === 1) return owners[0] as string;
  const named = owners.map((o) => (o === PROJECT_QUEUE ? 'no profile' : `profile ${o}`)).join(', ');
  throw new AppError(
    'invalid',
    `queue: true needs every target's account in one profile (or all without a profile), so that the post takes one queue's slot; these accounts belong to ${named}. Queue the post per profile, or give scheduledFor`,
  );
}

/** The next free slot of the queue after `now`, and the queue's zone; 400/409 when there is none. */
export async function pickSlot(trx: Trx, projectId: string, owner: string, now: Date): Promise<QueueSlot> {
  const pickers = await openSlotPickers(trx, [{ projectId, owner }], now);
  return (pickers.get(queueKey(projectId, owner)) as SlotPicker).next();
}

/** Takes the slot for the post (written after the post row); false when it is taken already. */
export async function holdSlot(
  trx: Trx,
  ctx: AppContext,
  slot: { projectId: string; owner: string; at: Date; postId: string },
): Promise<boolean> {
  const inserted = await trx
    .insertInto('queue_slots')
    .values({
      project_id: slot.projectId,
      owner: slot.owner,
      slot_at: slot.at.toISOString(),
      post_id: slot.postId,
      created_at: ctx.now().toISOString(),
    })
    .onConflict((oc) => oc.doNothing())
    .returning('post_id')
    .executeTakeFirst();
  return inserted !== undefined;
}

/** Frees the slot a post held (it was cancelled, rescheduled or given another time). */
export async function releaseSlot(trx: Trx, postId: string): Promise<void> {
  await trx.deleteFrom('queue_slots').where('post_id', '=', postId).execute();
}

export interface QueueSlot {
  at: Date;
  timezone: string;
}

/**
 * Hands out a queue's free slots in time order inside one transaction (a batch
 * of creates): the queue and its taken slots are read once, each slot handed out
 * is taken at once, and a slot whose create was refused after all goes back.
 * Callers hold the project's balance lock, so no other transaction takes slots
 * of this project meanwhile; the primary key of queue_slots stays the backstop.
 */
export interface SlotPicker {
  /** The next free slot; throws the queue's 400/409 when there is none. */
  next(): QueueSlot;
  giveBack(slot: QueueSlot): void;
}

/** A slot picker for each queue the batch names, by `${projectId}\n${owner}`. */
export async function openSlotPickers(
  trx: Trx,
  queues: readonly { projectId: string; owner: string }[],
  now: Date,
): Promise<Map<string, SlotPicker>> {
  const states = await readQueueStates(trx, queues, now);
  const pickers = new Map<string, SlotPicker>();
  for (const [key, state] of states) {
    const owner = key.slice(key.indexOf('\n') + 1);
    pickers.set(key, slotPicker(owner, state, now));
  }
  return pickers;
}

function slotPicker(owner: string, { row, taken }: QueueState, now: Date): SlotPicker {
  const where = owner === PROJECT_QUEUE ? '' : `?profileId=${owner}`;
  const refusal =
    !row || row.slots === '[]'
      ? new AppError(
          'invalid',
          `${queueName(owner)} has no time slots; set them with PUT /v1/queue${where}, or give scheduledFor`,
        )
      : row.paused === 1
        ? new AppError('conflict', `${queueName(owner)} is paused; resume it with PUT /v1/queue${where}`)
        : null;
  if (refusal || !row)
    return {
      next: () => {
        throw refusal;
      },
      giveBack: () => {},
    };
  const free = freeSlotTimes(row, taken, now);
  const returned: Date[] = [];
  return {
    next() {
      const back = returned.shift();
      if (back) return { at: back, timezone: row.timezone };
      const n = free.next();
      if (n.done)
        throw new AppError(
          'conflict',
          `${queueName(owner)} has no free slot within ${QUEUE_HORIZON_DAYS} days; add slots with PUT /v1/queue${where}, or give scheduledFor`,
        );
      return { at: n.value, timezone: row.timezone };
    },
    giveBack(slot) {
      returned.push(slot.at);
      returned.sort((a, b) => a.getTime() - b.getTime());
    },
  };
}
