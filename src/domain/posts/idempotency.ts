/**
 * Idempotency-Key on post creation: the same key with the same body answers the
 * first answer again; with another body it is 409. The key is stored in the same
 * transaction as the post, and kept for at least KEY_TTL_MS.
 */
import { createHash } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { Database } from '../../store/schema.ts';
import type { IdempotencyKeysTable } from '../../store/tables/posts.ts';

export const KEY_TTL_MS = 24 * 60 * 60 * 1000;

function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** Equal for bodies that differ only in key order or whitespace. */
export const requestHash = (body: unknown): string =>
  createHash('sha256').update(canonical(body)).digest('hex');

export function checkKey(key: string): void {
  if (key.length < 1 || key.length > 255)
    throw new AppError('invalid', 'header Idempotency-Key must be 1 to 255 characters');
}

/**
 * A request's Idempotency-Key checked (when it has one): the hash of its body, and
 * the answer of an earlier request with the same key and body, null when the key
 * is new; 409 when the key was used with another body.
 */
export async function earlierRequest<T>(
  ctx: AppContext,
  projectId: string,
  key: string | undefined,
  body: unknown,
): Promise<{ hash: string; earlier: T | null }> {
  if (key === undefined) return { hash: '', earlier: null };
  checkKey(key);
  const hash = requestHash(body);
  const found = await findAnswer<T>(ctx, projectId, key, hash);
  return { hash, earlier: found?.answer ?? null };
}

/**
 * After a write found the key taken by another request with the same body: that
 * request's answer, or 409 while it has not finished.
 */
export async function answerOfTakenKey<T>(
  ctx: AppContext,
  projectId: string,
  key: string,
  hash: string,
): Promise<T> {
  const earlier = await findAnswer<T>(ctx, projectId, key, hash);
  if (earlier) return earlier.answer;
  throw new AppError('conflict', 'This Idempotency-Key is in use by a request that has not finished');
}

/** The stored answer of a live key with this body, null when the key is new, 409 for another body. */
export async function findAnswer<T>(
  ctx: AppContext,
  projectId: string,
  key: string,
  hash: string,
): Promise<{ status: number; answer: T } | null> {
  const row = await ctx.store.db
    .selectFrom('idempotency_keys')
    .select(['request_hash', 'status_code', 'answer', 'created_at'])
    .where('project_id', '=', projectId)
    .where('key', '=', key)
    .executeTakeFirst();
  if (!row || Date.parse(row.created_at) < ctx.now().getTime() - KEY_TTL_MS) return null;
  if (row.request_hash !== hash)
    throw new AppError('conflict', 'This Idempotency-Key was already used with a different request body');
  return { status: row.status_code, answer: JSON.parse(row.answer) as T };
}

/** The row that remembers a key's answer; stored in the create's own transaction. */
export function idempotencyRow(
  ctx: AppContext,
  projectId: string,
  key: string,
  hash: string,
  status: number,
  answer: unknown,
): IdempotencyKeysTable {
  return {
    project_id: projectId,
    key,
    request_hash: hash,
    status_code: status,
    answer: JSON.stringify(answer),
    created_at: ctx.now().toISOString(),
  };
}

/**
 * Stores a key's answer in the caller's transaction (an expired row of the same
 * key makes way). False when a live row holds the key: another request with it
 * committed first, and the caller answers as that one did.
 */
export async function rememberAnswer(
  trx: Transaction<Database>,
  ctx: AppContext,
  row: IdempotencyKeysTable,
): Promise<boolean> {
  const cutoff = new Date(ctx.now().getTime() - KEY_TTL_MS).toISOString();
  await trx
    .deleteFrom('idempotency_keys')
    .where('project_id', '=', row.project_id)
    .where('key', '=', row.key)
    .where('created_at', '<', cutoff)
    .execute();
  const inserted = await trx
    .insertInto('idempotency_keys')
    .values(row)
    .onConflict((oc) => oc.doNothing())
    .returning('key')
    .executeTakeFirst();
  return inserted !== undefined;
}
