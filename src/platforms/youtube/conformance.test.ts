/** YouTube passes the adapter conformance suite (src/platforms/shared/conformance.ts). */
import { nextPacificMidnight } from '../../facts/pacific-time.ts';
import { describeConformance } from '../shared/conformance.ts';
import { youtubeModule } from './index.ts';

// The final chunk of the resumable upload creates the video (probes share the path).
const upload = { method: 'PUT', path: '/upload/youtube/v3/videos' };
type Snippet = { description?: string };

describeConformance({
  platform: 'youtube',
  adapter: youtubeModule.publisher,
  account: { id: '110000000000000000001' },
  posts: { video: { create: upload } },
  postUrl: (id) => `https://www.youtube.com/watch?v=${id}`,
  textOf: (p) => (p.data.snippet as Snippet | undefined)?.description,
  mediaCount: (p) => (typeof p.data.fileSize === 'number' ? 1 : 0),
  // quotaExceeded (403) lasts until the quota resets at midnight Pacific time.
  rateLimit: { fault: true, expectedWaitMs: (now) => nextPacificMidnight(now) - now },
  serverError: {
    status: 503,
    body: {
      error: {
        code: 503,
        message: 'Backend Error',
        errors: [{ message: 'Backend Error', domain: 'global', reason: 'backendError' }],
        status: 'UNAVAILABLE',
      },
    },
  },
  beforeCreate: { kind: 'video', call: { method: 'POST', path: '/upload/youtube/v3/videos' } },
  permanent: {
    refuse: { content: 'a'.repeat(5001) },
    message: () => 'YouTube: The request metadata specifies an invalid video description.',
  },
  refresh: { method: 'POST', path: '/token' },
  // Processing takes 300 ms of simulator time, so the engine cases look again soon.
  setup: (sim) => sim.state.collection('youtube', 'settings').set('processingMs', 300),
});
