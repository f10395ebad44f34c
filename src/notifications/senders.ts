/**
 * The outbound HTTP client and SMTP transport deliveries share, one pair per
 * running service (keyed by its context), closed when its workers stop.
 */
import type { Transporter } from 'nodemailer';
import type { AppContext } from '../context.ts';
import { createOutboundClient, type OutboundClient } from '../net/outbound.ts';
import { createMailer } from './email.ts';

export interface Senders {
  outbound: OutboundClient;
  /** null when SMTP_URL is not set. */
  mailer: Transporter | null;
  /** Sends in progress; closing waits for them. */
  inFlight: number;
  /** Opened signing secrets by their sealed form (a rotated secret has a new one). */
  secrets: Map<string, string>;
}

const byContext = new WeakMap<AppContext, Senders>();

/** Runs one send with the context's senders, counted so that closing waits for it. */
export async function withSenders<T>(ctx: AppContext, send: (senders: Senders) => Promise<T>): Promise<T> {
  const senders = sendersFor(ctx);
  senders.inFlight++;
  try {
    return await send(senders);
  } finally {
    senders.inFlight--;
  }
}

export function sendersFor(ctx: AppContext): Senders {
  let senders = byContext.get(ctx);
  if (!senders) {
    const { config } = ctx;
    senders = {
      outbound: createOutboundClient({
        allowlist: config.OUTBOUND_ALLOWLIST,
        timeoutMs: config.WEBHOOK_TIMEOUT_MS,
      }),
      mailer: config.SMTP_URL ? createMailer(config.SMTP_URL, config.WEBHOOK_TIMEOUT_MS) : null,
      inFlight: 0,
      secrets: new Map(),
    };
    byContext.set(ctx, senders);
  }
  return senders;
}

/**
 * Lets sends in flight finish (the job runner stops at the same time and lets
 * its running jobs end), then closes the connections.
 */
export async function closeSenders(ctx: AppContext, waitMs: number): Promise<void> {
  const senders = byContext.get(ctx);
  if (!senders) return;
  const deadline = Date.now() + waitMs;
  while (senders.inFlight > 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
  byContext.delete(ctx);
  await senders.outbound.close();
  senders.mailer?.close();
}
