/**
 * Signing in with e-mail and password (and a TOTP or recovery code when the person
 * enrolled one). A wrong password, an unknown e-mail, an e-mail without a password,
 * the right password without the needed code and a wrong code all answer the same
 * 401, after the same work (a dummy hash), and all count towards the lockout
 * (lockout.ts): the attempt is counted before anything is checked.
 */
import type { AppContext } from '../../context.ts';
import { AppError, forbidden, notFound } from '../../errors.ts';
import type { PeopleTable } from '../../store/tables/teams.ts';
import { attemptFailed, attemptSucceeded, reserveAttempt, signInSubjects } from './lockout.ts';
import { membershipsOf } from './members.ts';
import { verifyDummy, verifyPassword } from './passwords.ts';
import { findPersonByEmail, normalizeEmail } from './people.ts';
import { createSession, endSession, findSession, type NewSession } from './sessions.ts';
import { checkSecondFactor } from './two-factor.ts';

/** One text for every refusal, so it never confirms a guessed password of a two-factor account. */
export const WRONG_CREDENTIALS =
  'The e-mail, password or authenticator code is not right (an account with two-factor sign-in also needs totpCode: the code of its authenticator app or a recovery code)';

export interface SignedIn {
  session: NewSession;
  memberId: string;
  personId: string;
}

export interface Credentials {
  email: string;
  password: string;
  totpCode?: string | undefined;
}

/** The address as stored; one that is no address at all is answered like any unknown e-mail. */
export function emailOfAttempt(raw: string): string {
  try {
    return normalizeEmail(raw);
  } catch {
    return raw.trim().toLowerCase().slice(0, 320);
  }
}

/**
 * The person whose e-mail, password and (when enrolled) second factor these are,
 * checked on the lockout exactly as sign-in checks them; every other answer is the
 * one 401 or a 429. Both sign-in and accepting an invitation with a password use it.
 */
export async function provePerson(ctx: AppContext, input: Credentials, ip: string): Promise<PeopleTable> {
  const email = emailOfAttempt(input.email);
  const attempt = await reserveAttempt(ctx, signInSubjects(email, ip));
  const person = await findPersonByEmail(ctx.store.db, email);
  const passwordOk = person?.password_hash
    ? await verifyPassword(input.password, person.password_hash)
    : await verifyDummy(input.password, ctx.config.PASSWORD_SCRYPT_LOG2_N);
  const proved =
    person !== undefined &&
    passwordOk &&
    (!person.totp_secret_enc ||
      (input.totpCode !== undefined && (await checkSecondFactor(ctx, person, input.totpCode))));
  if (!proved || !person) {
    await attemptFailed(ctx, attempt);
    throw new AppError('unauthenticated', WRONG_CREDENTIALS);
  }
  await attemptSucceeded(ctx, attempt);
  return person;
}

export async function signIn(
  ctx: AppContext,
  input: Credentials & { projectId?: string | undefined },
  ip: string,
): Promise<SignedIn> {
  const person = await provePerson(ctx, input, ip);
  const memberships = await membershipsOf(ctx.store.db, person.id);
  if (memberships.length === 0) throw forbidden('This account is not a member of any project any more');
  const chosen = input.projectId ? memberships.find((m) => m.projectId === input.projectId) : memberships[0];
  if (!chosen) throw notFound('Project of this account');
  const session = await createSession(ctx, ctx.store.db, { memberId: chosen.memberId, personId: person.id });
  return { session, memberId: chosen.memberId, personId: person.id };
}

/**
 * A new session in another project of the same person; the old session ends and
 * the new one ends when it would have (switching never extends a sign-in).
 */
export async function switchProject(
  ctx: AppContext,
  current: { memberId: string; token: string },
  projectId: string,
): Promise<SignedIn> {
  const session = await findSession(ctx, current.token);
  if (!session || session.memberId !== current.memberId)
    throw new AppError('unauthenticated', 'The session has ended: sign in again');
  const target = (await membershipsOf(ctx.store.db, session.personId)).find((m) => m.projectId === projectId);
  if (!target) throw notFound('Project of this account');
  const endsBy = new Date(session.expiresAt).toISOString();
  return ctx.store.db.transaction().execute(async (trx) => {
    await endSession(ctx, trx, current.token);
    const next = await createSession(
      ctx,
      trx,
      { memberId: target.memberId, personId: session.personId },
      endsBy,
    );
    return { session: next, memberId: target.memberId, personId: session.personId };
  });
}
