/**
 * TikTok passes the adapter conformance suite (src/platforms/shared/conformance.ts).
 * What TikTok needs from the suite: tokens with the Content Posting scopes (the
 * simulator checks them); its status and creator-info POSTs count as reads; a lost
 * init answer made no post (a video needs the bytes sent after init), so reconcile
 * answers absent; and its API can not delete posts.
 */
import sharp from 'sharp';
import type { Simulator } from '../../simulator/index.ts';
import { describeConformance } from '../shared/conformance.ts';
import { TIKTOK_DELETE_UNSUPPORTED } from './delete.ts';
import { tiktokModule } from './index.ts';

const JPEG = await sharp({ create: { width: 200, height: 100, channels: 3, background: '#808080' } })
  .jpeg()
  .toBuffer();
const INIT = { method: 'POST', path: '/v2/post/publish/video/init/' };

describeConformance({
  platform: 'tiktok',
  adapter: tiktokModule.publisher,
  account: {
    id: 'sim-tiktok-open-id-0001',
    metadata: { username: 'sim_tiktoker' },
    scopes: ['user.info.basic', 'video.publish', 'video.upload'],
  },
  posts: {
    video: { create: INIT },
    // TikTok photos are JPEG or WebP (its photo rules, which the simulator holds).
    image: {
      create: { method: 'POST', path: '/v2/post/publish/content/init/' },
      media: (fixtures) => [
        { type: 'image', url: fixtures.set('/conformance/photo.jpg', JPEG, 'image/jpeg') },
      ],
    },
  },
  basic: 'video',
  postUrl: (id) => `https://www.tiktok.com/@sim_tiktoker/video/${id}`,
  textOf: (p) => (p.data.description ?? p.data.title) as string | undefined,
  mediaCount: (p) =>
    p.data.media_type === 'PHOTO' ? ((p.data.photo_images as unknown[] | undefined)?.length ?? 0) : 1,
  // 429 rate_limit_exceeded without headers: TikTok's windows are one minute.
  rateLimit: { fault: true, expectedWaitMs: () => 60_000 },
  serverError: {
    status: 500,
    body: { data: {}, error: { code: 'internal_error', message: 'Something went wrong.', log_id: 'sim' } },
  },
  beforeCreate: { kind: 'video', call: { method: 'POST', path: '/v2/post/publish/creator_info/query/' } },
  permanent: {
    // TikTok counts the caption in UTF-16 units, at most 2200 (the service validates it first).
    refuse: { content: `Too long for TikTok ${'x'.repeat(2300)}` },
    departure: /body\/post_info\/title: must NOT have more than 2200 characters/,
    message: () => 'TikTok: post_info.title is longer than 2200 characters. (invalid_params)',
  },
  createOpensUpload: {
    committed: (sim: Simulator, content: string) =>
      [...sim.state.collection<{ data: { title?: string } }>('tiktok', 'publishes').values()].some(
        (p) => p.data.title === content,
      ),
  },
  reads: [
    { method: 'POST', path: '/v2/post/publish/status/fetch/' },
    { method: 'POST', path: '/v2/post/publish/creator_info/query/' },
  ],
  deleteUnsupported: TIKTOK_DELETE_UNSUPPORTED,
  refresh: { method: 'POST', path: '/v2/oauth/token/' },
  // Many posts from one token in seconds: the per-minute limits are exercised in adapter.test.ts.
  setup: (sim) =>
    sim.state
      .collection('tiktok', 'settings')
      .set('perMinute', { init: 1000, status: 1000, creatorInfo: 1000 }),
});
