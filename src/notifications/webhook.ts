/**
 * One webhook delivery attempt: a signed POST of the exact body through the
 * safe outbound client, redirects refused, cut at the timeout. Whatever
 * happens is returned as an outcome (never thrown) so it can be recorded.
 */
import { type OutboundClient, OutboundError } from '../net/outbound.ts';
import { webhookHeaders } from './signing.ts';

export interface AttemptOutcome {
  ok: boolean;
  /** HTTP status of the answer, null when none came (or for e-mail). */
  statusCode: number | null;
  durationMs: number;
  /** Why the attempt failed, in words for the deliveries log; null on success. */
  error: string | null;
  /** A failure that another attempt can not fix (the subscription is gone or paused): no retry. */
  permanent?: boolean;
}

export interface WebhookSend {
  url: string;
  secret: string;
  eventId: string;
  eventType: string;
  body: string;
  timeoutMs: number;
  /** Unix seconds for X-Service-Timestamp (default now). */
  timestamp?: number;
  /** Aborts the attempt early (the worker is stopping or lost the job). */
  signal?: AbortSignal | undefined;
}

/** How much of a receiver's answer is read (then the connection is reused; a longer answer drops it). */
const MAX_ANSWER_BYTES = 16 * 1024;

export async function sendWebhook(client: OutboundClient, send: WebhookSend): Promise<AttemptOutcome> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const headers = webhookHeaders({
    secret: send.secret,
    eventId: send.eventId,
    eventType: send.eventType,
    body: send.body,
    timestamp: send.timestamp ?? Math.floor(Date.now() / 1000),
  });
  try {
    const status = await client.requestStatus(send.url, {
      method: 'POST',
      headers,
      body: send.body,
      timeoutMs: send.timeoutMs,
      // The timeout is the receiver's: time this process could not run (a starved CPU) is not
      // its fault, and counting it made a busy worker give up on answers already on the
      // socket, then send the same event again (10,284 requests for 10,000 events at load 25).
      excludeOwnDelays: true,
      maxAnswerBytes: MAX_ANSWER_BYTES,
      ...(send.signal ? { signal: send.signal } : {}),
    });
    const ok = status >= 200 && status < 300;
    let error: string | null = null;
    if (!ok) {
      error =
        status >= 300 && status < 400
          ? `receiver answered HTTP ${status}; redirects are not followed`
          : `receiver answered HTTP ${status}`;
    }
    return { ok, statusCode: status, durationMs: elapsed(), error };
  } catch (err) {
    return {
      ok: false,
      statusCode: null,
      durationMs: elapsed(),
      error: describeFailure(err, send.timeoutMs),
    };
  }
}

function describeFailure(err: unknown, timeoutMs: number): string {
  if (err instanceof OutboundError) {
    switch (err.reason) {
      case 'timeout':
        return `no answer within ${timeoutMs} ms`;
      case 'blocked':
        return `refused: ${err.message} (not allowed by OUTBOUND_ALLOWLIST)`;
      case 'invalid':
        return `invalid URL: ${err.message}`;
      default:
        return err.message;
    }
  }
  return (err as Error).message ?? String(err);
}
