import { Type } from 'typebox';
import { verifySubscription } from '../../domain/inbound-engagement/meta-webhook.ts';
import { defineRoute } from '../../http/route.ts';

/**
 * Meta's subscription handshake for the webhooks callback (Facebook Pages,
 * Instagram, Threads): echoes `hub.challenge` as plain text when
 * `hub.verify_token` is META_WEBHOOK_VERIFY_TOKEN. Meta sends no access key.
 */
export default defineRoute({
  method: 'GET',
  url: '/v1/webhooks/meta',
  summary: 'Meta webhooks subscription handshake',
  tags: ['webhooks'],
  auth: false,
  hidden: true,
  query: Type.Object({
    'hub.mode': Type.Optional(Type.String({ maxLength: 50 })),
    'hub.verify_token': Type.Optional(Type.String({ maxLength: 500 })),
    'hub.challenge': Type.Optional(Type.String({ maxLength: 500 })),
  }),
  response: { 200: Type.String({ description: 'hub.challenge, as text/plain.' }) },
  errors: [403],
  handler: ({ query, reply }, ctx) => {
    const challenge = verifySubscription(ctx, {
      mode: query['hub.mode'],
      token: query['hub.verify_token'],
      challenge: query['hub.challenge'],
    });
    return reply.type('text/plain; charset=utf-8').send(challenge);
  },
});
