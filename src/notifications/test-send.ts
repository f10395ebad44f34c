/**
 * Test sends: one sample post.published event to a destination, right away and
 * without retries, so a customer can check a receiver before (or after) saving
 * the subscription. A saved subscription signs with its own secret; an unsaved
 * destination is signed with a one-time secret (nothing to verify against yet).
 */
import type { AppContext } from '../context.ts';
import { newId } from '../domain/ids.ts';
import { createOutboundClient } from '../net/outbound.ts';
import { createMailer, renderEmail, sendEmail } from './email.ts';
import { buildPayload, type LifecycleEvent } from './events.ts';
import { newWebhookSecret } from './signing.ts';
import { type AttemptOutcome, sendWebhook } from './webhook.ts';

export type TestDestination =
  | { channel: 'webhook'; url: string; secret?: string; profileId: string | null }
  | { channel: 'email'; recipients: string[]; profileId: string | null };

export function sampleEvent(ctx: AppContext, projectId: string, profileId: string | null): LifecycleEvent {
  const now = ctx.now().toISOString();
  return {
    id: newId('evt_test'),
    projectId,
    type: 'post.published',
    createdAt: now,
    post: {
      id: 'post_test',
      status: 'published',
      content: 'This is a test notification. Real events carry your post here.',
      scheduledFor: null,
      mediaItems: [],
      wasScheduled: false,
      targets: [
        {
          platform: 'bluesky',
          integrationId: 'int_test',
          profileId,
          status: 'published',
          platformPostId: 'test',
          platformPostUrl: 'https://bsky.app/profile/example.com/post/test',
          publishedAt: now,
          errorMessage: null,
          warningMessage: null,
        },
      ],
    },
  };
}

export async function sendTest(
  ctx: AppContext,
  projectId: string,
  dest: TestDestination,
): Promise<AttemptOutcome> {
  const event = sampleEvent(ctx, projectId, dest.profileId);
  const payload = buildPayload(event, dest.profileId, ctx.config.PUBLIC_URL ?? '');
  const timeoutMs = ctx.config.WEBHOOK_TIMEOUT_MS;
  if (dest.channel === 'webhook') {
    const client = createOutboundClient({ allowlist: ctx.config.OUTBOUND_ALLOWLIST, timeoutMs });
    try {
      return await sendWebhook(client, {
        url: dest.url,
        secret: dest.secret ?? newWebhookSecret(),
        eventId: event.id,
        eventType: event.type,
        body: JSON.stringify(payload),
        timeoutMs,
      });
    } finally {
      await client.close();
    }
  }
  const mailer = createMailer(ctx.config.SMTP_URL ?? '', timeoutMs);
  try {
    return await sendEmail(mailer, {
      from: ctx.config.NOTIFICATIONS_EMAIL_FROM,
      to: dest.recipients,
      email: renderEmail(payload),
      eventId: event.id,
    });
  } finally {
    mailer.close();
  }
}

/** The answer's message for a test outcome. */
export function describeTest(outcome: AttemptOutcome): string {
  if (outcome.ok)
    return outcome.statusCode === null
      ? `Test e-mail sent in ${outcome.durationMs} ms`
      : `Test delivered: receiver answered HTTP ${outcome.statusCode} in ${outcome.durationMs} ms`;
  return `Test delivery failed: ${outcome.error ?? 'unknown error'}`;
}
