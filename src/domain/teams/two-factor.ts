/**
 * The optional second factor: enrolment (a secret shown once as an otpauth:// URI,
 * kept pending until a code from the app confirms it; ten recovery codes are then
 * shown once), checking a code at sign-in (a TOTP code, or a recovery code that is
 * then used up), and turning it off (needs a current code).
 */
import type { AppContext } from '../../context.ts';
import { AppError, conflict, invalid } from '../../errors.ts';
import type { PeopleTable } from '../../store/tables/teams.ts';
import { findPerson } from './people.ts';
import { hashRecoveryCode, matchTotpStep, newRecoveryCodes, newTotpSecret, otpauthUri } from './totp.ts';

const ISSUER = 'Social Publishing';

/**
 * True when `code` is the person's current TOTP code or one of their unused
 * recovery codes (then used up). A TOTP code is accepted once: its step must come
 * after the last accepted one, which it then becomes, by a conditional update (so
 * of one code sent twice at once, one passes).
 */
export async function checkSecondFactor(
  ctx: AppContext,
  person: PeopleTable,
  code: string,
): Promise<boolean> {
  if (!person.totp_secret_enc) return true;
  const trimmed = code.trim();
  if (/^\d{6}$/.test(trimmed)) {
    const step = matchTotpStep(ctx.sealer.open(person.totp_secret_enc), trimmed, ctx.now().getTime());
    return step !== null && (await takeTotpStep(ctx, person.id, step));
  }
  const hashes: string[] = person.recovery_codes ? JSON.parse(person.recovery_codes) : [];
  const hash = hashRecoveryCode(trimmed);
  if (!hashes.includes(hash)) return false;
  // Conditional on the list read, so one recovery code signs in once even when sent twice at once.
  const res = await ctx.store.db
    .updateTable('people')
    .set({ recovery_codes: JSON.stringify(hashes.filter((h) => h !== hash)) })
    .where('id', '=', person.id)
    .where('recovery_codes', '=', person.recovery_codes)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

/** Records `step` as the last accepted one, unless it is not after it: true when recorded. */
async function takeTotpStep(ctx: AppContext, personId: string, step: number): Promise<boolean> {
  const res = await ctx.store.db
    .updateTable('people')
    .set({ totp_last_step: step })
    .where('id', '=', personId)
    .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
    .executeTakeFirst();
  return Number(res.numUpdatedRows) === 1;
}

async function personOf(ctx: AppContext, personId: string): Promise<PeopleTable> {
  const person = await findPerson(ctx.store.db, personId);
  if (!person) throw new AppError('unauthenticated', 'The session has ended: sign in again');
  return person;
}

export async function startEnrolment(
  ctx: AppContext,
  personId: string,
): Promise<{ secret: string; otpauthUri: string }> {
  const person = await personOf(ctx, personId);
  if (person.totp_secret_enc)
    throw conflict('Two-factor sign-in is already on; turn it off first to enrol again');
  const secret = newTotpSecret();
  await ctx.store.db
    .updateTable('people')
    .set({ totp_pending_enc: ctx.sealer.seal(secret), updated_at: ctx.now().toISOString() })
    .where('id', '=', personId)
    .execute();
  return { secret, otpauthUri: otpauthUri(secret, person.email, ISSUER) };
}

export async function confirmEnrolment(ctx: AppContext, personId: string, code: string): Promise<string[]> {
  const person = await personOf(ctx, personId);
  if (person.totp_secret_enc) throw conflict('Two-factor sign-in is already on');
  if (!person.totp_pending_enc) throw conflict('Start the enrolment first (POST /v1/auth/totp/enrol)');
  const secret = ctx.sealer.open(person.totp_pending_enc);
  const step = matchTotpStep(secret, code.trim(), ctx.now().getTime());
  if (step === null)
    throw invalid(
      'code is not the current code of the authenticator app; check the device clock and try again',
    );
  const codes = newRecoveryCodes();
  await ctx.store.db
    .updateTable('people')
    .set({
      totp_secret_enc: person.totp_pending_enc,
      totp_pending_enc: null,
      recovery_codes: JSON.stringify(codes.map(hashRecoveryCode)),
      // The code that confirmed the enrolment does not sign in a second time.
      totp_last_step: step,
      updated_at: ctx.now().toISOString(),
    })
    .where('id', '=', personId)
    .execute();
  return codes;
}

export async function disableTwoFactor(ctx: AppContext, personId: string, code: string): Promise<void> {
  const person = await personOf(ctx, personId);
  if (!person.totp_secret_enc) throw conflict('Two-factor sign-in is not on');
  if (!(await checkSecondFactor(ctx, person, code)))
    throw invalid('code is not the current authenticator code nor an unused recovery code');
  await ctx.store.db
    .updateTable('people')
    .set({
      totp_secret_enc: null,
      totp_pending_enc: null,
      recovery_codes: null,
      totp_last_step: null,
      updated_at: ctx.now().toISOString(),
    })
    .where('id', '=', personId)
    .execute();
}
