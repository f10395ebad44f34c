/**
 * Group commit of post creates. A commit costs more than the rows of one create
 * (SQLite writes its WAL, PostgreSQL flushes to disk, and every create of a
 * project waits for the project's balance row lock through that flush), and a
 * statement costs more than a row. Concurrent creates therefore plan their rows
 * (RowSet) and one transaction writes all of them: it locks the balance rows of
 * the batch's projects, reads every account the batch targets, decides each
 * create in order in memory (Idempotency-Key free, accounts connected, credits
 * left), writes the accepted creates' rows with one multi-row
 * INSERT per table, and saves each balance once. Every caller gets its answer
 * only after the shared commit.
 *
 * A create refused in memory (402, 403, an account gone, a key already used)
 * costs the others nothing.
 * Should the shared write itself fail (say an account deleted a moment ago
 * breaks a foreign key), each create of the batch is retried in a transaction of
 * its own, so one bad create fails alone.
 *
 * On PostgreSQL the balance rows are locked in project-id order and the batch
 * then only inserts rows and updates rows it holds, so batches on different
 * nodes can not deadlock with each other.
 */
import type { Kysely, Transaction } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { TargetInput } from '../../platforms/shared/input.ts';
import { RowSet } from '../../store/row-set.ts';
import type { Database } from '../../store/schema.ts';
import type { IdempotencyKeysTable } from '../../store/tables/posts.ts';
import { type ChargeLine, lockBalances, planCharge, saveBalance } from '../credits/balance.ts';
import { judgeAccounts, readIntegrations, type TargetAccount } from './accounts.ts';
import { verdict } from './check.ts';
import { KEY_TTL_MS } from './idempotency.ts';

export interface PlannedCreate {
  projectId: string;
  /** The targets whose accounts the batch checks, in its own transaction. */
  targets: readonly TargetInput[];
  /**
   * The create's rows (post, targets, what the accept planners add) and its charge,
   * once its accounts are known. Called inside the batch, again if the batch is
   * retried, so it only builds and never writes.
   */
  build: (accounts: TargetAccount[]) => { rows: RowSet; charge: { lines: ChargeLine[]; what: string } };
  /** The Idempotency-Key row to store with the create, if the request had a key. */
  idempotency?: IdempotencyKeysTable;
}

/** `key_taken`: another request holds the Idempotency-Key (committed, or earlier in this batch). */
export type CreateOutcome = 'written' | 'key_taken';

interface Pending {
  plan: PlannedCreate;
  resolve: (value: CreateOutcome) => void;
  reject: (err: unknown) => void;
}

const MAX_BATCH = 128;
const keyOf = (projectId: string, key: string) => `${projectId}\n${key}`;

class Batcher {
  private queue: Pending[] = [];
  private inFlight = 0;
  private gathering = false;
  private readonly ctx: AppContext;
  /**
   * Batches written at once. SQLite has one connection, so one. On PostgreSQL a
   * second batch opens its transaction and waits for the balance locks while the
   * first one writes and commits, hiding a round trip or two.
   */
  private readonly maxInFlight: number;
  constructor(ctx: AppContext) {
    this.ctx = ctx;
    this.maxInFlight = ctx.store.dialect === 'postgres' ? 2 : 1;
  }

  submit(plan: PlannedCreate): Promise<CreateOutcome> {
    return new Promise<CreateOutcome>((resolve, reject) => {
      this.queue.push({ plan, resolve, reject });
      this.gather();
    });
  }

  /** Waits one turn of the event loop, so requests whose reads are finishing now join the batch. */
  private gather(): void {
    if (this.gathering || this.inFlight >= this.maxInFlight || this.queue.length === 0) return;
    this.gathering = true;
    setImmediate(() => {
      this.gathering = false;
      if (this.inFlight >= this.maxInFlight || this.queue.length === 0) return;
      this.inFlight++;
      void this.runBatch(this.queue.splice(0, MAX_BATCH)).finally(() => {
        this.inFlight--;
        this.gather();
      });
      this.gather();
    });
  }

  /** The keys of these plans that are stored and still live; expired ones are deleted to make way. */
  private async takenKeys(trx: Transaction<Database>, plans: readonly PlannedCreate[]): Promise<Set<string>> {
    const keyed = plans.flatMap((p) => (p.idempotency ? [p.idempotency] : []));
    if (keyed.length === 0) return new Set();
    const match = (k: Pick<IdempotencyKeysTable, 'project_id' | 'key'>) =>
      trx
        .selectFrom('idempotency_keys')
        .select(['project_id', 'key', 'created_at'])
        .where('project_id', '=', k.project_id)
        .where('key', '=', k.key);
    let query = match(keyed[0] as IdempotencyKeysTable);
    for (const k of keyed.slice(1)) query = query.unionAll(match(k));
    const stored = await query.execute();
    const cutoff = new Date(this.ctx.now().getTime() - KEY_TTL_MS).toISOString();
    const taken = new Set<string>();
    for (const row of stored) {
      if (row.created_at >= cutoff) {
        taken.add(keyOf(row.project_id, row.key));
        continue;
      }
      await trx
        .deleteFrom('idempotency_keys')
        .where('project_id', '=', row.project_id)
        .where('key', '=', row.key)
        .execute();
    }
    return taken;
  }

  /** Decides and writes the batch in one transaction; returns each plan's outcome or error. */
  private async write(batch: readonly Pending[]): Promise<(CreateOutcome | Error)[]> {
    const { ctx } = this;
    // The rows of all accepted creates, in table order; plans themselves stay untouched
    // so that a failed batch can be retried create by create.
    const accepted = new RowSet();
    const outcomes = await ctx.store.db.transaction().execute(async (trx) => {
      const plans = batch.map((p) => p.plan);
      const balances = await lockBalances(
        trx,
        ctx,
        plans.map((p) => p.projectId),
      );
      const taken = await this.takenKeys(trx, plans);
      const integrations = await readIntegrations(
        trx,
        plans.flatMap((p) => p.targets.map((t) => t.accountId)),
      );
      const changed = new Set<string>();
      const decided = plans.map((plan): CreateOutcome | Error => {
        const key = plan.idempotency ? keyOf(plan.projectId, plan.idempotency.key) : null;
        if (key !== null && taken.has(key)) return 'key_taken';
        const balance = balances.get(plan.projectId);
        if (!balance) return new Error(`no credit balance for ${plan.projectId}`);
        let built: ReturnType<PlannedCreate['build']>;
        let charged: ReturnType<typeof planCharge>;
        try {
          const accounts = verdict([], judgeAccounts(plan.projectId, plan.targets, integrations));
          built = plan.build(accounts);
          charged = planCharge(ctx, balance, built.charge.lines, built.charge.what);
        } catch (err) {
          return err as Error;
        }
        balances.set(plan.projectId, charged.balance);
        changed.add(plan.projectId);
        accepted.absorb(built.rows);
        accepted.add('credit_ledger', ...charged.entries);
        if (plan.idempotency && key !== null) {
          accepted.add('idempotency_keys', plan.idempotency);
          taken.add(key);
        }
        return 'written';
      });
      await accepted.write(trx, ctx.store.dialect);
      for (const projectId of changed) {
        const balance = balances.get(projectId);
        if (balance) await saveBalance(trx, ctx, balance);
      }
      return decided;
    });
    accepted.committed();
    return outcomes;
  }

  private async runBatch(batch: Pending[]): Promise<void> {
    let outcomes: (CreateOutcome | Error)[];
    try {
      outcomes = await this.write(batch);
    } catch (err) {
      // Nothing of this batch was stored. Alone, each create stands or fails on its own.
      if (batch.length === 1) {
        batch[0]?.reject(err);
        return;
      }
      for (const item of batch) await this.runBatch([item]);
      return;
    }
    batch.forEach((item, i) => {
      const o = outcomes[i];
      if (o === 'written' || o === 'key_taken') item.resolve(o);
      else item.reject(o ?? new Error('batch item without outcome'));
    });
  }
}

const batchers = new WeakMap<Kysely<Database>, Batcher>();

/** Writes a planned create in the next group commit. */
export function writeCreate(ctx: AppContext, plan: PlannedCreate): Promise<CreateOutcome> {
  let b = batchers.get(ctx.store.db);
  if (!b) {
    b = new Batcher(ctx);
    batchers.set(ctx.store.db, b);
  }
  return b.submit(plan);
}
