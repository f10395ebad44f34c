/**
 * Group commit. A commit costs more than the work of one create inside it
 * (SQLite writes its WAL, PostgreSQL flushes to disk, and on PostgreSQL every
 * create of a project waits for the project's balance row lock through that
 * flush). Concurrent creates are therefore gathered into one transaction: each
 * runs inside its own savepoint, so one that fails (402, a duplicate key) is
 * rolled back alone, and every caller gets its answer only after the shared
 * commit.
 *
 * On PostgreSQL the batch first locks the balance rows of all its projects in
 * project-id order. After that it only inserts and updates rows it holds, so
 * batches on different nodes can not deadlock with each other.
 */
import { type Kysely, sql, type Transaction } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../store/schema.ts';
import { monthOf } from '../credits/balance.ts';

type Work<T> = (trx: Transaction<Database>) => Promise<T>;

interface Pending {
  work: Work<unknown>;
  projectId: string;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
}

const MAX_BATCH = 64;

class Batcher {
  private queue: Pending[] = [];
  private running = false;
  private readonly ctx: AppContext;
  constructor(ctx: AppContext) {
    this.ctx = ctx;
  }

  run<T>(projectId: string, work: Work<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, projectId, resolve: resolve as (v: unknown) => void, reject });
      if (!this.running) {
        this.running = true;
        // Wait one turn of the event loop: requests whose reads are finishing now join this batch.
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0) await this.runBatch(this.queue.splice(0, MAX_BATCH));
    } finally {
      this.running = false;
    }
  }

  /** PostgreSQL: every balance row of the batch, created if new and locked in a fixed order. */
  private async lockBalances(trx: Transaction<Database>, batch: readonly Pending[]): Promise<void> {
    if (this.ctx.store.dialect !== 'postgres') return;
    const projects = [...new Set(batch.map((p) => p.projectId))].sort();
    const now = this.ctx.now();
    await trx
      .insertInto('credit_balances')
      .values(
        projects.map((id) => ({
          project_id: id,
          month: monthOf(now),
          monthly_used: 0,
          purchased_total: 0,
          purchased_used: 0,
          updated_at: now.toISOString(),
        })),
      )
      .onConflict((oc) => oc.column('project_id').doNothing())
      .execute();
    await trx
      .selectFrom('credit_balances')
      .select('project_id')
      .where('project_id', 'in', projects)
      .orderBy('project_id')
      .forUpdate()
      .execute();
  }

  private async runBatch(batch: Pending[]): Promise<void> {
    const outcomes: ({ ok: true; value: unknown } | { ok: false; err: unknown })[] = [];
    const single = batch.length === 1;
    try {
      await this.ctx.store.db.transaction().execute(async (trx) => {
        await this.lockBalances(trx, batch);
        for (const item of batch) {
          if (single) {
            outcomes.push({ ok: true, value: await item.work(trx) });
            continue;
          }
          await sql`savepoint batch_item`.execute(trx);
          try {
            const value = await item.work(trx);
            await sql`release savepoint batch_item`.execute(trx);
            outcomes.push({ ok: true, value });
          } catch (err) {
            await sql`rollback to savepoint batch_item`.execute(trx);
            await sql`release savepoint batch_item`.execute(trx);
            outcomes.push({ ok: false, err });
          }
        }
      });
    } catch (err) {
      // The transaction failed as a whole: nothing of this batch was stored.
      for (const item of batch) item.reject(err);
      return;
    }
    batch.forEach((item, i) => {
      const o = outcomes[i];
      if (o?.ok) item.resolve(o.value);
      else item.reject(o ? o.err : new Error('batch item without outcome'));
    });
  }
}

const batchers = new WeakMap<Kysely<Database>, Batcher>();

/** Runs `work` for `projectId` in the next group commit. */
export function runWrite<T>(ctx: AppContext, projectId: string, work: Work<T>): Promise<T> {
  let b = batchers.get(ctx.store.db);
  if (!b) {
    b = new Batcher(ctx);
    batchers.set(ctx.store.db, b);
  }
  return b.run(projectId, work);
}
