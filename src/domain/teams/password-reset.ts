/**
 * Password reset: asking for one answers the same whether the e-mail has an
 * account or not, and e-mails a one-time link only when it has one; using the link
 * sets the new password and ends every session of the person (whoever knew the old
 * password is signed out). Operators make the same link with `member reset-link`.
 */
import type { AppContext } from '../../context.ts';
import { canSendEmail, queueAccountEmail } from './account-email.ts';
import { checkPasswordRules, hashPassword } from './passwords.ts';
import { findPersonByEmail, normalizeEmail, setPasswordHash } from './people.ts';
import { endSessionsOfPerson } from './sessions.ts';
import { consumeToken, issueToken } from './tokens.ts';

export const resetLink = (ctx: AppContext, token: string) =>
  `${ctx.config.PUBLIC_URL}/reset-password#${token}`;

/** A reset link for a person who has an account, or null. */
export async function issueResetLink(
  ctx: AppContext,
  rawEmail: string,
): Promise<{ link: string; email: string } | null> {
  const email = normalizeEmail(rawEmail);
  const person = await findPersonByEmail(ctx.store.db, email);
  if (!person) return null;
  const { token } = await issueToken(ctx, ctx.store.db, {
    kind: 'password_reset',
    email,
    ttlMs: ctx.config.PASSWORD_RESET_TTL_MINUTES * 60_000,
  });
  return { link: resetLink(ctx, token), email };
}

/** What the person asking is told: the same whether the e-mail has an account or not. */
export const resetAnswer = (ctx: AppContext): string =>
  canSendEmail(ctx)
    ? 'If this e-mail has an account, a link to choose a new password is on its way'
    : 'This service can not send e-mail: ask an owner of your project for a reset link';

export async function requestPasswordReset(ctx: AppContext, rawEmail: string): Promise<void> {
  if (!canSendEmail(ctx)) {
    // Nothing can be delivered: the operator learns that people are asking (the address is not logged).
    ctx.log.warn(
      'a password reset was asked for, but no mail server is set (SMTP_URL), so nothing was sent; an owner can make a link with `npm run cli -- member reset-link`',
    );
    return;
  }
  const issued = await issueResetLink(ctx, rawEmail);
  if (!issued) return;
  await queueAccountEmail(ctx, ctx.store.db, {
    to: issued.email,
    subject: 'Reset your password',
    text: `Someone (hopefully you) asked to reset the password of ${issued.email}.\n\nChoose a new password here (the link works once, for ${ctx.config.PASSWORD_RESET_TTL_MINUTES} minutes):\n${issued.link}\n\nIf you did not ask, ignore this message: your password stays as it is.\n`,
  });
}

export async function completePasswordReset(ctx: AppContext, token: string, password: string): Promise<void> {
  checkPasswordRules(password);
  const hash = await hashPassword(password, ctx.config.PASSWORD_SCRYPT_LOG2_N);
  await ctx.store.db.transaction().execute(async (trx) => {
    const row = await consumeToken(ctx, trx, 'password_reset', token, 'password reset');
    const person = await findPersonByEmail(trx, row.email);
    if (!person) return;
    await setPasswordHash(ctx, trx, person.id, hash);
    await endSessionsOfPerson(ctx, trx, person.id);
    // Other reset links of the same person stop working too.
    await trx
      .updateTable('account_tokens')
      .set({ used_at: ctx.now().toISOString() })
      .where('kind', '=', 'password_reset')
      .where('email', '=', row.email)
      .where('used_at', 'is', null)
      .execute();
    await trx.deleteFrom('sign_in_failures').where('subject', '=', `email:${row.email}`).execute();
  });
}
