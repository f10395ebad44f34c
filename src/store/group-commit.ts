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
  /**
   * Share transactions with the other group commits on the same database handle that
   * say so: the batches of every such kind waiting at one moment are done in one
   * transaction, one after the other, with one commit (SharedTransactions below).
   * `parallel` is then 1. For SQLite, whose one writer takes transactions in turn
   * anyway; not for PostgreSQL, where two kinds in one transaction would each lock
   * rows in their own order and could deadlock with another process doing the same.
   */
  shareTransactions?: boolean;
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
  private readonly shared: SharedTransactions | undefined;

  constructor(db: Kysely<Database>, work: BatchWork<I, O>, options: GroupCommitOptions) {
    this.db = db;
    this.work = work;
    this.maxBatch = Math.max(1, options.maxBatch);
    this.parallel = Math.max(1, options.parallel ?? 1);
    this.shared = options.shareTransactions ? sharedTransactionsOf(db) : undefined;
    this.shared?.add(this);
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
    if (this.shared) {
      this.shared.schedule();
      return;
    }
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

  /** For SharedTransactions: the next batch (up to maxBatch of the items waiting), or null when none waits. */
  nextTurn(): Turn | null {
    const batch = this.queue.splice(0, this.maxBatch);
    if (batch.length === 0) return null;
    return {
      inTransaction: async (trx) => {
        const outcomes = await this.workOn(trx, batch);
        return () => this.deliver(batch, outcomes);
      },
      alone: () => this.runBatch(batch),
    };
  }

  private async runBatch(batch: Waiting<I, O>[]): Promise<void> {
    let outcomes: ItemOutcome<O>[];
    try {
      outcomes = await this.db.transaction().execute((trx) => this.workOn(trx, batch));
    } catch (err) {
      if (batch.length === 1) {
        batch[0]?.reject(err);
        return;
      }
      // Nothing of the batch was stored: each item alone, so whatever broke it fails by itself.
      for (const w of batch) await this.runBatch([w]);
      return;
    }
    this.deliver(batch, outcomes);
  }

  private workOn(trx: Transaction<Database>, batch: Waiting<I, O>[]): Promise<ItemOutcome<O>[]> {
    return this.work(
      trx,
      batch.map((w) => w.item),
    );
  }

  /** Answers each caller of a committed batch with its outcome. */
  private deliver(batch: Waiting<I, O>[], outcomes: ItemOutcome<O>[]): void {
    batch.forEach((w, i) => {
      const o = outcomes[i];
      if (!o) w.reject(new Error('group commit: the batch gave no outcome for this item'));
      else if (o.ok) w.resolve(o.value);
      else w.reject(o.error);
    });
  }
}

/**
 * The group commits of one database handle that share transactions. When they
 * are scheduled, each kind with items waiting gives one batch, and the batches run
 * in one transaction in the order the kinds were made, each deciding its items as
 * in a transaction of its own (it reads what the batches before it wrote). Every
 * caller is answered after the one commit. One shared transaction runs at a time;
 * items arriving meanwhile wait for the next. When the shared transaction fails,
 * nothing of it was stored, and each kind's batch runs again in a transaction of
 * its own (and, if that fails too, item by item), so a failure stays with its kind.
 */
class SharedTransactions {
  private readonly members: SharingKind[] = [];
  private scheduled = false;
  private active = false;
  private readonly db: Kysely<Database>;

  constructor(db: Kysely<Database>) {
    this.db = db;
  }

  add(member: SharingKind): void {
    this.members.push(member);
  }

  schedule(): void {
    if (this.scheduled || this.active) return;
    this.scheduled = true;
    // One turn of the event loop, as for a kind alone: whatever is finishing now joins.
    setImmediate(() => {
      this.scheduled = false;
      void this.run();
    });
  }

  private async run(): Promise<void> {
    const turns = this.members.map((m) => m.nextTurn()).filter((t): t is Turn => t !== null);
    if (turns.length === 0) return;
    this.active = true;
    try {
      if (turns.length === 1) await turns[0]?.alone();
      else await this.together(turns);
    } finally {
      this.active = false;
      if (this.members.some((m) => m.waiting > 0)) this.schedule();
    }
  }

  private async together(turns: Turn[]): Promise<void> {
    let answers: (() => void)[];
    try {
      answers = await this.db.transaction().execute(async (trx) => {
        const all: (() => void)[] = [];
        for (const turn of turns) all.push(await turn.inTransaction(trx));
        return all;
      });
    } catch {
      for (const turn of turns) await turn.alone();
      return;
    }
    for (const answer of answers) answer();
  }
}

/** What SharedTransactions needs of a kind's GroupCommit, whatever its item and outcome types. */
type SharingKind = Pick<GroupCommit<unknown, unknown>, 'nextTurn' | 'waiting'>;

/** One kind's batch, ready to run in a shared transaction or in its own. */
interface Turn {
  /** Does the batch in `trx`; returns what answers its callers once `trx` committed. */
  inTransaction(trx: Transaction<Database>): Promise<() => void>;
  /** Does the batch in a transaction of its own (and item by item if that fails); never throws. */
  alone(): Promise<void>;
}

const sharedByDb = new WeakMap<Kysely<Database>, SharedTransactions>();

function sharedTransactionsOf(db: Kysely<Database>): SharedTransactions {
  let shared = sharedByDb.get(db);
  if (!shared) {
    shared = new SharedTransactions(db);
    sharedByDb.set(db, shared);
  }
  return shared;
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
