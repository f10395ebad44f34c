/** Reddit passes the adapter conformance suite (src/platforms/shared/conformance.ts). */
import { describeConformance } from '../shared/conformance.ts';
import { redditModule } from './index.ts';

const submit = { method: 'POST', path: '/api/submit' };
const sandbox = { subreddit: 'sandbox', title: 'Conformance post' };

describeConformance({
  platform: 'reddit',
  adapter: redditModule.publisher,
  account: { id: '1simred', metadata: { username: 'sim_redditor' } },
  posts: {
    text: { create: submit, platformSpecificData: sandbox },
    image: { create: submit, platformSpecificData: sandbox },
    video: { create: submit, platformSpecificData: sandbox },
  },
  postUrl: (id) => `https://www.reddit.com/r/sandbox/comments/${id}/`,
  textOf: (p) => (p.kind === 'link' ? (p.data.text as string | undefined) : undefined),
  mediaCount: (p) => (p.data.kind === 'image' || p.data.kind === 'video' ? 1 : 0),
  // Reddit's 429 says the seconds to its window's end in x-ratelimit-reset.
  rateLimit: { fault: { resetInSec: 42 }, expectedWaitMs: () => 42_000 },
  serverError: { status: 500, body: { message: 'Internal Server Error', error: 500 } },
  // The upload lease comes before the submit; the crash case resumes an image post.
  beforeCreate: { kind: 'image', call: { method: 'POST', path: '/api/media/asset.json' } },
  permanent: {
    refuse: { content: 'r'.repeat(40_001) },
    message: () => 'Reddit: submit: this is too long (max: 40000) (text)',
  },
  refresh: { method: 'POST', path: '/api/v1/access_token' },
});
