/**
 * Slowing down and locking password guessing, per e-mail and per client address,
 * counted in the database so every node shares the counts. An e-mail nobody has
 * is counted like one that exists, so the answers never tell them apart.
 *
 * After SIGNIN_DELAY_AFTER_FAILURES failures in a row, the next attempt must wait
 * 1 s, then 2 s, 4 s… (at most 60 s) after the last failure; after
 * SIGNIN_LOCK_AFTER_FAILURES the subject is locked for SIGNIN_LOCK_MINUTES. A
 * success clears the e-mail's count (not the address's: one good account must not
 * reset an address that guesses at others). Counts older than the lock time lapse.
 */
import { sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';

const MAX_DELAY_S = 60;

export const signInSubjects = (email: string, ip: string): string[] => [`email:${email}`, `ip:${ip}`];

/** Throws 429 with Retry-After when any subject is locked or must still wait. */
export async function assertMayTry(ctx: AppContext, subjects: string[]): Promise<void> {
  const { config } = ctx;
  const rows = await ctx.store.db
    .selectFrom('sign_in_failures')
    .selectAll()
    .where('subject', 'in', subjects)
    .execute();
  const now = ctx.now().getTime();
  const lapse = config.SIGNIN_LOCK_MINUTES * 60_000;
  let waitMs = 0;
  let locked = false;
  for (const row of rows) {
    const lockedUntil = row.locked_until ? Date.parse(row.locked_until) : 0;
    if (lockedUntil > now) {
      locked = true;
      waitMs = Math.max(waitMs, lockedUntil - now);
      continue;
    }
    const last = Date.parse(row.last_failure_at);
    if (now - last > lapse || row.failures < config.SIGNIN_DELAY_AFTER_FAILURES) continue;
    const delayMs = Math.min(2 ** (row.failures - config.SIGNIN_DELAY_AFTER_FAILURES), MAX_DELAY_S) * 1000;
    waitMs = Math.max(waitMs, last + delayMs - now);
  }
  if (waitMs <= 0) return;
  const seconds = Math.ceil(waitMs / 1000);
  throw new AppError(
    'rate_limited',
    locked
      ? `Too many failed sign-ins: signing in is locked for ${Math.ceil(seconds / 60)} more minute(s)`
      : `Too many failed sign-ins: wait ${seconds} second(s) before trying again`,
    { 'retry-after': String(seconds) },
  );
}

export async function recordFailure(ctx: AppContext, subjects: string[]): Promise<void> {
  const { config } = ctx;
  const now = ctx.now();
  const lapsedBefore = new Date(now.getTime() - config.SIGNIN_LOCK_MINUTES * 60_000).toISOString();
  const lockUntil = new Date(now.getTime() + config.SIGNIN_LOCK_MINUTES * 60_000).toISOString();
  for (const subject of subjects) {
    // One statement per subject, so failures counted at once on several nodes all count.
    await ctx.store.db
      .insertInto('sign_in_failures')
      .values({ subject, failures: 1, last_failure_at: now.toISOString(), locked_until: null })
      .onConflict((oc) =>
        oc.column('subject').doUpdateSet({
          failures: sql`case when sign_in_failures.last_failure_at < ${lapsedBefore} then 1 else sign_in_failures.failures + 1 end`,
          last_failure_at: now.toISOString(),
        }),
      )
      .execute();
    await ctx.store.db
      .updateTable('sign_in_failures')
      .set({ locked_until: lockUntil, failures: 0 })
      .where('subject', '=', subject)
      .where('failures', '>=', config.SIGNIN_LOCK_AFTER_FAILURES)
      .execute();
  }
}

export async function recordSuccess(ctx: AppContext, email: string): Promise<void> {
  await ctx.store.db.deleteFrom('sign_in_failures').where('subject', '=', `email:${email}`).execute();
}
