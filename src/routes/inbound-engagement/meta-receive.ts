import { Type } from 'typebox';
import { receiveMetaWebhook } from '../../domain/inbound-engagement/meta-webhook.ts';
import { AppError } from '../../errors.ts';
import { defineRoute } from '../../http/route.ts';

/** Reads the body as Meta sent it, byte for byte (the signature is over these bytes), up to `limit`. */
async function rawBytes(body: unknown, limit: number): Promise<Buffer> {
  if (!body || typeof (body as AsyncIterable<Uint8Array>)[Symbol.asyncIterator] !== 'function')
    return Buffer.alloc(0);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of body as AsyncIterable<Uint8Array>) {
    size += chunk.length;
    if (size > limit) throw new AppError('too_large', `The body is larger than ${limit} bytes`);
    chunks.push(Buffer.from(chunk));
  }
  return Buffer.concat(chunks);
}

/**
 * Meta's webhook deliveries (Facebook Page feed comments, Instagram comments and
 * messages, Threads replies). No access key: X-Hub-Signature-256 (HMAC-SHA256 of
 * the raw body with the app secret) is checked instead, and a wrong or missing one
 * is 401. Anything that passes is answered 200, items of unknown accounts included,
 * so Meta does not retry them.
 */
export default defineRoute({
  method: 'POST',
  url: '/v1/webhooks/meta',
  summary: 'Receive Meta webhooks',
  tags: ['webhooks'],
  auth: false,
  hidden: true,
  rawBody: true,
  headers: Type.Object({ 'x-hub-signature-256': Type.Optional(Type.String({ maxLength: 200 })) }),
  response: { 200: Type.Object({ success: Type.Boolean(), events: Type.Integer() }) },
  errors: [401, 413],
  handler: async ({ headers, request }, ctx) => {
    const raw = await rawBytes(request.body, ctx.config.BODY_LIMIT_BYTES);
    const events = await receiveMetaWebhook(ctx, raw, headers['x-hub-signature-256']);
    return { success: true, events };
  },
});
