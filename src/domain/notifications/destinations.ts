/**
 * Checks of a subscription's destination at the time it is saved or tested:
 * a webhook URL must be http(s), without credentials, and must not name a
 * non-public address literally (names are checked again at every delivery by
 * the outbound client, which resolves them); e-mail needs SMTP configured and
 * plausible addresses.
 */
import { isIP } from 'node:net';
import type { Config } from '../../config.ts';
import { invalid } from '../../errors.ts';
import { ALLOW_HINT, isLocalName, mayConnect, parseAllowlist } from '../../net/outbound.ts';

export const MAX_RECIPIENTS = 20;

export function checkWebhookUrl(config: Config, raw: string, field = 'webhook.url'): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalid(`${field} is not a valid URL: "${raw.slice(0, 200)}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    throw invalid(`${field} must use https (or http), not ${url.protocol.replace(':', '')}`);
  if (url.username || url.password) throw invalid(`${field} must not contain a user name or password`);
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  const allow = parseAllowlist(config.OUTBOUND_ALLOWLIST);
  const literal = isIP(host) !== 0;
  if ((literal && !mayConnect(host, host, allow)) || (isLocalName(host) && !allow.hosts.has(host))) {
    throw invalid(
      `${field} points to ${host}, a private, loopback or otherwise non-public address; webhooks must reach a public host${ALLOW_HINT}`,
    );
  }
  return url.toString();
}

/** Deliberately simple: one @, no spaces or angle brackets, a dot in the domain. */
const EMAIL = /^[^\s@<>(),;:"[\]]+@[^\s@<>(),;:"[\]]+\.[^\s@<>(),;:"[\]]+$/;

export function checkRecipients(config: Config, recipients: readonly string[]): string[] {
  if (!config.SMTP_URL)
    throw invalid(
      'E-mail notifications are not available: this service has no SMTP server configured (SMTP_URL)',
    );
  if (recipients.length === 0) throw invalid('email.recipients must list at least one address');
  if (recipients.length > MAX_RECIPIENTS)
    throw invalid(`email.recipients may list at most ${MAX_RECIPIENTS} addresses`);
  const out: string[] = [];
  recipients.forEach((r, i) => {
    const address = r.trim();
    if (!EMAIL.test(address) || address.length > 254)
      throw invalid(`email.recipients[${i}] is not a valid e-mail address: "${r.slice(0, 100)}"`);
    if (!out.includes(address)) out.push(address);
  });
  return out;
}
