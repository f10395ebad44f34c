/**
 * X's pay-per-use prices (docs.x.com/x-api/getting-started/pricing, read
 * 2026-12-01): creating a post costs per request, more when the post contains a
 * URL; reads cost per resource returned. The service's X calls are post creates
 * (one per tweet of a thread), post metric reads and the account's own user read.
 */
import { findUrls } from '../../facts/text-length.ts';
import type { PlatformSpend, SpendTarget } from '../spend-types.ts';

function tweetsOf(target: SpendTarget): string[] {
  const items = target.platformSpecificData.threadItems;
  const rest = Array.isArray(items)
    ? items.map((i) =>
        typeof (i as { content?: unknown }).content === 'string' ? (i as { content: string }).content : '',
      )
    : [];
  return [target.content, ...rest];
}

export const twitterSpend: PlatformSpend = {
  currency: 'USD',
  source: 'https://docs.x.com/x-api/getting-started/pricing (read 2026-12-01)',
  prices: {
    post_create: { amount: 0.015, says: 'Content: Create, per post created' },
    post_create_with_url: {
      amount: 0.2,
      says: 'Content: Create (with URL), per post created that contains a link',
    },
    post_read: { amount: 0.005, says: 'Posts: Read, per post whose metrics are read' },
    user_read: { amount: 0.01, says: "User: Read, per read of the account's own counts" },
  },
  publishCalls(target) {
    const calls: Record<string, number> = {};
    for (const text of tweetsOf(target)) {
      const kind = findUrls(text).length > 0 ? 'post_create_with_url' : 'post_create';
      calls[kind] = (calls[kind] ?? 0) + 1;
    }
    return calls;
  },
  reads: { postMetrics: 'post_read', accountStats: 'user_read' },
};
