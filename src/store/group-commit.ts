/**
 * Group commit: many concurrent callers each submit one item of the same kind of
 * write; the items waiting at one moment are done together by one batch function
 * in one transaction, with multi-row statements, and every caller gets its answer
 * only after the shared commit. A commit (and, on SQLite, the turn on the one
 * connection) costs more than the work of one item, so this is what lets dozens
 * of jobs in flight share the database instead of queueing for it one by one.
 *
 * The batch function decides each item on its own (an item that must not be
 * written, such as one whose job lost its lease, gets an error outcome and writes
 * nothing), so one refused item does not hold back the others. When the batch
 * transaction fails as a whole, nothing of it was stored; each item is then tried
 * alone in its own transaction, so an item that breaks the batch fails alone.
 */
import type { Kysely, Transaction } from 'kysely';
import type { Store } from './db.ts';
import type { Database } from './schema.ts';

export type ItemOutcome<O> = { ok: true; value: O } | { ok: false; error: unknown };

/** Does `items` in `trx`; returns one outcome per item, in the order given. */
export type BatchWork<I, O> = (trx: Transaction<Database>, items: readonly I[]) => Promise<ItemOutcome<O>[]>;

export interface GroupCommitOptions {
  /** Most items in one transaction. */
  maxBatch: number;
  /** Batch transactions open at once (1 on SQLite, whose one connection serializes them anyway). */
  parallel?: number;
}

interface Waiting<I, O> {
  item: I;
  resolve: (value: O) => void;
  reject: (err: unknown) => void;
}

export class GroupCommit<I, O> {
  private queue: Waiting<I, O>[] = [];
  private active = 0;
  private scheduled = false;
  private readonly db: Kysely<Database>;
  private readonly work: BatchWork<I, O>;
  private readonly maxBatch: number;
  private readonly parallel: number;

  constructor(db: Kysely<Database>, work: BatchWork<I, O>, options: GroupCommitOptions) {
    this.db = db;
    this.work = work;
    this.maxBatch = Math.max(1, options.maxBatch);
    this.parallel = Math.max(1, options.parallel ?? 1);
  }

  /** Resolves with the item's value once its batch committed; rejects with its error otherwise. */
  submit(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.schedule();
    });
  }

  /** Items waiting for a batch (for tests and metrics). */
  get waiting(): number {
    return this.queue.length;
  }

  private schedule(): void {
    if (this.scheduled || this.active >= this.parallel) return;
    this.scheduled = true;
    // One turn of the event loop: callers whose previous step is finishing now join this batch.
    setImmediate(() => {
      this.scheduled = false;
      this.startBatches();
    });
  }

  private startBatches(): void {
    while (this.active < this.parallel && this.queue.length > 0) {
      const batch = this.queue.splice(0, this.maxBatch);
      this.active++;
      void this.runBatch(batch).finally(() => {
        this.active--;
        if (this.queue.length > 0) this.schedule();
      });
    }
  }

  private async runBatch(batch: Waiting<I, O>[]): Promise<void> {
    let outcomes: ItemOutcome<O>[];
    try {
      outcomes = await this.db.transaction().execute((trx) =>
        this.work(
          trx,
          batch.map((w) => w.item),
        ),
      );
    } catch (err) {
      if (batch.length === 1) {
        batch[0]?.reject(err);
        return;
      }
      // Nothing of the batch was stored: each item alone, so whatever broke it fails by itself.
      for (const w of batch) await this.runBatch([w]);
      return;
    }
    batch.forEach((w, i) => {
      const o = outcomes[i];
      if (!o) w.reject(new Error('group commit: the batch gave no outcome for this item'));
      else if (o.ok) w.resolve(o.value);
      else w.reject(o.error);
    });
  }
}

/**
 * One GroupCommit per database handle and kind of write, made on first use, so all
 * callers on the same database (every job of a runner, every runner of a process)
 * share it.
 */
export function groupCommitPer<I, O>(
  work: BatchWork<I, O>,
  options: (store: Store) => GroupCommitOptions,
): (store: Store) => GroupCommit<I, O> {
  const byDb = new WeakMap<Kysely<Database>, GroupCommit<I, O>>();
  return (store) => {
    let g = byDb.get(store.db);
    if (!g) {
      g = new GroupCommit(store.db, work, options(store));
      byDb.set(store.db, g);
    }
    return g;
  };
}
