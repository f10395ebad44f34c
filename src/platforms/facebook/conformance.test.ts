/** Facebook Pages pass the adapter conformance suite (src/platforms/shared/conformance.ts). */
import { png } from '../../media/testing.ts';
import { describeConformance } from '../shared/conformance.ts';
import { facebookModule } from './index.ts';

describeConformance({
  platform: 'facebook',
  adapter: facebookModule.publisher,
  account: { id: '10000000000000001', pageId: '200000000000001' },
  posts: {
    text: { create: { method: 'POST', path: /\/feed$/ } },
    image: { create: { method: 'POST', path: /\/photos$/ } },
    video: { create: { method: 'POST', path: /\/videos$/ } },
  },
  postUrl: (id) => `https://www.facebook.com/${id}`,
  textOf: (p) => (p.data.message ?? p.data.description) as string | undefined,
  mediaCount: (p) => (p.kind === 'feed' ? ((p.data.attached as unknown[] | undefined)?.length ?? 0) : 1),
  // X-Business-Use-Case-Usage: estimated_time_to_regain_access in minutes.
  rateLimit: { fault: { code: 80001, resetInSec: 600 }, expectedWaitMs: () => 600_000 },
  serverError: {
    status: 500,
    body: { error: { message: 'Service temporarily unavailable', code: 2, is_transient: true } },
  },
  // Several photos are uploaded unpublished before the one /feed create that attaches them.
  beforeCreate: {
    kind: 'image',
    call: { method: 'POST', path: /\/photos$/ },
    media: (fixtures) =>
      ['a', 'b'].map((name) => ({
        type: 'image' as const,
        url: fixtures.set(`/conformance/fb-${name}.png`, png(200, 100), 'image/png'),
      })),
  },
  permanent: { refuse: 'duplicate', message: () => 'Facebook: (#506) Duplicate status message' },
  // Page tokens do not expire and have no refresh: a refused one needs reconnecting.
  refresh: null,
});
