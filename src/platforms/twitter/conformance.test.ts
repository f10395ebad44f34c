/** X passes the adapter conformance suite (src/platforms/shared/conformance.ts). */
import { describeConformance } from '../shared/conformance.ts';
import { twitterModule } from './index.ts';

describeConformance({
  platform: 'twitter',
  adapter: twitterModule.publisher,
  account: { id: '1500000000000000001', metadata: { username: 'sim_x_user' } },
  posts: {
    text: { create: { method: 'POST', path: '/2/tweets' } },
    image: { create: { method: 'POST', path: '/2/tweets' } },
    video: { create: { method: 'POST', path: '/2/tweets' } },
  },
  postUrl: (id) => `https://x.com/sim_x_user/status/${id}`,
  textOf: (p) => p.data.text as string | undefined,
  mediaCount: (p) => (p.data.media as { media_ids?: string[] } | undefined)?.media_ids?.length ?? 0,
  // x-rate-limit-reset: unix seconds.
  rateLimit: { fault: { resetInSec: 600 }, expectedWaitMs: () => 600_000 },
  serverError: {
    status: 503,
    body: { title: 'Service Unavailable', detail: 'Service Unavailable', type: 'about:blank', status: 503 },
  },
  beforeCreate: { kind: 'image', call: { method: 'POST', path: '/2/media/upload/initialize' } },
  permanent: {
    refuse: 'duplicate',
    message: () => 'X: You are not allowed to create a Tweet with duplicate content.',
  },
  refresh: { method: 'POST', path: '/2/oauth2/token' },
  setup: (sim) => sim.state.collection('twitter', 'settings').set('checkAfterSecs', 0),
});
