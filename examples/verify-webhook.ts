/**
 * Receiving and verifying the service's webhooks (see docs/webhooks.md).
 *
 * 1. Subscribe (the answer shows the secret, `whsec_…`, once):
 *      curl -X POST http://localhost:3000/v1/notifications -H "x-access-key: $KEY" \
 *        -H 'content-type: application/json' \
 *        -d '{"channel":"webhook","webhook":{"url":"https://<this host>/webhooks"},"eventTypes":["post.published"]}'
 * 2. Run this receiver with that secret (Node runs TypeScript as is):
 *      WEBHOOK_SECRET=whsec_… PORT=8787 npx node examples/verify-webhook.ts
 * 3. `POST /v1/notifications/{id}/test` sends it a signed sample event.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders } from 'node:http';

/** Five minutes, the recommended tolerance against replayed deliveries. */
const TOLERANCE_SECONDS = 5 * 60;

export type Verification = { ok: true; event: { id: string; type: string } } | { ok: false; reason: string };

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * Checks one delivery. `rawBody` must be the body exactly as received (not
 * parsed and serialized again). Use the event's `id` as an idempotency key: a
 * delivery can arrive more than once.
 */
export function verifyWebhook(
  rawBody: string,
  headers: IncomingHttpHeaders,
  secret: string,
  nowSeconds = Math.floor(Date.now() / 1000),
): Verification {
  const timestamp = header(headers, 'x-service-timestamp');
  const signature = header(headers, 'x-service-signature');
  if (!timestamp || !signature) return { ok: false, reason: 'missing signature headers' };
  if (!/^\d+$/.test(timestamp) || Math.abs(nowSeconds - Number(timestamp)) > TOLERANCE_SECONDS)
    return { ok: false, reason: 'timestamp outside the tolerance' };

  const expected = `sha256=${createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex')}`;
  const a = Buffer.from(expected);
  const b = Buffer.from(signature);
  if (a.length !== b.length || !timingSafeEqual(a, b)) return { ok: false, reason: 'signature mismatch' };

  const event = JSON.parse(rawBody) as { id: string; type: string };
  return { ok: true, event };
}

if (import.meta.main) {
  const secret = process.env.WEBHOOK_SECRET ?? '';
  const seen = new Set<string>();
  createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const result = verifyWebhook(Buffer.concat(chunks).toString('utf8'), req.headers, secret);
      if (!result.ok) {
        res.writeHead(400).end(result.reason);
        return;
      }
      if (!seen.has(result.event.id)) {
        seen.add(result.event.id);
        console.log(`${result.event.type} ${result.event.id}`);
      }
      res.writeHead(204).end();
    });
  }).listen(Number(process.env.PORT ?? 8787), () => console.log('listening'));
}
