/** Threads passes the adapter conformance suite (src/platforms/shared/conformance.ts). */
import { shortcodeOf } from '../../simulator/platforms/_shared/meta-container.ts';
import { describeConformance } from '../shared/conformance.ts';
import { APP_USAGE_WAIT_MS } from '../shared/meta-errors.ts';
import { threadsModule } from './index.ts';

const publish = { method: 'POST', path: /\/threads_publish$/ };

describeConformance({
  platform: 'threads',
  adapter: threadsModule.publisher,
  account: { id: '25000000000000001' },
  posts: { text: { create: publish }, image: { create: publish }, video: { create: publish } },
  postUrl: (id) => `https://www.threads.net/@sim_threads/post/${shortcodeOf(id)}`,
  textOf: (p) => p.data.text as string | undefined,
  mediaCount: (p) => (p.data.media as unknown[] | undefined)?.length ?? 0,
  // Code 4 comes with X-App-Usage at 100 %, which names no time: a quarter of the hourly window.
  rateLimit: { fault: { code: 4, resetInSec: 600 }, expectedWaitMs: () => APP_USAGE_WAIT_MS },
  serverError: {
    status: 500,
    body: {
      error: { message: 'An unknown error occurred', type: 'THApiException', code: 1, is_transient: true },
    },
  },
  // The post's container is made before the one publish call.
  beforeCreate: { kind: 'text', call: { method: 'POST', path: /\/threads$/ } },
  permanent: {
    refuse: { content: 'x'.repeat(501) },
    message: () => 'Threads: Param text must be at most 500 characters long.',
  },
  // The long-lived token refreshes itself only when 24 h old; a refused one needs reconnecting.
  refresh: null,
  setup: (sim) => sim.state.collection('threads', 'settings').set('videoPolls', 2),
});
