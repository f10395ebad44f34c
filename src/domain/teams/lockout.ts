/**
 * Slowing down and locking password guessing, per e-mail and per client address,
 * counted in the database so every node shares the counts. An e-mail nobody has
 * is counted like one that exists, so the answers never tell them apart.
 *
 * An attempt is reserved (counted as a failure) before the password or code is
 * checked, by one statement per subject that both decides and counts; a success
 * gives it back. So guesses sent at once meet the limit as guesses in a row do:
 * of any number sent together, at most SIGNIN_LOCK_AFTER_FAILURES are checked.
 *
 * After SIGNIN_DELAY_AFTER_FAILURES failures in a row, the next attempt must wait
 * 1 s, then 2 s, 4 s… (at most 60 s) after the last failure; after
 * SIGNIN_LOCK_AFTER_FAILURES the subject is locked for SIGNIN_LOCK_MINUTES. A
 * success clears the e-mail's count (not the address's: one good account must not
 * reset an address that guesses at others). Counts older than the lock time lapse.
 */
import { type RawBuilder, sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { SignInFailuresTable } from '../../store/tables/teams.ts';

const MAX_DELAY_S = 60;
/** 2^6 s is past the 60 s cap: six steps of doubling cover every delay there is. */
const DOUBLINGS = 6;

export const signInSubjects = (email: string, ip: string): string[] => [`email:${email}`, `ip:${ip}`];

/** Subjects whose attempt is reserved; settle it with attemptSucceeded or attemptFailed. */
export interface Attempt {
  subjects: string[];
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The condition under which a subject's row may count one more attempt now. The
 * delay depends on the count, so it is written out per count (six steps reach the
 * cap); times are ISO strings of one shape, which compare as text in order.
 */
function mayTryNow(ctx: AppContext, nowMs: number): RawBuilder<boolean> {
  const { SIGNIN_DELAY_AFTER_FAILURES: delayAfter, SIGNIN_LOCK_AFTER_FAILURES: lockAfter } = ctx.config;
  const lapsedBefore = iso(nowMs - ctx.config.SIGNIN_LOCK_MINUTES * 60_000);
  const steps = Array.from(
    { length: DOUBLINGS },
    (_, i) =>
      sql`when sign_in_failures.failures = ${delayAfter + i} then sign_in_failures.last_failure_at <= ${iso(nowMs - 2 ** i * 1000)}`,
  );
  const waited = sql`case ${sql.join(steps, sql` `)} else sign_in_failures.last_failure_at <= ${iso(nowMs - MAX_DELAY_S * 1000)} end`;
  return sql<boolean>`(sign_in_failures.locked_until is null or sign_in_failures.locked_until <= ${iso(nowMs)})
    and (sign_in_failures.last_failure_at < ${lapsedBefore}
      or (sign_in_failures.failures < ${lockAfter}
        and (sign_in_failures.failures < ${delayAfter} or ${waited})))`;
}

/** Reserves one attempt of `subject`: true when counted, false when it must wait or is locked. */
async function reserveOne(ctx: AppContext, subject: string): Promise<boolean> {
  const nowMs = ctx.now().getTime();
  const lapsedBefore = iso(nowMs - ctx.config.SIGNIN_LOCK_MINUTES * 60_000);
  // One statement decides and counts: the row is locked while it runs, so attempts at once queue on it.
  const row = await ctx.store.db
    .insertInto('sign_in_failures')
    .values({ subject, failures: 1, last_failure_at: iso(nowMs), locked_until: null })
    .onConflict((oc) =>
      oc
        .column('subject')
        .doUpdateSet({
          failures: sql`case when sign_in_failures.last_failure_at < ${lapsedBefore} then 1 else sign_in_failures.failures + 1 end`,
          last_failure_at: iso(nowMs),
          locked_until: null,
        })
        .where(mayTryNow(ctx, nowMs)),
    )
    .returning('failures')
    .executeTakeFirst();
  return row !== undefined;
}

/** Takes back one reserved attempt (the attempt was not a failure, or was not made). */
async function giveBack(ctx: AppContext, subject: string): Promise<void> {
  await ctx.store.db
    .updateTable('sign_in_failures')
    .set({ failures: sql`case when failures > 0 then failures - 1 else 0 end` })
    .where('subject', '=', subject)
    .execute();
}

/** How long the caller must wait, from the rows as they are now (for the 429's Retry-After). */
function waitOf(ctx: AppContext, rows: SignInFailuresTable[]): { ms: number; locked: boolean } {
  const { config } = ctx;
  const now = ctx.now().getTime();
  const lapse = config.SIGNIN_LOCK_MINUTES * 60_000;
  let ms = 0;
  let locked = false;
  for (const row of rows) {
    const lockedUntil = row.locked_until ? Date.parse(row.locked_until) : 0;
    const last = Date.parse(row.last_failure_at);
    if (lockedUntil > now || (row.failures >= config.SIGNIN_LOCK_AFTER_FAILURES && now - last <= lapse)) {
      locked = true;
      ms = Math.max(ms, Math.max(lockedUntil, last + lapse) - now);
      continue;
    }
    if (now - last > lapse || row.failures < config.SIGNIN_DELAY_AFTER_FAILURES) continue;
    const delayMs = Math.min(2 ** (row.failures - config.SIGNIN_DELAY_AFTER_FAILURES), MAX_DELAY_S) * 1000;
    ms = Math.max(ms, last + delayMs - now);
  }
  return { ms, locked };
}

async function refuse(ctx: AppContext, subjects: string[]): Promise<never> {
  const rows = await ctx.store.db
    .selectFrom('sign_in_failures')
    .selectAll()
    .where('subject', 'in', subjects)
    .execute();
  const wait = waitOf(ctx, rows);
  // A refusal decided a moment ago may meet rows that changed since: it still asks for a second.
  const seconds = Math.max(1, Math.ceil(wait.ms / 1000));
  throw new AppError(
    'rate_limited',
    wait.locked
      ? `Too many failed sign-ins: signing in is locked for ${Math.ceil(seconds / 60)} more minute(s)`
      : `Too many failed sign-ins: wait ${seconds} second(s) before trying again`,
    { 'retry-after': String(seconds) },
  );
}

/**
 * Counts an attempt for every subject before anything is checked; throws 429 with
 * Retry-After (counting nothing) when any subject is locked or must still wait.
 */
export async function reserveAttempt(ctx: AppContext, subjects: string[]): Promise<Attempt> {
  const reserved: string[] = [];
  for (const subject of subjects) {
    if (await reserveOne(ctx, subject)) {
      reserved.push(subject);
      continue;
    }
    for (const done of reserved) await giveBack(ctx, done);
    return refuse(ctx, subjects);
  }
  return { subjects: reserved };
}

/** The attempt stays counted; the subjects that reached the limit are locked. */
export async function attemptFailed(ctx: AppContext, attempt: Attempt): Promise<void> {
  const now = ctx.now().getTime();
  await ctx.store.db
    .updateTable('sign_in_failures')
    .set({ locked_until: iso(now + ctx.config.SIGNIN_LOCK_MINUTES * 60_000) })
    .where('subject', 'in', attempt.subjects)
    .where('failures', '>=', ctx.config.SIGNIN_LOCK_AFTER_FAILURES)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', iso(now))]))
    .execute();
}

/** The attempt was right: the address gets its attempt back, the e-mail's count is cleared. */
export async function attemptSucceeded(ctx: AppContext, attempt: Attempt): Promise<void> {
  for (const subject of attempt.subjects) {
    if (subject.startsWith('email:'))
      await ctx.store.db.deleteFrom('sign_in_failures').where('subject', '=', subject).execute();
    else await giveBack(ctx, subject);
  }
}

/** The attempt was not made after all (refused for another reason before any check). */
export async function attemptNotMade(ctx: AppContext, attempt: Attempt): Promise<void> {
  for (const subject of attempt.subjects) await giveBack(ctx, subject);
}
