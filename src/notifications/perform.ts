/**
 * Sends one attempt of one delivery by its subscription's channel. The body was
 * fixed when the event was fanned out, so every attempt sends the same bytes
 * with the same event id; only the timestamp and signature are new.
 */
import type { AppContext } from '../context.ts';
import type { NotificationDeliveriesTable } from '../store/tables/notifications.ts';
import type { AccountWebhookPayload } from './account-events.ts';
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

/** Where a delivery goes, as its subscription says at the time of the attempt. */
export interface Destination {
  enabled: boolean;
  webhookUrl: string | null;
  webhookSecretEnc: string | null;
  /** JSON array of addresses. */
  emailRecipients: string | null;
}

/** `destination` null: the subscription no longer exists. */
export async function performDelivery(
  ctx: AppContext,
  senders: Senders,
  delivery: NotificationDeliveriesTable,
  destination: Destination | null,
  signal?: AbortSignal,
): Promise<AttemptOutcome> {
  if (!destination) return failure('the subscription was deleted', true);
  if (!destination.enabled) return failure('the subscription was disabled before this attempt', true);
  if (delivery.channel === 'webhook') {
    if (!destination.webhookUrl || !destination.webhookSecretEnc)
      return failure('the subscription has no webhook URL', true);
    return sendWebhook(senders.outbound, {
      url: destination.webhookUrl,
      secret: openSecret(ctx, senders, destination.webhookSecretEnc),
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
    to: JSON.parse(destination.emailRecipients ?? '[]') as string[],
    email: renderEmail(JSON.parse(delivery.body) as WebhookPayload | AccountWebhookPayload),
    eventId: delivery.event_id,
  });
}

/** Decrypts a signing secret once per sealed value (bounded cache). */
function openSecret(ctx: AppContext, senders: Senders, sealed: string): string {
  let secret = senders.secrets.get(sealed);
  if (secret === undefined) {
    secret = ctx.sealer.open(sealed);
    if (senders.secrets.size >= 1000) senders.secrets.clear();
    senders.secrets.set(sealed, secret);
  }
  return secret;
}
