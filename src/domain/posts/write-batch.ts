/**
 * Group commit for SQLite. SQLite runs one write transaction at a time, and on a
 * real disk each commit costs more than the work inside it. Concurrent creates
 * are therefore gathered into one transaction: each runs inside its own savepoint
 * (so one that fails, say with 402, is rolled back alone), and every caller gets
 * its answer only after the shared commit. PostgreSQL runs transactions in
 * parallel and keeps one per request (batches there could deadlock on balance
 * rows locked in different orders across nodes).
 */
import { type Kysely, sql, type Transaction } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../store/schema.ts';

type Work<T> = (trx: Transaction<Database>) => Promise<T>;

interface Pending {
  work: Work<unknown>;
  resolve: (value: unknown) => void;
  reject: (err: unknown) => void;
}

const MAX_BATCH = 64;

class Batcher {
  private queue: Pending[] = [];
  private running = false;
  private readonly db: Kysely<Database>;
  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  run<T>(work: Work<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (v: unknown) => void, reject });
      if (!this.running) {
        this.running = true;
        // Wait one turn of the event loop: requests whose reads are finishing now join this batch.
        setImmediate(() => void this.drain());
      }
    });
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, MAX_BATCH);
        await this.runBatch(batch);
      }
    } finally {
      this.running = false;
    }
  }

  private async runBatch(batch: Pending[]): Promise<void> {
    if (batch.length === 1) {
      const [only] = batch as [Pending];
      await this.db.transaction().execute(only.work).then(only.resolve, only.reject);
      return;
    }
    const outcomes: ({ ok: true; value: unknown } | { ok: false; err: unknown })[] = [];
    try {
      await this.db.transaction().execute(async (trx) => {
        for (const item of batch) {
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
      // The shared commit failed: nothing of this batch was stored.
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

/** Runs `work` in a transaction of its own (PostgreSQL) or in the next group commit (SQLite). */
export function runWrite<T>(ctx: AppContext, work: Work<T>): Promise<T> {
  const db = ctx.store.db;
  if (ctx.store.dialect !== 'sqlite') return db.transaction().execute(work);
  let b = batchers.get(db);
  if (!b) {
    b = new Batcher(db);
    batchers.set(db, b);
  }
  return b.run(work);
}
