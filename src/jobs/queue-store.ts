/**
 * The SQL of the job queue, one function per move of a job row. The same Kysely
 * queries serve SQLite and PostgreSQL; only PostgreSQL adds `FOR UPDATE SKIP
 * LOCKED` so that many runners claim at once without waiting on each other
 * (SQLite has a single writer, so its claim is already exclusive).
 */
import { sql } from 'kysely';
import type { Store } from '../store/db.ts';
import type { JobsTable } from '../store/tables/jobs.ts';

export type JobRow = JobsTable;

/**
 * Claims up to `limit` due jobs of the given kinds for `owner`: sets the lease,
 * moves run_at to its end (a lease that is not renewed makes the job due again)
 * and counts the attempt. Returns the claimed rows. `except`: jobs the claiming
 * runner is running itself, whose lease ran out before a renewal got through (a
 * starved process, a slow database): they are not due for it, and the renewal,
 * which only asks that the lease is still its own, keeps them.
 */
export async function claimDue(
  store: Store,
  args: {
    owner: string;
    kinds: readonly string[];
    now: number;
    leaseMs: number;
    limit: number;
    except?: readonly string[];
  },
): Promise<JobRow[]> {
  if (args.limit <= 0 || args.kinds.length === 0) return [];
  const until = args.now + args.leaseMs;
  const except = args.except ?? [];
  if (store.dialect === 'postgres') {
    const notHeld = except.length > 0 ? sql`and id not in (${sql.join(except)})` : sql``;
    // A CTE runs its locking SELECT exactly once; the UPDATE then touches only the rows it locked.
    const result = await sql<JobRow>`
      with due as (
        select id from jobs
        where run_at <= ${args.now} and kind in (${sql.join(args.kinds)}) ${notHeld}
        order by run_at
        limit ${args.limit}
        for update skip locked
      )
      update jobs set lease_owner = ${args.owner}, lease_until = ${until}, run_at = ${until}, attempts = jobs.attempts + 1
      from due where jobs.id = due.id
      returning jobs.*`.execute(store.db);
    return result.rows;
  }
  return store.db
    .updateTable('jobs')
    .set({
      lease_owner: args.owner,
      lease_until: until,
      run_at: until,
      attempts: sql<number>`attempts + 1`,
    })
    .where('id', 'in', (eb) => {
      let due = eb
        .selectFrom('jobs')
        .select('id')
        .where('run_at', '<=', args.now)
        .where('kind', 'in', args.kinds);
      if (except.length > 0) due = due.where('id', 'not in', except);
      return due.orderBy('run_at').limit(args.limit);
    })
    .returningAll()
    .execute();
}

/**
 * Claims job `id` for `owner` now, due or not, if its kind is one of `kinds`
 * and nobody holds it (never claimed, handed back, or its lease ran out).
 * Returns the row, or nothing when another runner has it. On PostgreSQL a
 * concurrent claim of the same row waits for this one and then finds it held.
 */
export async function claimById(
  store: Store,
  args: { owner: string; id: string; kinds: readonly string[]; now: number; leaseMs: number },
): Promise<JobRow | undefined> {
  if (args.kinds.length === 0) return undefined;
  const until = args.now + args.leaseMs;
  return store.db
    .updateTable('jobs')
    .set({ lease_owner: args.owner, lease_until: until, run_at: until, attempts: sql<number>`attempts + 1` })
    .where('id', '=', args.id)
    .where('kind', 'in', args.kinds)
    .where((eb) => eb.or([eb('lease_owner', 'is', null), eb('run_at', '<=', args.now)]))
    .returningAll()
    .executeTakeFirst();
}

/** Extends the leases `owner` still holds among `ids`; returns the ids it still holds. */
export async function renewLeases(
  store: Store,
  args: { owner: string; ids: readonly string[]; now: number; leaseMs: number },
): Promise<Set<string>> {
  const held = new Set<string>();
  const until = args.now + args.leaseMs;
  for (let i = 0; i < args.ids.length; i += 500) {
    const ids = args.ids.slice(i, i + 500);
    const rows =
      store.dialect === 'postgres'
        ? (
            await sql<{ id: string }>`
              with held as (${lockOwnedInOrder(args.owner, ids)})
              update jobs set lease_until = ${until}, run_at = ${until}
              from held where jobs.id = held.id
              returning jobs.id`.execute(store.db)
          ).rows
        : await store.db
            .updateTable('jobs')
            .set({ lease_until: until, run_at: until })
            .where('lease_owner', '=', args.owner)
            .where('id', 'in', ids)
            .returning('id')
            .execute();
    for (const r of rows) held.add(r.id);
  }
  return held;
}

/**
 * PostgreSQL: the rows among `ids` that `owner` holds, locked in id order. Every
 * statement that locks several job rows locks them in this order (the publishing
 * batches too), so two of them never wait for each other in a cycle.
 */
function lockOwnedInOrder(owner: string, ids: readonly string[]) {
  return sql`select id from jobs where lease_owner = ${owner} and id in (${sql.join(ids)}) order by id for update`;
}

/**
 * Hands jobs back: no owner, due at `runAt`. `refundAttempt` undoes the claim's
 * count (a job released unstarted, or a wait the platform asked for).
 */
export async function releaseJobs(
  store: Store,
  args: {
    owner: string;
    ids: readonly string[];
    runAt: number;
    refundAttempt: boolean;
    error?: string | null;
  },
): Promise<void> {
  for (let i = 0; i < args.ids.length; i += 500) {
    const ids = args.ids.slice(i, i + 500);
    const set = {
      lease_owner: null,
      lease_until: null,
      run_at: args.runAt,
      ...(args.refundAttempt ? { attempts: sql<number>`attempts - 1` } : {}),
      ...(args.error !== undefined ? { last_error: args.error } : {}),
    };
    let update = store.db.updateTable('jobs').set(set);
    update =
      store.dialect === 'postgres'
        ? update.where(sql<boolean>`id in (${lockOwnedInOrder(args.owner, ids)})`)
        : update.where('lease_owner', '=', args.owner).where('id', 'in', ids);
    await update.execute();
  }
}

/**
 * Takes back the attempt a claim counted for jobs `owner` was already running (its
 * lease ran out under it and it claimed them again): the run in progress goes on
 * under the lease the claim renewed, and it is still one attempt.
 */
export async function uncountClaims(store: Store, owner: string, ids: readonly string[]): Promise<void> {
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    let update = store.db.updateTable('jobs').set({ attempts: sql<number>`attempts - 1` });
    update =
      store.dialect === 'postgres'
        ? update.where(sql<boolean>`id in (${lockOwnedInOrder(owner, chunk)})`)
        : update.where('lease_owner', '=', owner).where('id', 'in', chunk);
    await update.execute();
  }
}

/** Deletes finished jobs that `owner` still holds, in one statement per 500. */
export async function deleteFinished(store: Store, owner: string, ids: readonly string[]): Promise<void> {
  for (let i = 0; i < ids.length; i += 500) {
    const chunk = ids.slice(i, i + 500);
    if (store.dialect === 'postgres')
      await sql`with held as (${lockOwnedInOrder(owner, chunk)}) delete from jobs using held where jobs.id = held.id`.execute(
        store.db,
      );
    else
      await store.db.deleteFrom('jobs').where('lease_owner', '=', owner).where('id', 'in', chunk).execute();
  }
}
