/** Bluesky passes the adapter conformance suite (src/platforms/shared/conformance.ts). */
import { describeConformance } from '../shared/conformance.ts';
import { blueskyModule } from './index.ts';

type Rec = { text?: string; embed?: { $type: string; images?: unknown[] } };
const recordOf = (data: Record<string, unknown>) => (data.record ?? {}) as Rec;
const createRecord = { method: 'POST', path: '/xrpc/com.atproto.repo.createRecord' };

describeConformance({
  platform: 'bluesky',
  adapter: blueskyModule.publisher,
  account: { id: 'did:plc:simbluesky000000000001', metadata: { handle: 'sim-user.bsky.social' } },
  posts: { text: { create: createRecord }, image: { create: createRecord }, video: { create: createRecord } },
  postUrl: (uri) => `https://bsky.app/profile/sim-user.bsky.social/post/${uri.split('/').pop()}`,
  textOf: (p) => recordOf(p.data).text,
  mediaCount: (p) => {
    const embed = recordOf(p.data).embed;
    if (!embed) return 0;
    return embed.$type === 'app.bsky.embed.images' ? (embed.images?.length ?? 0) : 1;
  },
  // RateLimit-Reset: unix seconds.
  rateLimit: { fault: { resetInSec: 120 }, expectedWaitMs: () => 120_000 },
  serverError: { status: 502, body: { error: 'UpstreamFailure', message: 'upstream' } },
  beforeCreate: { kind: 'image', call: { method: 'POST', path: '/xrpc/com.atproto.repo.uploadBlob' } },
  permanent: {
    refuse: { content: 'a'.repeat(301) },
    message: () =>
      /^Bluesky: Invalid app.bsky.feed.post record: Record\/text must not be longer than 300 graphemes$/,
  },
  refresh: { method: 'POST', path: '/xrpc/com.atproto.server.refreshSession' },
});
