/** Google Business Profile passes the adapter conformance suite (src/platforms/shared/conformance.ts). */
import { png } from '../../media/testing.ts';
import { describeConformance } from '../shared/conformance.ts';
import { googleBusinessModule } from './index.ts';

const LOCATION = 'accounts/100000000000000000001/locations/1000000000000000001';
const localPosts = { method: 'POST', path: `/v4/${LOCATION}/localPosts` };

describeConformance({
  platform: 'googlebusiness',
  adapter: googleBusinessModule.publisher,
  // The Google user who manages the location; the location's path is what connect saves.
  account: {
    id: '110000000000000000002',
    metadata: { accountName: 'accounts/100000000000000000001', resourceName: LOCATION },
  },
  posts: {
    text: { create: localPosts },
    // Google refuses a photo under 250×250 (media-rules.ts), so the common 200×100 sample will not do.
    image: {
      create: localPosts,
      media: (f) => [{ type: 'image', url: f.set('/conformance/gbp-photo.png', png(400, 300), 'image/png') }],
    },
  },
  // searchUrl: the location's Maps id and the local post id.
  postUrl: (name) =>
    `https://local.google.com/place?id=1000000000000000001&use=posts&lpsid=${name.split('/').pop()}`,
  textOf: (p) => p.data.summary as string | undefined,
  mediaCount: (p) => (p.data.media as unknown[] | undefined)?.length ?? 0,
  // 429 RESOURCE_EXHAUSTED with no Retry-After: the per-minute quota, so a minute.
  rateLimit: { fault: true, expectedWaitMs: () => 60_000 },
  serverError: {
    status: 503,
    body: { error: { code: 503, message: 'The service is currently unavailable.', status: 'UNAVAILABLE' } },
  },
  permanent: {
    refuse: { content: 'x'.repeat(1501) },
    message: () => 'Google Business Profile: Must be at most 1500 characters (summary)',
  },
  refresh: { method: 'POST', path: '/token' },
});
