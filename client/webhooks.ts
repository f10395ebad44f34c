/**
 * Verifying the service's webhook deliveries: `X-Service-Signature` is `sha256=`
 * and the HMAC-SHA256 (hex) of `<X-Service-Timestamp>.<raw body>` keyed with the
 * subscription's secret. Compare in constant time, and refuse old timestamps
 * against replays (five minutes by default).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

export type WebhookVerification =
  | { ok: true; event: { id: string; type: string; data: unknown } }
  | { ok: false; reason: string };

type Headers = Record<string, string | string[] | undefined> | globalThis.Headers;

function header(headers: Headers, name: string): string | undefined {
  if (typeof (headers as globalThis.Headers).get === 'function')
    return (headers as globalThis.Headers).get(name) ?? undefined;
  const value = (headers as Record<string, string | string[] | undefined>)[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * `rawBody` must be the body exactly as received (not parsed and serialized
 * again). A delivery may arrive more than once: use `event.id` to ignore repeats.
 */
export function verifyWebhook(
  rawBody: string,
  headers: Headers,
  secret: string,
  options: { toleranceSeconds?: number; nowSeconds?: number } = {},
): WebhookVerification {
  const timestamp = header(headers, 'x-service-timestamp');
  const signature = header(headers, 'x-service-signature');
  if (!timestamp || !/^\d+$/.test(timestamp)) return { ok: false, reason: 'missing or malformed timestamp' };
  if (!signature?.startsWith('sha256=')) return { ok: false, reason: 'missing or malformed signature' };
  const now = options.nowSeconds ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - Number(timestamp)) > (options.toleranceSeconds ?? 300))
    return { ok: false, reason: 'timestamp outside the tolerance (replayed or clock skew)' };
  const expected = Buffer.from(
    `sha256=${createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex')}`,
  );
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected))
    return { ok: false, reason: 'signature does not match' };
  const event = JSON.parse(rawBody) as { id: string; type: string; data: unknown };
  return { ok: true, event };
}
