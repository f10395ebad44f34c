/**
 * What is specific to Reddit, against the simulator over real HTTP: a posting
 * throttle answered as HTTP 200 with `json.errors` RATELIMIT is a rate limit with the
 * wait its words say; a link already submitted is refused (resubmit=false) rather
 * than posted twice; the subreddit's rules are checked before anything is uploaded;
 * a video carries a poster.
 */
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { mp4Stub, png, realWebm } from '../../media/testing.ts';
import { type AdapterHarness, platformFailure, startAdapterHarness } from '../shared/testing.ts';
import { redditModule } from './index.ts';
import { forgetRules } from './rules.ts';

describe('Reddit adapter', () => {
  let h: AdapterHarness;
  const account = () => h.account('1simred', { username: 'sim_redditor' });
  const publish = redditModule.publisher.publish;
  before(async () => {
    forgetRules();
    h = await startAdapterHarness('reddit');
  });
  after(() => h.close());

  it("reads Reddit's posting throttle (200 with json.errors RATELIMIT) as a rate limit with its wait", async () => {
    h.sim.state.collection<unknown>('reddit', 'settings').set('submitsPerWindow', 0);
    try {
      const ctx = h.context({
        account: account(),
        content: 'x',
        platformSpecificData: { subreddit: 'sandbox', title: 'Throttled' },
      });
      const err = await platformFailure(publish(ctx));
      assert.equal(err.errorClass, 'rate_limited');
      assert.equal(err.retryAfterMs, 5 * 60_000);
      assert.match(err.message, /Take a break for 5 minutes/);
    } finally {
      h.sim.state.collection<unknown>('reddit', 'settings').delete('submitsPerWindow');
    }
  });

  it('refuses a link already submitted to the subreddit instead of posting it twice', async () => {
    const o = { subreddit: 'sim_links', title: 'A link', url: `https://example.com/${Date.now()}` };
    const first = await publish(h.context({ account: account(), content: '', platformSpecificData: o }));
    assert.equal(first.state, 'published');
    const err = await platformFailure(
      publish(h.context({ account: account(), content: '', platformSpecificData: o })),
    );
    assert.equal(err.errorClass, 'permanent');
    assert.match(err.message, /that link has already been submitted/);
    const sent = h.sim.calls.last({ method: 'POST', path: '/api/submit' });
    assert.equal((sent?.body as Record<string, string> | undefined)?.resubmit, 'false');
  });

  it("checks the subreddit's rules before uploading anything", async () => {
    h.sim.calls.clear();
    const video = h.fixtures.set('/rd/v.mp4', mp4Stub(300_000), 'video/mp4');
    const ctx = h.context({
      account: account(),
      content: 'x',
      mediaItems: [{ type: 'video', url: video }],
      platformSpecificData: { subreddit: 'sim_selfonly', title: 'No videos here' },
    });
    const err = await platformFailure(publish(ctx));
    assert.equal(err.errorClass, 'permanent');
    assert.match(err.message, /r\/sim_selfonly takes only text posts/);
    assert.equal(
      h.sim.calls.count({ platform: 'reddit', method: 'POST' }),
      0,
      'nothing uploaded or submitted',
    );
  });

  it('posts a video with a poster image (the plain one when the item has no thumbnail)', async () => {
    const video = h.fixtures.set('/rd/v2.mp4', mp4Stub(300_000), 'video/mp4');
    const ctx = h.context({
      account: account(),
      content: 'A video',
      mediaItems: [{ type: 'video', url: video }],
      platformSpecificData: { subreddit: 'sandbox', title: `A video ${Date.now()}` },
    });
    const result = await publish(ctx);
    assert.equal(result.state, 'published');
    const sent = h.sim.calls.last({ method: 'POST', path: '/api/submit' })?.body as Record<string, string>;
    assert.equal(sent.kind, 'video');
    assert.match(sent.video_poster_url ?? '', /\/reddit-uploaded-media\/rte_images\/[\w-]+\.png$/);
    assert.equal(h.sim.calls.list({ platform: 'reddit', path: '/api/media/asset.json' }).length >= 2, true);
  });

  it("is held to Reddit's media rules: a WebM is refused at the lease, an image over 20 MB by the bucket (EntityTooLarge); a tall PNG posts", async () => {
    const attempt = (item: { type: 'image' | 'video'; url: string }, title: string) =>
      publish(
        h.context({
          account: account(),
          content: title,
          mediaItems: [item],
          platformSpecificData: { subreddit: 'sandbox', title: `${title} ${Date.now()}` },
        }),
      );
    const dir = await mkdtemp(join(tmpdir(), 'rd-rules-'));
    const made = await realWebm(join(dir, 'clip.webm'), 320, 240, 1);
    const clip = await readFile(join(dir, 'clip.webm'));
    await rm(dir, { recursive: true, force: true });
    assert.ok(made, 'ffmpeg made the WebM');
    const webm = await platformFailure(
      attempt({ type: 'video', url: h.fixtures.set('/rd/clip.webm', clip, 'video/webm') }, 'A WebM'),
    );
    assert.equal(webm.errorClass, 'permanent');
    assert.match(webm.message, /Reddit: Bad Request/);
    const big = await platformFailure(
      attempt(
        { type: 'image', url: h.fixtures.set('/rd/big.png', png(10, 10, 20_000_001), 'image/png') },
        'A big image',
      ),
    );
    assert.equal(big.platformCode, 'EntityTooLarge');
    assert.match(big.message, /exceeds the maximum allowed size/);
    const tall = await attempt(
      { type: 'image', url: h.fixtures.set('/rd/tall.png', png(1000, 3000), 'image/png') },
      'A tall image',
    );
    assert.equal(tall.state, 'published');
  });
});
