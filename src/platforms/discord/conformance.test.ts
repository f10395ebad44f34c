/** Discord passes the adapter conformance suite (src/platforms/shared/conformance.ts). */
import { describeConformance } from '../shared/conformance.ts';
import { discordModule } from './index.ts';
import { BLIND_RECONCILE } from './publish.ts';

const execute = { method: 'POST', path: /^\/api\/v10\/webhooks\/\d+\/[^/]+$/ };
const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

describeConformance({
  platform: 'discord',
  adapter: discordModule.publisher,
  // The seeded webhook of the text channel #announcements (`pageId` becomes platformUserId).
  account: {
    id: '1310000000000000001',
    pageId: '1320000000000000001',
    metadata: { webhookId: '1310000000000000001', guildId: '1330000000000000001' },
  },
  posts: {
    text: { create: execute },
    image: { create: execute },
    video: { create: execute },
  },
  postUrl: (id) => `https://discord.com/channels/1330000000000000001/1320000000000000001/${id}`,
  textOf: (p) => p.data.content as string | undefined,
  mediaCount: (p) => ((p.data.attachments as unknown[] | undefined) ?? []).length,
  rateLimit: { fault: { resetInSec: 3 }, expectedWaitMs: () => 3_000 },
  serverError: { status: 502, body: { code: 0, message: '502: Bad Gateway' } },
  permanent: {
    refuse: { content: 'a'.repeat(2001) },
    message: () => /Discord: Invalid Form Body \(content: Must be 2000 or fewer in length\.\)/,
    // The description limits content to 2,000 too: the refused request departs from it
    // (in both branches of the body's anyOf, which the check reports as well).
    departure:
      /body(\/content: must NOT have more than 2000 characters|: must match a schema in anyOf|: field "content" is not in the description)/,
  },
  reconcileBlind: new RegExp(escapeRegExp(BLIND_RECONCILE)),
  refresh: null,
});
