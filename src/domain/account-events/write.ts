/**
 * Writes account and engagement events to the outbox inside the caller's
 * transaction, the one that changes the state they announce (the integration's
 * authorization, its deletion) or records what arrived (a comment, a message).
 * The outbox dispatcher fans them out like the post events; this process's
 * dispatcher is woken once the transaction commits.
 */
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.ts';
import type {
  AccountEventData,
  AccountEventType,
  AccountOutboxPayload,
  AccountRef,
} from '../../notifications/account-events.ts';
import { wakeOutboxDispatch } from '../../notifications/worker.ts';
import type { Database } from '../../store/schema.ts';
import { newId } from '../ids.ts';

/** The integration columns an event names the account by. */
export interface AccountRow {
  id: string;
  project_id: string;
  platform: string;
  display_name: string | null;
  username: string | null;
  profile_id: string | null;
}

export const accountRef = (row: AccountRow): AccountRef => ({
  integrationId: row.id,
  platform: row.platform,
  name: row.display_name,
  username: row.username,
  profileId: row.profile_id,
});

export interface NewAccountEvent {
  type: AccountEventType;
  projectId: string;
  data: AccountEventData;
  /** Our post the event concerns, if any. */
  postId?: string | null;
  /**
   * Announce this only once ever: the key goes into event_keys in the same
   * transaction; when it is there already, nothing is written.
   */
  onceKey?: string;
}

/** Adds the event to the outbox; answers false when its onceKey had been used (nothing written). */
export async function writeAccountEvent(
  ctx: AppContext,
  trx: Transaction<Database>,
  event: NewAccountEvent,
): Promise<boolean> {
  const now = ctx.now().toISOString();
  if (event.onceKey !== undefined) {
    const taken = await trx
      .insertInto('event_keys')
      .values({ key: event.onceKey, project_id: event.projectId, created_at: now })
      .onConflict((oc) => oc.column('key').doNothing())
      .returning('key')
      .executeTakeFirst();
    if (!taken) return false;
  }
  const payload: AccountOutboxPayload = { data: event.data };
  await trx
    .insertInto('outbox')
    .values({
      id: newId('evt'),
      project_id: event.projectId,
      type: event.type,
      post_id: event.postId ?? '',
      payload: JSON.stringify(payload),
      created_at: now,
      dispatched_at: null,
    })
    .execute();
  return true;
}

/** Runs `work` in a transaction and wakes the outbox dispatcher after it commits. */
export async function withEvents<T>(
  ctx: AppContext,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T> {
  const result = await ctx.store.db.transaction().execute(work);
  wakeOutboxDispatch();
  return result;
}
