/** Instagram passes the adapter conformance suite (src/platforms/shared/conformance.ts). */
import type { FixtureServer } from '../../media/testing.ts';
import { mp4Stub } from '../../media/testing.ts';
import { shortcodeOf } from '../../simulator/platforms/_shared/meta-container.ts';
import { describeConformance } from '../shared/conformance.ts';
import { jpeg } from '../shared/meta-testing.ts';
import { instagramModule } from './index.ts';

const image = (fixtures: FixtureServer, name: string) => ({
  type: 'image' as const,
  url: fixtures.set(`/conformance/ig-${name}.jpg`, jpeg(), 'image/jpeg'),
});
const publish = { method: 'POST', path: /\/media_publish$/ };

describeConformance({
  platform: 'instagram',
  adapter: instagramModule.publisher,
  account: { id: '17841400000000001' },
  posts: {
    image: { create: publish, media: (f) => [image(f, 'one')] },
    video: {
      create: publish,
      media: (f) => [
        { type: 'video', url: f.set('/conformance/ig-reel.mp4', mp4Stub(300_000), 'video/mp4') },
      ],
    },
  },
  postUrl: (id) => `https://www.instagram.com/p/${shortcodeOf(id)}/`,
  textOf: (p) => p.data.caption as string | undefined,
  mediaCount: (p) => (p.data.media as unknown[] | undefined)?.length ?? 0,
  // X-Business-Use-Case-Usage: estimated_time_to_regain_access in minutes.
  rateLimit: { fault: { code: 80002, resetInSec: 600 }, expectedWaitMs: () => 600_000 },
  serverError: {
    status: 500,
    body: { error: { message: 'An unexpected error has occurred.', code: 2, is_transient: true } },
  },
  // The carousel's children are containers made before the one publish call.
  beforeCreate: {
    kind: 'image',
    call: { method: 'POST', path: /\/media$/ },
    media: (f) => [image(f, 'a'), image(f, 'b')],
  },
  permanent: {
    refuse: { content: 'x'.repeat(2201) },
    message: () => 'Instagram: The caption is too long (2200 characters at most).',
  },
  deleteUnsupported: /does not allow deleting/,
  // The long-lived token refreshes itself only when 24 h old; a refused one needs reconnecting.
  refresh: null,
  setup: (sim) => sim.state.collection('instagram', 'settings').set('videoPolls', 2),
});
