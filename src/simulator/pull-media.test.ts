/**
 * Platforms that take media by URL fetch it themselves, and so does the simulator:
 * a Pinterest pin of an image URL that answers 404 is refused, and a TikTok
 * PULL_FROM_URL publish of one fails with TikTok's pull failure, where both used
 * to publish.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type FixtureServer, png, startFixtureServer } from '../media/testing.ts';
import { type Simulator, startSimulator } from './index.ts';
import type { Json } from './testing.ts';

describe('media pulled by URL', () => {
  let sim: Simulator;
  let fixtures: FixtureServer;
  before(async () => {
    sim = await startSimulator();
    fixtures = await startFixtureServer();
  });
  after(async () => {
    await fixtures.close();
    await sim.close();
  });

  const call = async (
    platform: 'pinterest' | 'tiktok',
    path: string,
    body: unknown,
    scopes: string[] = [],
  ) => {
    const { accessToken } = sim.issueTokens(platform, { scopes });
    const res = await fetch(`${sim.baseUrl(platform)}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as Json };
  };

  it('Pinterest refuses a pin whose image URL can not be fetched, and makes one that can', async () => {
    const pin = (url: string) =>
      call('pinterest', '/v5/pins', {
        board_id: '549755885176',
        title: 'pulled',
        media_source: { source_type: 'image_url', url },
      });
    const gone = await pin(`${fixtures.url}/pull/missing.png`);
    assert.equal(gone.status, 400);
    assert.match(gone.body.message, /could not be fetched/);
    const ok = await pin(fixtures.set('/pull/photo.png', png(600, 900), 'image/png'));
    assert.equal(ok.status, 201, JSON.stringify(ok.body));
    assert.equal(sim.countPosts('pinterest'), 1);
  });

  it('TikTok fails a PULL_FROM_URL publish whose video URL can not be fetched', async () => {
    const init = await call(
      'tiktok',
      '/v2/post/publish/video/init/',
      {
        post_info: { title: 'pulled', privacy_level: 'SELF_ONLY' },
        source_info: { source: 'PULL_FROM_URL', video_url: `${fixtures.url}/pull/missing.mp4` },
      },
      ['video.publish'],
    );
    assert.equal(init.status, 200, JSON.stringify(init.body));
    const publishId = init.body.data.publish_id as string;
    let status: Json;
    for (let i = 0; i < 5; i++) {
      status = (
        await call('tiktok', '/v2/post/publish/status/fetch/', { publish_id: publishId }, ['video.publish'])
      ).body.data;
      if (status.status !== 'PROCESSING_DOWNLOAD') break;
      sim.clock.advance(60_000);
    }
    assert.equal(status.status, 'FAILED');
    assert.equal(status.fail_reason, 'video_pull_failed');
    assert.equal(sim.countPosts('tiktok'), 0);
  });
});
