/** Mastodon passes the adapter conformance suite (src/platforms/shared/conformance.ts). */
import { SIM_MASTODON_DOMAIN } from '../../simulator/platforms/mastodon/entities.ts';
import { SIM_MASTODON_ACCOUNT } from '../../simulator/platforms/mastodon/platform.ts';
import { describeConformance } from '../shared/conformance.ts';
import { mastodonModule } from './index.ts';
import { forgetInstanceLimits } from './limits.ts';

const statuses = { method: 'POST', path: '/api/v1/statuses' };

describeConformance({
  platform: 'mastodon',
  adapter: mastodonModule.publisher,
  account: { id: SIM_MASTODON_ACCOUNT, metadata: { username: 'sim_mastodon', domain: SIM_MASTODON_DOMAIN } },
  posts: { text: { create: statuses }, image: { create: statuses }, video: { create: statuses } },
  postUrl: (id) => `https://${SIM_MASTODON_DOMAIN}/@sim_mastodon/${id}`,
  textOf: (p) => p.data.status as string | undefined,
  mediaCount: (p) => (p.data.media as string[]).length,
  rateLimit: { fault: { resetInSec: 90 }, expectedWaitMs: () => 90_000 },
  serverError: { status: 503, body: { error: 'Service Unavailable' } },
  beforeCreate: { kind: 'image', call: { method: 'POST', path: '/api/v2/media' } },
  permanent: {
    refuse: { content: 'm'.repeat(501) },
    message: () =>
      'Mastodon: content is 501 characters with its content warning; this instance takes at most 500',
  },
  refresh: null,
  setup() {
    forgetInstanceLimits();
  },
});
