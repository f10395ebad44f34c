/**
 * Group commit of post creates (src/store/group-commit.ts). A commit costs more
 * than the rows of one create (SQLite writes its WAL, PostgreSQL flushes to disk,
 * and every create of a project waits for the project's balance row lock through
 * that flush), and a statement costs more than a row. Concurrent creates
 * therefore plan their rows (RowSet) and one transaction writes all of them: it
 * locks the balance rows of the batch's projects, reads every account the batch
 * targets, decides each create in order in memory (Idempotency-Key free,
 * accounts connected, credits left), writes the accepted creates' rows with one
 * multi-row INSERT per table, and saves each balance once. Every caller gets its
 * answer only after the shared commit.
 *
 * A create refused in memory (402, 403, an account gone, a key already used)
 * costs the others nothing. Should the shared write itself fail (say an account
 * deleted a moment ago breaks a foreign key), each create of the batch is retried
 * in a transaction of its own, so one bad create fails alone.
 *
 * On PostgreSQL the balance rows are locked in project-id order and the batch
 * then only inserts rows and updates rows it holds, so batches on different
 * nodes can not deadlock with each other.
 */
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { TargetInput } from '../../platforms/shared/input.ts';
import { groupCommitPer, type ItemOutcome } from '../../store/group-commit.ts';
import { RowSet } from '../../store/row-set.ts';
import type { Database } from '../../store/schema.ts';
import type { IdempotencyKeysTable } from '../../store/tables/posts.ts';
import { type ChargeLine, lockBalances, planCharge, saveBalance } from '../credits/balance.ts';
import { openSlotPickers, type QueueSlot } from '../planning/queue-slot.ts';
import { judgeAccounts, readIntegrations, type TargetAccount } from './accounts.ts';
import { verdict } from './check.ts';
import { KEY_TTL_MS } from './idempotency.ts';

export interface PlannedCreate {
  projectId: string;
  /** The profiles the creating caller is limited to (its accounts must be of them), or null/absent for all. */
  profileIds?: readonly string[] | null;
  /** The targets whose accounts the batch checks, in its own transaction. */
  targets: readonly TargetInput[];
  /**
   * The create's rows (post, targets, what the accept planners add) and its charge,
   * once its accounts are known (and, for a queued create, the slot it takes).
   * Called inside the batch, again if the batch is retried, so it only builds and
   * never writes. A queued create's build returns its Idempotency-Key row, whose
   * answer names the post it built.
   */
  build: (
    accounts: TargetAccount[],
    slot?: QueueSlot,
  ) => { rows: RowSet; charge: { lines: ChargeLine[]; what: string }; idempotency?: IdempotencyKeysTable };
  /** The Idempotency-Key row to store with the create, if the request had a key. */
  idempotency?: IdempotencyKeysTable;
  /** A queued create: it takes the next free slot of this queue (planning/queue-slot.ts). */
  queue?: { owner: string };
}

/** `key_taken`: another request holds the Idempotency-Key (committed, or earlier in this batch). */
export type CreateOutcome = 'written' | 'key_taken';

/** What one create's batch answered, with the rows whose after-commit work is still to run. */
interface Decided {
  outcome: CreateOutcome;
  rows: RowSet | null;
}

interface Item {
  ctx: AppContext;
  plan: PlannedCreate;
}

const MAX_BATCH = 128;
const keyOf = (projectId: string, key: string) => `${projectId}\n${key}`;

/** The keys of these plans that are stored and still live; expired ones are deleted to make way. */
async function takenKeys(
  trx: Transaction<Database>,
  ctx: AppContext,
  plans: readonly PlannedCreate[],
): Promise<Set<string>> {
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
  const cutoff = new Date(ctx.now().getTime() - KEY_TTL_MS).toISOString();
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

/** Decides and writes a batch of creates in `trx`; one outcome per create, in order. */
async function writeBatch(
  trx: Transaction<Database>,
  items: readonly Item[],
): Promise<ItemOutcome<Decided>[]> {
  const ctx = items[0]?.ctx;
  if (!ctx) return [];
  const plans = items.map((i) => i.plan);
  const balances = await lockBalances(
    trx,
    ctx,
    plans.map((p) => p.projectId),
  );
  const taken = await takenKeys(trx, ctx, plans);
  const integrations = await readIntegrations(
    trx,
    ctx.store.dialect,
    plans.flatMap((p) => p.targets.map((t) => t.accountId)),
  );
  // Queued creates take their slots here, after the balance locks: every queue read at once.
  const pickers = await openSlotPickers(
    trx,
    plans.flatMap((p) => (p.queue ? [{ projectId: p.projectId, owner: p.queue.owner }] : [])),
    ctx.now(),
  );
  // The rows of all accepted creates, in table order. Plans themselves stay untouched
  // (build makes new rows each time), so a failed batch can be retried create by create.
  const accepted = new RowSet();
  const changed = new Set<string>();
  const outcomes = plans.map((plan): ItemOutcome<Decided> => {
    const key = plan.idempotency ? keyOf(plan.projectId, plan.idempotency.key) : null;
    if (key !== null && taken.has(key)) return { ok: true, value: { outcome: 'key_taken', rows: null } };
    const balance = balances.get(plan.projectId);
    if (!balance) return { ok: false, error: new Error(`no credit balance for ${plan.projectId}`) };
    let built: ReturnType<PlannedCreate['build']>;
    let charged: ReturnType<typeof planCharge>;
    const picker = plan.queue ? pickers.get(keyOf(plan.projectId, plan.queue.owner)) : undefined;
    let slot: QueueSlot | undefined;
    try {
      const accounts = verdict(
        [],
        judgeAccounts(
          { projectId: plan.projectId, profileIds: plan.profileIds ?? null },
          plan.targets,
          integrations,
        ),
      );
      slot = picker?.next();
      built = plan.build(accounts, slot);
      charged = planCharge(ctx, balance, built.charge.lines, built.charge.what);
    } catch (error) {
      // A refused create's slot is free for the next one.
      if (slot) picker?.giveBack(slot);
      return { ok: false, error };
    }
    balances.set(plan.projectId, charged.balance);
    changed.add(plan.projectId);
    accepted.absorb(built.rows);
    accepted.add('credit_ledger', ...charged.entries);
    if (plan.idempotency && key !== null) {
      accepted.add('idempotency_keys', built.idempotency ?? plan.idempotency);
      taken.add(key);
    }
    return { ok: true, value: { outcome: 'written', rows: built.rows } };
  });
  await accepted.write(trx, ctx.store.dialect);
  for (const projectId of changed) {
    const balance = balances.get(projectId);
    if (balance) await saveBalance(trx, ctx, balance);
  }
  return outcomes;
}

/**
 * Batches written at once: SQLite has one connection, so one. On PostgreSQL a
 * second batch opens its transaction and waits for the balance locks while the
 * first one writes and commits, hiding a round trip or two.
 */
const creates = groupCommitPer(writeBatch, (store) => ({
  maxBatch: MAX_BATCH,
  parallel: store.dialect === 'postgres' ? 2 : 1,
}));

/** Writes a planned create in the next group commit. */
export async function writeCreate(ctx: AppContext, plan: PlannedCreate): Promise<CreateOutcome> {
  const { outcome, rows } = await creates(ctx.store).submit({ ctx, plan });
  // Committed: now its jobs may be claimed (runners of this process are woken).
  rows?.committed();
  return outcome;
}
