/**
 * Sends one attempt of one delivery by its subscription's channel. The body was
 * fixed when the event was fanned out, so every attempt sends the same bytes
 * with the same event id; only the timestamp and signature are new.
 */
import type { AppContext } from '../context.ts';
import type { NotificationDeliveriesTable } from '../store/tables/notifications.ts';
import { renderEmail, sendEmail } from './email.ts';
import type { WebhookPayload } from './events.ts';
import type { Senders } from './senders.ts';
import { type AttemptOutcome, sendWebhook } from './webhook.ts';

const failure = (error: string, permanent = false): AttemptOutcome => ({
  ok: false,
  statusCode: null,
  durationMs: 0,
  error,
  permanent,
});

export async function performDelivery(
  ctx: AppContext,
  senders: Senders,
  delivery: NotificationDeliveriesTable,
  signal?: AbortSignal,
): Promise<AttemptOutcome> {
  const sub = await ctx.store.db
    .selectFrom('notification_subscriptions')
    .selectAll()
    .where('project_id', '=', delivery.project_id)
    .where('id', '=', delivery.subscription_id)
    .executeTakeFirst();
  if (!sub) return failure('the subscription was deleted', true);
  if (sub.enabled !== 1) return failure('the subscription was disabled before this attempt', true);
  if (sub.channel === 'webhook') {
    if (!sub.webhook_url || !sub.webhook_secret_enc)
      return failure('the subscription has no webhook URL', true);
    return sendWebhook(senders.outbound, {
      url: sub.webhook_url,
      secret: ctx.sealer.open(sub.webhook_secret_enc),
      eventId: delivery.event_id,
      eventType: delivery.event_type,
      body: delivery.body,
      timeoutMs: ctx.config.WEBHOOK_TIMEOUT_MS,
      signal,
    });
  }
  if (!senders.mailer) return failure('e-mail is not configured on this service (SMTP_URL)');
  return sendEmail(senders.mailer, {
    from: ctx.config.NOTIFICATIONS_EMAIL_FROM,
    to: JSON.parse(sub.email_recipients ?? '[]') as string[],
    email: renderEmail(JSON.parse(delivery.body) as WebhookPayload),
    eventId: delivery.event_id,
  });
}
