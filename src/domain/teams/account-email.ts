/**
 * E-mails to people about their account (an invitation, a password-reset link),
 * sent by a job over the notifications' SMTP transport (SMTP_URL, from
 * NOTIFICATIONS_EMAIL_FROM), so a slow or failing mail server never holds up the
 * request and a send is retried. The text carries a one-time link, so it is kept
 * sealed in the job row until sent.
 */
import type { AppContext } from '../../context.ts';
import { defineJobKind } from '../../jobs/catalog.ts';
import { type Db, enqueue } from '../../jobs/enqueue.ts';
import { withSenders } from '../../notifications/senders.ts';

interface AccountEmailPayload {
  to: string;
  subject: string;
  textSealed: string;
}

export const sendAccountEmail = defineJobKind<AccountEmailPayload>({
  kind: 'send_account_email',
  retry: { maxAttempts: 5, baseDelayMs: 30_000, maxDelayMs: 600_000 },
  timeoutMs: 60_000,
  async run(job, ctx) {
    await withSenders(ctx, async ({ mailer }) => {
      if (!mailer) throw new Error('SMTP_URL is not set: account e-mails can not be sent');
      await mailer.sendMail({
        from: ctx.config.NOTIFICATIONS_EMAIL_FROM,
        to: job.payload.to,
        subject: job.payload.subject,
        text: ctx.sealer.open(job.payload.textSealed),
      });
    });
    return undefined;
  },
});

/** True when the service can send e-mail (SMTP_URL set). */
export const canSendEmail = (ctx: AppContext): boolean => ctx.config.SMTP_URL !== undefined;

export async function queueAccountEmail(
  ctx: AppContext,
  db: Db,
  email: { to: string; subject: string; text: string },
): Promise<void> {
  await enqueue(db, {
    kind: sendAccountEmail,
    projectId: null,
    payload: { to: email.to, subject: email.subject, textSealed: ctx.sealer.seal(email.text) },
  });
}
