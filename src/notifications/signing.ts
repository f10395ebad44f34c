/**
 * Webhook signing (interface.md, Events): the signature header is `sha256=` and
 * the lowercase hex HMAC-SHA256 of `<timestamp>.<raw body>` keyed with the
 * subscription's secret. Receivers recompute it over the raw body they received.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { newCredential } from '../domain/credentials.ts';

export const WEBHOOK_USER_AGENT = 'SocialPublishing-Webhooks/1.0';
const SECRET_PREFIX = 'whsec_';

/** `sha256=<hex>` over `timestamp + "." + rawBody`. */
export function signPayload(secret: string, timestamp: number | string, rawBody: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex')}`;
}

/** Constant-time check of a received signature header (used by the tests and the docs' example). */
export function signatureMatches(
  secret: string,
  timestamp: string,
  rawBody: string,
  received: string,
): boolean {
  const expected = Buffer.from(signPayload(secret, timestamp, rawBody));
  const given = Buffer.from(received);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Every header of one delivery attempt, exactly as the interface lists them. */
export function webhookHeaders(args: {
  secret: string;
  eventId: string;
  eventType: string;
  body: string;
  /** Unix seconds of this attempt. */
  timestamp: number;
}): Record<string, string> {
  return {
    'content-type': 'application/json',
    'user-agent': WEBHOOK_USER_AGENT,
    'x-service-event-id': args.eventId,
    'x-service-event-type': args.eventType,
    'x-service-timestamp': String(args.timestamp),
    'x-service-signature': signPayload(args.secret, args.timestamp, args.body),
  };
}

export function newWebhookSecret(): string {
  return newCredential('webhookSecret');
}

/** What listings show instead of the secret: its prefix and last four characters. */
export function maskSecret(secret: string): string {
  return `${SECRET_PREFIX}****${secret.slice(-4)}`;
}
