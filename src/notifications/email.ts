/**
 * E-mail notifications: a short plain-text message per event (the post's text
 * and each target's outcome with its link or error), sent with nodemailer over
 * SMTP_URL from NOTIFICATIONS_EMAIL_FROM.
 */
import { createRequire } from 'node:module';
import type { Transporter } from 'nodemailer';
import type { AccountWebhookPayload } from './account-events.ts';
import type { WebhookPayload } from './events.ts';
import type { AttemptOutcome } from './webhook.ts';

const TITLES: Record<string, string> = {
  'post.scheduled': 'Post scheduled',
  'post.published': 'Post published',
  'post.partial': 'Post partly published',
  'post.failed': 'Post failed',
  'account.disconnected': 'Account disconnected',
  'account.reconnected': 'Account reconnected',
  'account.token_expiring': 'Account authorization expiring',
  'account.removed': 'Account removed',
  'account.spend_cap_reached': 'Platform spend cap reached',
  'comment.received': 'New comment',
  'message.received': 'New message',
  'post.approval_requested': 'Post awaiting approval',
  'post.approved': 'Post approved',
  'post.rejected': 'Changes requested on post',
};

export interface RenderedEmail {
  subject: string;
  text: string;
}

function excerpt(text: string, max: number): string {
  const oneLine = text.replace(/\s+/g, ' ').trim();
  return oneLine.length > max ? `${oneLine.slice(0, max - 1)}…` : oneLine;
}

export function renderEmail(payload: WebhookPayload | AccountWebhookPayload): RenderedEmail {
  if (!('post' in payload.data)) return renderAccountEmail(payload as AccountWebhookPayload);
  return renderPostEmail(payload as WebhookPayload);
}

/** An account or engagement event: which account, and what happened or what was written. */
function renderAccountEmail(payload: AccountWebhookPayload): RenderedEmail {
  const { data } = payload;
  const title = TITLES[payload.type] ?? payload.type;
  const who = data.account.username ?? data.account.name ?? data.account.integrationId;
  const lines = [`${title}: ${data.account.platform} ${who} (${data.account.integrationId})`, ''];
  if ('comment' in data)
    lines.push(`${data.comment.author.name ?? 'Someone'} commented:`, data.comment.text ?? '');
  else if ('message' in data)
    lines.push(`${data.message.from.name ?? 'Someone'} wrote:`, data.message.text ?? '');
  else {
    lines.push(data.summary);
    if (data.action) lines.push('', data.action);
  }
  lines.push('', `Event ${payload.id} (${payload.type})`);
  return { subject: `${title}: ${data.account.platform} ${who}`, text: `${lines.join('\n')}\n` };
}

function renderPostEmail(payload: WebhookPayload): RenderedEmail {
  const post = payload.data.post;
  const title = TITLES[payload.type] ?? payload.type;
  const lines: string[] = [`${title}: ${post.id}`, ''];
  if (payload.type === 'post.scheduled' && post.scheduledFor)
    lines.push(`Scheduled for ${post.scheduledFor}`);
  if (post.publishedAt) lines.push(`Published at ${post.publishedAt}`);
  lines.push('', post.content, '', 'Accounts:');
  for (const p of payload.data.platforms) {
    let outcome = p.status;
    if (p.platformPostUrl) outcome += ` — ${p.platformPostUrl}`;
    if (p.errorMessage) outcome += ` — error: ${p.errorMessage}`;
    if (p.warningMessage) outcome += ` — warning: ${p.warningMessage}`;
    lines.push(`- ${p.platform} (${p.integrationId}): ${outcome}`);
  }
  if (payload.data.platforms.length === 0) lines.push('- none');
  lines.push('', `Details: ${post.links.api}`, `Event ${payload.id} (${payload.type})`);
  return { subject: `${title}: ${excerpt(post.content, 60) || post.id}`, text: `${lines.join('\n')}\n` };
}

type Nodemailer = typeof import('nodemailer');
let nodemailerModule: Nodemailer | null = null;
/**
 * nodemailer (a few dozen modules, over half a second and 20 MB at start) is required
 * when the first mailer is made, which only a process with SMTP_URL set ever does.
 */
function nodemailer(): Nodemailer {
  nodemailerModule ??= createRequire(import.meta.url)('nodemailer') as Nodemailer;
  return nodemailerModule;
}

export function createMailer(smtpUrl: string, timeoutMs: number): Transporter {
  return nodemailer().createTransport({
    url: smtpUrl,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  } as Parameters<Nodemailer['createTransport']>[0]);
}

export async function sendEmail(
  mailer: Transporter,
  args: { from: string; to: readonly string[]; email: RenderedEmail; eventId: string },
): Promise<AttemptOutcome> {
  const started = performance.now();
  try {
    await mailer.sendMail({
      from: args.from,
      to: [...args.to],
      subject: args.email.subject,
      text: args.email.text,
      headers: { 'X-Service-Event-Id': args.eventId },
    });
    return { ok: true, statusCode: null, durationMs: Math.round(performance.now() - started), error: null };
  } catch (err) {
    return {
      ok: false,
      statusCode: null,
      durationMs: Math.round(performance.now() - started),
      error: `e-mail not sent: ${(err as Error).message}`,
    };
  }
}
