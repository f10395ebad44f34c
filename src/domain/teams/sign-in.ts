/**
 * Signing in with e-mail and password (and a TOTP or recovery code when the person
 * enrolled one). A wrong password, an unknown e-mail and an e-mail without a
 * password all answer the same, after the same work (a dummy hash), and all count
 * towards the lockout (lockout.ts).
 */
import type { AppContext } from '../../context.ts';
import { AppError, forbidden, notFound } from '../../errors.ts';
import { assertMayTry, recordFailure, recordSuccess, signInSubjects } from './lockout.ts';
import { membershipsOf } from './members.ts';
import { verifyDummy, verifyPassword } from './passwords.ts';
import { findPersonByEmail, normalizeEmail } from './people.ts';
import { createSession, endSession, type NewSession } from './sessions.ts';
import { checkSecondFactor } from './two-factor.ts';

const WRONG = 'The e-mail or password is not right';

export interface SignedIn {
  session: NewSession;
  memberId: string;
  personId: string;
}

export async function signIn(
  ctx: AppContext,
  input: { email: string; password: string; totpCode?: string | undefined; projectId?: string | undefined },
  ip: string,
): Promise<SignedIn> {
  let email: string;
  try {
    email = normalizeEmail(input.email);
  } catch {
    // Not an address at all: nobody has it; answered like any unknown e-mail.
    email = input.email.trim().toLowerCase().slice(0, 320);
  }
  const subjects = signInSubjects(email, ip);
  await assertMayTry(ctx, subjects);
  const person = await findPersonByEmail(ctx.store.db, email);
  const passwordOk = person?.password_hash
    ? await verifyPassword(input.password, person.password_hash)
    : await verifyDummy(input.password, ctx.config.PASSWORD_SCRYPT_LOG2_N);
  if (!person || !passwordOk) {
    await recordFailure(ctx, subjects);
    throw new AppError('unauthenticated', WRONG);
  }
  if (person.totp_secret_enc) {
    if (!input.totpCode)
      throw new AppError('unauthenticated', 'Enter the code from your authenticator app (totpCode)');
    if (!(await checkSecondFactor(ctx, person, input.totpCode))) {
      await recordFailure(ctx, subjects);
      throw new AppError('unauthenticated', 'The authenticator code (totpCode) is not right');
    }
  }
  const memberships = await membershipsOf(ctx.store.db, person.id);
  if (memberships.length === 0) throw forbidden('This account is not a member of any project any more');
  const chosen = input.projectId ? memberships.find((m) => m.projectId === input.projectId) : memberships[0];
  if (!chosen) throw notFound('Project of this account');
  await recordSuccess(ctx, email);
  const session = await createSession(ctx, ctx.store.db, { memberId: chosen.memberId, personId: person.id });
  return { session, memberId: chosen.memberId, personId: person.id };
}

/** A new session in another project of the same person; the old session ends. */
export async function switchProject(
  ctx: AppContext,
  current: { memberId: string; token: string },
  projectId: string,
): Promise<SignedIn> {
  const member = await ctx.store.db
    .selectFrom('members')
    .select('person_id')
    .where('id', '=', current.memberId)
    .executeTakeFirst();
  if (!member) throw new AppError('unauthenticated', 'The session has ended: sign in again');
  const target = (await membershipsOf(ctx.store.db, member.person_id)).find((m) => m.projectId === projectId);
  if (!target) throw notFound('Project of this account');
  return ctx.store.db.transaction().execute(async (trx) => {
    await endSession(ctx, trx, current.token);
    const session = await createSession(ctx, trx, { memberId: target.memberId, personId: member.person_id });
    return { session, memberId: target.memberId, personId: member.person_id };
  });
}
