import { Type } from 'typebox';
import { checkRecipients, checkWebhookUrl } from '../../domain/notifications/destinations.ts';
import { checkProfile } from '../../domain/notifications/subscriptions.ts';
import { invalid } from '../../errors.ts';
import { defineRoute } from '../../http/route.ts';
import { describeTest, sendTest } from '../../notifications/test-send.ts';
import { withExample } from '../examples.ts';
import { ProfileIdField, RecipientsField, SuccessMessage, UrlField } from './schemas.ts';

export default defineRoute({
  method: 'POST',
  url: '/v1/notifications/test',
  access: 'manage',
  summary: 'Send a test notification to a destination before saving it',
  description:
    'Sends one sample `post.published` event now, without retries. `success` tells whether the receiver ' +
    'accepted it (2xx) or the e-mail was handed to the SMTP server. The webhook is signed with a one-time ' +
    'secret; test a saved subscription to check signature verification.',
  tags: ['notifications'],
  body: Type.Object(
    {
      channel: Type.Union([Type.Literal('webhook'), Type.Literal('email')]),
      profileId: Type.Optional(ProfileIdField),
      webhook: Type.Optional(Type.Object({ url: UrlField }, { additionalProperties: false })),
      email: Type.Optional(Type.Object({ recipients: RecipientsField }, { additionalProperties: false })),
    },
    { additionalProperties: false },
  ),
  response: {
    200: withExample(SuccessMessage, {
      success: true,
      message: 'Test delivered: receiver answered HTTP 200 in 143 ms',
    }),
  },
  handler: async ({ body, caller }, ctx) => {
    const profileId = body.profileId ?? null;
    // The sample event names the profile; like a saved subscription, it must be one of the project's.
    await checkProfile(ctx, caller, profileId);
    let outcome: Awaited<ReturnType<typeof sendTest>>;
    if (body.channel === 'webhook') {
      if (!body.webhook) throw invalid('webhook is required when channel is webhook: {"url": "https://…"}');
      const url = checkWebhookUrl(ctx.config, body.webhook.url);
      outcome = await sendTest(ctx, caller.projectId, { channel: 'webhook', url, profileId });
    } else {
      if (!body.email) throw invalid('email is required when channel is email: {"recipients": ["…"]}');
      const recipients = checkRecipients(ctx.config, body.email.recipients);
      outcome = await sendTest(ctx, caller.projectId, { channel: 'email', recipients, profileId });
    }
    return { success: outcome.ok, message: describeTest(outcome) };
  },
});
