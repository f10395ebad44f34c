/**
 * Re-encrypts every stored secret under the sealer's primary key, while the
 * service runs. Each value is replaced only if it still holds what was read
 * (compare and set), so a token refreshed meanwhile is never overwritten with an
 * older one; a value the service wrote meanwhile under an old key is picked up by
 * the next pass. Running it again after an interruption simply continues: what is
 * already under the primary key is left alone.
 */
import { sql } from 'kysely';
import type { AppContext } from '../../context.ts';

/** Every column that holds a sealed value, by table (the id column is `id` everywhere). */
export const SEALED_COLUMNS = [
  ['integrations', 'access_token_enc'],
  ['integrations', 'refresh_token_enc'],
  ['oauth_apps', 'client_secret_enc'],
  ['notification_subscriptions', 'webhook_secret_enc'],
  ['oauth_states', 'code_verifier_enc'],
  ['selection_tokens', 'choices_enc'],
  ['oauth_states', 'connect_session_enc'],
] as const;

const BATCH = 200;
const MAX_PASSES = 20;

export interface RotationResult {
  /** The key every value is sealed with now. */
  keyId: string;
  /** Values re-encrypted by this run. */
  resealed: number;
  /** Values still under another key (only when `limit` stopped the run early). */
  remaining: number;
}

interface Row {
  id: string;
  value: string;
}

async function batchAfter(ctx: AppContext, table: string, column: string, after: string): Promise<Row[]> {
  const { rows } = await sql<Row>`select id, ${sql.ref(column)} as value from ${sql.table(table)}
    where ${sql.ref(column)} is not null and id > ${after} order by id limit ${BATCH}`.execute(ctx.store.db);
  return rows;
}

/** One pass over every sealed column; returns how many values it replaced and how many changed under it. */
async function pass(
  ctx: AppContext,
  primary: string,
  budget: { left: number },
): Promise<{ resealed: number; raced: number; stale: number }> {
  let resealed = 0;
  let raced = 0;
  let stale = 0;
  for (const [table, column] of SEALED_COLUMNS) {
    let after = '';
    for (;;) {
      const rows = await batchAfter(ctx, table, column, after);
      if (rows.length === 0) break;
      after = rows[rows.length - 1]?.id ?? after;
      for (const row of rows) {
        if (ctx.sealer.sealedWith(row.value) === primary) continue;
        if (budget.left <= 0) {
          stale++;
          continue;
        }
        const fresh = ctx.sealer.seal(ctx.sealer.open(row.value));
        const res = await sql`update ${sql.table(table)} set ${sql.ref(column)} = ${fresh}
          where id = ${row.id} and ${sql.ref(column)} = ${row.value}`.execute(ctx.store.db);
        if (Number(res.numAffectedRows ?? 0) === 1) {
          resealed++;
          budget.left--;
        } else raced++;
      }
    }
  }
  return { resealed, raced, stale };
}

/**
 * Re-encrypts values until none is left under another key (or `limit` values were
 * done: the run stops there and a later run continues).
 */
export async function resealAll(ctx: AppContext, options: { limit?: number } = {}): Promise<RotationResult> {
  const primary = ctx.sealer.primaryKeyId();
  const budget = { left: options.limit ?? Number.POSITIVE_INFINITY };
  let resealed = 0;
  for (let i = 0; i < MAX_PASSES; i++) {
    const done = await pass(ctx, primary, budget);
    resealed += done.resealed;
    if (done.stale > 0) return { keyId: primary, resealed, remaining: done.stale };
    // A pass that found nothing to do (and lost no race) proves every value is under the primary key.
    if (done.resealed === 0 && done.raced === 0) return { keyId: primary, resealed, remaining: 0 };
  }
  throw new Error(`values kept changing under another key after ${MAX_PASSES} passes; run rotate-key again`);
}

/** How many stored values each key holds (key id, or `v1` for values from before key ids). */
export async function valuesByKey(ctx: AppContext): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const [table, column] of SEALED_COLUMNS) {
    let after = '';
    for (;;) {
      const rows = await batchAfter(ctx, table, column, after);
      if (rows.length === 0) break;
      after = rows[rows.length - 1]?.id ?? after;
      for (const row of rows) {
        const id = ctx.sealer.sealedWith(row.value) ?? 'v1';
        out[id] = (out[id] ?? 0) + 1;
      }
    }
  }
  return out;
}
