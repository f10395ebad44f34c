/**
 * Re-encrypts every stored secret under the sealer's primary key, while the
 * service runs. Which columns hold secrets comes from the one declaration
 * (src/store/sealed.ts), job payloads included. Each value is replaced only if
 * its row still holds what was read (compare and set), so a token refreshed
 * meanwhile is never overwritten with an older one; a value the service wrote
 * meanwhile under an old key is picked up by the next pass. Running it again
 * after an interruption simply continues: what is already under the primary key
 * is left alone. `checkAll` then opens every value with the new key alone: only
 * after it found nothing else may the old key go.
 */
import type { AppContext } from '../../context.ts';
import { SEALED } from '../../store/sealed.ts';
import type { Sealer } from '../crypto.ts';
import { forEachSealedRow, replaceIfUnchanged } from './stored.ts';

const MAX_PASSES = 20;

export interface RotationResult {
  /** The key every value is sealed with now. */
  keyId: string;
  /** Values re-encrypted by this run. */
  resealed: number;
  /** Values still under another key (only when `limit` stopped the run early). */
  remaining: number;
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
  for (const col of SEALED) {
    await forEachSealedRow(ctx, col, async (row) => {
      const old = row.values.filter((v) => ctx.sealer.sealedWith(v) !== primary);
      if (old.length === 0) return;
      if (budget.left < old.length) {
        stale += old.length;
        return;
      }
      const fresh = new Map(old.map((v) => [v, ctx.sealer.seal(ctx.sealer.open(v))]));
      if (await replaceIfUnchanged(ctx, col, row, row.replace(fresh))) {
        resealed += old.length;
        budget.left -= old.length;
      } else raced++;
    });
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

export interface CheckResult {
  /** Values opened. */
  checked: number;
  /** Where a value did not open with the given sealer (at most a few, to name them). */
  unreadable: { table: string; column: string; id: string; keyId: string | null }[];
  unreadableCount: number;
}

/** Opens every stored sealed value with `sealer` (the new key alone, before the old one is deleted). */
export async function checkAll(ctx: AppContext, sealer: Sealer): Promise<CheckResult> {
  const out: CheckResult = { checked: 0, unreadable: [], unreadableCount: 0 };
  for (const col of SEALED) {
    await forEachSealedRow(ctx, col, (row) => {
      for (const value of row.values) {
        out.checked++;
        try {
          sealer.open(value);
        } catch {
          out.unreadableCount++;
          if (out.unreadable.length < 5)
            out.unreadable.push({
              table: col.table,
              column: col.column,
              id: row.id,
              keyId: sealer.sealedWith(value),
            });
        }
      }
    });
  }
  return out;
}

/** How many stored values each key holds (key id, or `v1` for values from before key ids). */
export async function valuesByKey(ctx: AppContext): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const col of SEALED) {
    await forEachSealedRow(ctx, col, (row) => {
      for (const value of row.values) {
        const id = ctx.sealer.sealedWith(value) ?? 'v1';
        out[id] = (out[id] ?? 0) + 1;
      }
    });
  }
  return out;
}
