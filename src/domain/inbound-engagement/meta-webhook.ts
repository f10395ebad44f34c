/**
 * The Meta webhooks endpoint (Facebook Pages, Instagram, Threads):
 * - the subscription handshake: Meta GETs the callback with `hub.mode=subscribe`,
 *   `hub.verify_token` and `hub.challenge`; the challenge is echoed when the token
 *   is META_WEBHOOK_VERIFY_TOKEN;
 * - deliveries: a POST whose `X-Hub-Signature-256` is `sha256=` and the hex
 *   HMAC-SHA256 of the raw body keyed with the app secret; compared in constant
 *   time against each secret the service knows (the three platforms may use
 *   different apps). A body that passes is read by each Meta module's inbound
 *   capability and every item recorded for each integration of that account
 *   (one platform account may be connected to several projects). Items of
 *   accounts the service does not know are ignored: Meta must get its 200, or
 *   it retries and finally disables the subscription.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import { AppError, forbidden } from '../../errors.ts';
import type { InboundItem } from '../../platforms/inbound.ts';
import type { Platform } from '../../platforms/names.ts';
import { recordComment, recordMessage } from './record.ts';

export const META_PLATFORMS = ['facebook', 'instagram', 'threads'] as const satisfies readonly Platform[];

/** The handshake: the challenge to echo, or 403 when the token is not ours (or none is configured). */
export function verifySubscription(
  ctx: AppContext,
  q: { mode: string | undefined; token: string | undefined; challenge: string | undefined },
): string {
  const expected = ctx.config.META_WEBHOOK_VERIFY_TOKEN;
  if (!expected)
    throw forbidden('Meta webhooks are not configured on this service (META_WEBHOOK_VERIFY_TOKEN)');
  if (q.mode !== 'subscribe') throw new AppError('invalid', 'hub.mode must be subscribe');
  if (q.challenge === undefined) throw new AppError('invalid', 'hub.challenge is required');
  if (!q.token || !sameText(q.token, expected)) throw forbidden('hub.verify_token does not match');
  return q.challenge;
}

/** The app secrets a delivery may be signed with. */
export function appSecrets(ctx: AppContext): string[] {
  if (ctx.config.META_WEBHOOK_APP_SECRETS.length > 0) return ctx.config.META_WEBHOOK_APP_SECRETS;
  const secrets = META_PLATFORMS.map((p) => ctx.endpoints[p].client?.clientSecret).filter(
    (s): s is string => typeof s === 'string' && s !== '',
  );
  return [...new Set(secrets)];
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Whether `header` is a valid X-Hub-Signature-256 of `raw` under one of `secrets`. */
export function signatureValid(raw: Buffer, header: string | undefined, secrets: readonly string[]): boolean {
  if (!header || !/^sha256=[0-9a-fA-F]{64}$/.test(header)) return false;
  const given = Buffer.from(header.slice(7).toLowerCase(), 'hex');
  let ok = false;
  // Every secret is tried (no early exit), so the time taken does not tell which one matched.
  for (const secret of secrets) {
    const digest = createHmac('sha256', secret).update(raw).digest();
    if (timingSafeEqual(digest, given)) ok = true;
  }
  return ok;
}

/** Checks and reads one delivery; answers how many new events it wrote. */
export async function receiveMetaWebhook(
  ctx: AppContext,
  raw: Buffer,
  signature: string | undefined,
): Promise<number> {
  if (!signatureValid(raw, signature, appSecrets(ctx))) {
    ctx.log.warn(
      { signature: signature ? 'wrong' : 'missing', bytes: raw.length },
      'Meta webhook refused: bad signature',
    );
    throw new AppError(
      'unauthenticated',
      signature ? 'X-Hub-Signature-256 does not match the body' : 'X-Hub-Signature-256 is missing',
    );
  }
  let body: unknown;
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new AppError('invalid', 'The body is not JSON');
  }
  let written = 0;
  for (const platform of META_PLATFORMS) {
    const items = ctx.platforms[platform].inbound?.parse(body) ?? [];
    for (const item of items) written += await recordItem(ctx, platform, item);
  }
  return written;
}

async function recordItem(ctx: AppContext, platform: Platform, item: InboundItem): Promise<number> {
  const integrations = await ctx.store.db
    .selectFrom('integrations')
    .selectAll()
    .where('platform', '=', platform)
    .where('platform_user_id', '=', item.accountId)
    .execute();
  if (integrations.length === 0)
    ctx.log.debug(
      { platform, account: item.accountId },
      'Meta webhook for an account the service does not know; ignored',
    );
  let written = 0;
  for (const integration of integrations) {
    const { kind: _kind, accountId: _account, ...rest } = item;
    const made =
      item.kind === 'comment'
        ? await recordComment(ctx, integration, rest as Parameters<typeof recordComment>[2])
        : await recordMessage(ctx, integration, rest as Parameters<typeof recordMessage>[2]);
    if (made) written++;
  }
  return written;
}
