/**
 * The start-up check of the key ring against the stored data: a value sealed
 * under a key the service does not hold could never be opened (every sign-in with
 * an authenticator code, every send of a queued e-mail would fail, for good), so
 * the service refuses to start and says which key and which table, instead of
 * answering 500 later. The operator then restores the key (ENCRYPTION_PREVIOUS_KEYS,
 * or the `encryption.previous.key` file) and finishes the rotation.
 *
 * Cost: one scan per sealed column (0.3 s for 200,000 values on SQLite on a
 * loaded 2-core machine), and a look at the job payloads that hold a sealed value
 * (few: queued account e-mails).
 */
import { sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import { SEALED, type SealedColumn } from '../../store/sealed.ts';
import { forEachSealedRow } from './stored.ts';

export class UnheldKeyError extends Error {
  override name = 'UnheldKeyError';
}

interface Stranger {
  col: SealedColumn;
  keyId: string | null;
}

async function strangerInColumn(
  ctx: AppContext,
  col: SealedColumn,
  held: string[],
): Promise<Stranger | null> {
  const c = sql.ref(col.column);
  const t = sql.table(col.table);
  if (col.form === 'value') {
    // One pass: a value under a key not held comes first; else one value from before key ids
    // (they name no key), which tells whether the ring still opens them.
    const { rows } = await sql<{ v: string }>`select ${c} as v from ${t}
      where (${c} like ${'v2.%'} and substr(${c}, 4, 8) not in (${sql.join(held)})) or ${c} like ${'v1.%'}
      order by case when ${c} like ${'v2.%'} then 0 else 1 end limit 1`.execute(ctx.store.db);
    const v = rows[0]?.v;
    if (v === undefined) return null;
    const id = ctx.sealer.sealedWith(v);
    if (id !== null) return { col, keyId: id };
    return opens(ctx, v) ? null : { col, keyId: null };
  }
  let found: Stranger | null = null;
  await forEachSealedRow(ctx, col, (row) => {
    if (found) return;
    for (const v of row.values) {
      const id = ctx.sealer.sealedWith(v);
      if (id ? !held.includes(id) : !opens(ctx, v)) found = { col, keyId: id };
    }
  });
  return found;
}

function opens(ctx: AppContext, value: string): boolean {
  try {
    ctx.sealer.open(value);
    return true;
  } catch {
    return false;
  }
}

/** Throws UnheldKeyError, naming the key and the table, when a stored value is under a key the service lacks. */
export async function assertKeysHeld(ctx: AppContext): Promise<void> {
  const held = ctx.sealer.heldKeyIds();
  for (const col of SEALED) {
    const stranger = await strangerInColumn(ctx, col, held);
    if (!stranger) continue;
    const where = `${col.table}.${col.column}`;
    const key = stranger.keyId ? `key ${stranger.keyId}` : 'a key from before key ids';
    throw new UnheldKeyError(
      `Stored secrets in ${where} are sealed under ${key}, which this service does not hold ` +
        `(it holds ${held.join(', ')}). Give it that key again (ENCRYPTION_PREVIOUS_KEYS, or the ` +
        `data directory's encryption.previous.key file) and run \`cli rotate-key\` to move them to the current key.`,
    );
  }
}
