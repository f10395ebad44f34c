/** LinkedIn passes the adapter conformance suite (src/platforms/shared/conformance.ts). */
import { describeConformance } from '../shared/conformance.ts';
import { linkedinModule } from './index.ts';

const posts = { method: 'POST', path: '/rest/posts' };
type Content = { media?: unknown; multiImage?: { images: unknown[] } };

describeConformance({
  platform: 'linkedin',
  adapter: linkedinModule.publisher,
  account: { id: 'SimMember001' },
  posts: { text: { create: posts }, image: { create: posts }, video: { create: posts } },
  postUrl: (urn) => `https://www.linkedin.com/feed/update/${urn}`,
  textOf: (p) => p.data.commentary as string | undefined,
  mediaCount: (p) => {
    const content = p.data.content as Content | undefined;
    return content?.multiImage?.images.length ?? (content?.media ? 1 : 0);
  },
  // LinkedIn's 429 has no headers: the daily limits reset at midnight UTC.
  rateLimit: {
    fault: true,
    expectedWaitMs: (now) => {
      const midnight = new Date(now);
      midnight.setUTCHours(24, 0, 0, 0);
      return midnight.getTime() - now;
    },
  },
  serverError: { status: 500, body: { message: 'Unable to obtain activity', status: 500 } },
  beforeCreate: { kind: 'image', call: { method: 'POST', path: '/rest/images' } },
  permanent: {
    refuse: 'duplicate',
    message: (first) => `LinkedIn: ERROR :: /commentary :: Content is a duplicate of ${first}`,
  },
  reconcileCreates: true,
  refresh: { method: 'POST', path: '/oauth/v2/accessToken' },
});
