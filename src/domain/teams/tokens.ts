/**
 * One-time account tokens: invitations, password resets and OIDC sign-in state.
 * Random, shown once (in a link), stored only as a sha256 hash, expiring, and
 * used at most once: consuming one is a conditional update, so of two requests
 * with the same token only one gets it.
 */
import { createHash } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { Db } from '../../jobs/enqueue.ts';
import type { AccountTokensTable } from '../../store/tables/teams.ts';
import { newCredential } from '../credentials.ts';
import { newId } from '../ids.ts';

export type TokenKind = AccountTokensTable['kind'];

const TOKEN_PREFIX = 'spt_';
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

export interface NewToken {
  kind: TokenKind;
  email: string;
  projectId?: string | null;
  role?: string | null;
  profileIds?: readonly string[] | null;
  /** Sealed before it is stored. */
  data?: string | null;
  ttlMs: number;
  /** The client address of an anonymous start (capped per address). */
  requestedBy?: string | null;
}

export async function issueToken(
  ctx: AppContext,
  db: Db,
  t: NewToken,
): Promise<{ id: string; token: string; expiresAt: string }> {
  const token = newCredential('accountToken');
  const id = newId(t.kind === 'invitation' ? 'inv' : 'tok');
  const now = ctx.now();
  const expiresAt = new Date(now.getTime() + t.ttlMs).toISOString();
  await db
    .insertInto('account_tokens')
    .values({
      token_hash: hashToken(token),
      id,
      kind: t.kind,
      email: t.email,
      project_id: t.projectId ?? null,
      role: t.role ?? null,
      profile_ids: t.profileIds ? JSON.stringify(t.profileIds) : null,
      data_enc: t.data ? ctx.sealer.seal(t.data) : null,
      created_at: now.toISOString(),
      expires_at: expiresAt,
      used_at: null,
      requested_by: t.requestedBy ?? null,
    })
    .execute();
  return { id, token, expiresAt };
}

/** The unused, unexpired token of `kind`, without using it (to show what an invitation is for). */
export async function peekToken(ctx: AppContext, db: Db, kind: TokenKind, token: string) {
  if (!token.startsWith(TOKEN_PREFIX) || token.length > 100) return undefined;
  return db
    .selectFrom('account_tokens')
    .selectAll()
    .where('token_hash', '=', hashToken(token))
    .where('kind', '=', kind)
    .where('used_at', 'is', null)
    .where('expires_at', '>', ctx.now().toISOString())
    .executeTakeFirst();
}

/**
 * Uses the token once, inside the caller's transaction (so what it grants is made
 * with it or not at all); a token unknown, expired or already used is 404/409 with
 * a message that does not say which account it was for.
 */
export async function consumeToken(ctx: AppContext, trx: Db, kind: TokenKind, token: string, what: string) {
  const row = await peekToken(ctx, trx, kind, token);
  if (!row)
    throw new AppError('not_found', `This ${what} link is not valid: it expired, was used, or never existed`);
  const res = await trx
    .updateTable('account_tokens')
    .set({ used_at: ctx.now().toISOString() })
    .where('token_hash', '=', row.token_hash)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0) throw new AppError('conflict', `This ${what} link was just used`);
  return { ...row, data: row.data_enc ? ctx.sealer.open(row.data_enc) : null };
}
