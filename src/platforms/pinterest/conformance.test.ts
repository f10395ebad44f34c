/** Pinterest passes the adapter conformance suite (src/platforms/shared/conformance.ts). */
import { describeConformance } from '../shared/conformance.ts';
import { pinterestModule } from './index.ts';

const pins = { method: 'POST', path: '/v5/pins' };
const board = { boardId: '549755885176' };

describeConformance({
  platform: 'pinterest',
  adapter: pinterestModule.publisher,
  account: { id: '549755885175' },
  // A pin always has media: an image, or a video (registered, uploaded, processed).
  posts: {
    image: { create: pins, platformSpecificData: board },
    video: { create: pins, platformSpecificData: board },
  },
  postUrl: (id) => `https://www.pinterest.com/pin/${id}/`,
  textOf: (p) => p.data.description as string | undefined,
  mediaCount: (p) => Number(p.data.item_count ?? 0),
  // Pinterest's 429 (code 8) carries no documented wait: the per-minute windows.
  rateLimit: { fault: true, expectedWaitMs: () => 60_000 },
  serverError: {
    status: 500,
    body: { code: 0, message: 'Something went wrong on our end. Sorry about that.' },
  },
  // The video's registration comes before the create; the crash case resumes a video pin.
  beforeCreate: { kind: 'video', call: { method: 'POST', path: '/v5/media' } },
  permanent: {
    refuse: { content: 'p'.repeat(801) },
    departure:
      /body\/description: (must NOT have more than 800 characters|must be null|must match a schema in anyOf)/,
    message: () => 'Pinterest: Invalid request parameter: description must be at most 800 characters',
  },
  refresh: { method: 'POST', path: '/v5/oauth/token' },
});
