/**
 * People: one row per e-mail address (compared case-insensitively), holding what
 * signs them in. Membership of projects is in members.ts.
 */
import type { AppContext } from '../../context.ts';
import { invalid } from '../../errors.ts';
import type { Db } from '../../jobs/enqueue.ts';
import { newId } from '../ids.ts';

const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,255}$/;

/** The address as stored and compared: trimmed and lower-cased. */
export function normalizeEmail(email: string): string {
  const e = email.trim().toLowerCase();
  if (!EMAIL.test(e)) throw invalid('email must be an e-mail address such as ana@example.com');
  return e;
}

export async function findPersonByEmail(db: Db, email: string) {
  return db.selectFrom('people').selectAll().where('email', '=', email).executeTakeFirst();
}

export async function findPerson(db: Db, personId: string) {
  return db.selectFrom('people').selectAll().where('id', '=', personId).executeTakeFirst();
}

/** The person with this (normalized) e-mail, made when there is none; safe when two requests race. */
export async function ensurePerson(ctx: AppContext, db: Db, email: string) {
  const now = ctx.now().toISOString();
  await db
    .insertInto('people')
    .values({
      id: newId('psn'),
      email,
      password_hash: null,
      totp_secret_enc: null,
      totp_pending_enc: null,
      recovery_codes: null,
      totp_last_step: null,
      created_at: now,
      updated_at: now,
    })
    .onConflict((oc) => oc.column('email').doNothing())
    .execute();
  const person = await findPersonByEmail(db, email);
  if (!person) throw new Error(`person ${email} vanished while being made`);
  return person;
}

export async function setPasswordHash(ctx: AppContext, db: Db, personId: string, hash: string) {
  await db
    .updateTable('people')
    .set({ password_hash: hash, updated_at: ctx.now().toISOString() })
    .where('id', '=', personId)
    .execute();
}

/** Parses a stored JSON list of profile ids (null: every profile). */
export function parseProfileIds(text: string | null): string[] | null {
  if (text === null) return null;
  const parsed: unknown = JSON.parse(text);
  return Array.isArray(parsed) ? parsed.filter((id): id is string => typeof id === 'string') : [];
}
