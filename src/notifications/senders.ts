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
}

const byContext = new WeakMap<AppContext, Senders>();

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
    };
    byContext.set(ctx, senders);
  }
  return senders;
}

/** Lets requests in flight finish, then closes the connections. */
export async function closeSenders(ctx: AppContext): Promise<void> {
  const senders = byContext.get(ctx);
  if (!senders) return;
  byContext.delete(ctx);
  await senders.outbound.close();
  senders.mailer?.close();
}
