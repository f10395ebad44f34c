/**
 * After a create with no known outcome: the statuses already made are in the
 * checkpoint; the one in flight is looked for among the account's latest statuses
 * (`GET /api/v1/accounts/:id/statuses`, replies included) by its text and, for a
 * thread item, the status it replies to. Found: checkpointed, and `published` once
 * every unit is. Not found: `absent`, and publishing again sends the same
 * Idempotency-Key, which Mastodon answers with the status if it did arrive after all.
 */
import type { PublishContext, ReconcileResult } from '../contract.ts';
import { accountIdOf } from './account.ts';
import { type InstanceTarget, idOf, instanceCall } from './api.ts';
import { type MastodonCheckpoint, publishedOf, targetOf, unitsOf } from './publish.ts';
import { sameText } from './text.ts';

export async function latestStatuses(
  t: InstanceTarget,
  accountId: string,
): Promise<Record<string, unknown>[]> {
  const res = await instanceCall(t, `/api/v1/accounts/${encodeURIComponent(accountId)}/statuses`, {
    query: { limit: '40', exclude_reblogs: 'true' },
    what: "Mastodon: read the account's statuses",
  });
  return Array.isArray(res.json)
    ? (res.json.filter((s) => s && typeof s === 'object') as Record<string, unknown>[])
    : [];
}

export async function reconcileMastodon(ctx: PublishContext): Promise<ReconcileResult> {
  const cp = ctx.checkpoint as MastodonCheckpoint;
  const statuses = { ...cp.statuses };
  const urls = { ...cp.urls };
  const units = unitsOf(ctx);
  const t = targetOf(ctx);
  let listed: Record<string, unknown>[] | null = null;
  for (const [index, unit] of units.entries()) {
    if (statuses[index]) continue;
    if (cp.inFlight !== index) return { state: 'absent' };
    listed ??= await latestStatuses(t, accountIdOf(ctx.account));
    const replyTo = index === 0 ? null : statuses[index - 1];
    const found = listed.find(
      (s) => sameText(s.content, unit.content) && (replyTo === null || s.in_reply_to_id === replyTo),
    );
    if (!found) return { state: 'absent' };
    statuses[index] = idOf(found.id, 'Mastodon: the status found');
    if (typeof found.url === 'string') urls[index] = found.url.slice(0, 2000);
    await ctx.saveCheckpoint({ statuses: { ...statuses }, urls: { ...urls } });
  }
  return publishedOf(ctx, t.instance, statuses, urls);
}
