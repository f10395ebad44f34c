/**
 * What is Mastodon's own, against the simulator: a video is published only once the
 * instance has processed it (pending, then the status); an account id is the part of
 * platformUserId before the instance host; a status's favourites, replies and boosts
 * are its metrics and the account's counts its history; a hostile instance's link
 * to another host is not shown; a first comment is a reply found again after a lost
 * answer.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { mp4Stub, png, realWebm } from '../../media/testing.ts';
import { SIM_MASTODON_DOMAIN } from '../../simulator/platforms/mastodon/entities.ts';
import { SIM_MASTODON_ACCOUNT } from '../../simulator/platforms/mastodon/platform.ts';
import { type AdapterHarness, platformFailure, startAdapterHarness } from '../shared/testing.ts';
import { statusUrl } from './account.ts';
import { mastodonModule } from './index.ts';
import { forgetInstanceLimits } from './limits.ts';

describe('Mastodon adapter', () => {
  let h: AdapterHarness;
  before(async () => {
    h = await startAdapterHarness('mastodon');
    forgetInstanceLimits();
  });
  after(() => h.close());
  // The integration's id carries the instance host; the token is the simulator account's.
  const account = () => ({
    ...h.account(SIM_MASTODON_ACCOUNT, { username: 'sim_mastodon', domain: SIM_MASTODON_DOMAIN }),
    platformUserId: `${SIM_MASTODON_ACCOUNT}@mastodon.example`,
  });

  it('waits for the video to be processed, then publishes once', async () => {
    const url = h.fixtures.set('/m/video.mp4', mp4Stub(300_000), 'video/mp4');
    const ctx = h.context({
      account: account(),
      content: `video ${Date.now()}`,
      mediaItems: [{ type: 'video', url }],
    });
    const first = await mastodonModule.publisher.publish(ctx);
    assert.equal(first.state, 'pending');
    const second = await mastodonModule.publisher.publish(h.resume(ctx));
    assert.equal(second.state, 'published');
    assert.equal(
      h.sim.state.listPosts('mastodon', { where: (p) => p.data.status === ctx.target.content }).length,
      1,
    );
    assert.equal(h.sim.calls.count({ method: 'POST', path: '/api/v2/media' }), 1, 'uploaded once');
  });

  it('reads favourites, replies and boosts per status, and the account counts', async () => {
    const ctx = h.context({ account: account(), content: `metrics ${Date.now()}` });
    const done = await mastodonModule.publisher.publish(ctx);
    assert.equal(done.state, 'published');
    const id = done.state === 'published' ? done.platformPostId : '';
    const post = h.sim.state.getPost('mastodon', id)!;
    post.data.favourites = 5;
    post.data.reblogs = 2;
    const env = h.commentContext(account(), id, '').env;
    const metrics = await mastodonModule.analytics.postMetrics!({ env, account: account() }, [
      { platformPostId: id, publishedAt: null },
      { platformPostId: '999999', publishedAt: null },
    ]);
    assert.deepEqual(metrics[id], { likes: 5, comments: 0, shares: 2 });
    assert.equal(metrics['999999'], undefined, 'a status that is gone is left out');
    const stats = await mastodonModule.analytics.accountStats!({ env, account: account() });
    assert.equal(stats.followers, 42);
  });

  it('finds a first comment again after its answer was lost', async () => {
    const ctx = h.context({ account: account(), content: `commented ${Date.now()}` });
    const done = await mastodonModule.publisher.publish(ctx);
    const id = done.state === 'published' ? done.platformPostId : '';
    const c = h.commentContext(account(), id, `the comment ${Date.now()}`, ctx.stored);
    assert.deepEqual(await mastodonModule.firstComment.find(c), { state: 'absent' });
    const commentId = await mastodonModule.firstComment.post(c);
    assert.deepEqual(await mastodonModule.firstComment.find(c), { state: 'found', commentId });
    const again = await mastodonModule.firstComment.post(c);
    assert.equal(again, commentId, 'the same Idempotency-Key answers the same reply');
  });

  it("is held to Mastodon's media rules: an image over the matrix limit and a 240 fps video are refused with 422; a WebM and a PNG publish", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'masto-rules-'));
    try {
      const huge = h.fixtures.set('/m/huge.png', png(6000, 6000), 'image/png');
      const err = await platformFailure(
        mastodonModule.publisher.publish(
          h.context({
            account: account(),
            content: `huge ${Date.now()}`,
            mediaItems: [{ type: 'image', url: huge }],
          }),
        ),
      );
      assert.equal(err.errorClass, 'permanent');
      assert.match(err.message, /6000x6000 images are not supported/);
      const fast = join(dir, 'fast.webm');
      const made = await new Promise<boolean>((done) =>
        execFile(
          'ffmpeg',
          [
            '-y',
            '-loglevel',
            'error',
            '-f',
            'lavfi',
            '-i',
            'testsrc=size=160x120:rate=240',
            '-t',
            '0.5',
            '-c:v',
            'libvpx-vp9',
            '-deadline',
            'realtime',
            '-cpu-used',
            '8',
            fast,
          ],
          (e) => done(!e),
        ),
      );
      assert.ok(made, 'ffmpeg made the 240 fps WebM');
      const tooFast = await platformFailure(
        mastodonModule.publisher.publish(
          h.context({
            account: account(),
            content: `fast ${Date.now()}`,
            mediaItems: [
              { type: 'video', url: h.fixtures.set('/m/fast.webm', await readFile(fast), 'video/webm') },
            ],
          }),
        ),
      );
      assert.match(tooFast.message, /240fps videos are not supported/);
      assert.ok(await realWebm(join(dir, 'ok.webm'), 320, 240, 1), 'ffmpeg made the WebM');
      const items = [
        { type: 'image' as const, url: h.fixtures.set('/m/ok.png', png(1000, 3000), 'image/png') },
        {
          type: 'video' as const,
          url: h.fixtures.set('/m/ok.webm', await readFile(join(dir, 'ok.webm')), 'video/webm'),
        },
      ];
      for (const item of items) {
        const ctx = h.context({
          account: account(),
          content: `fits ${item.type} ${Date.now()}`,
          mediaItems: [item],
        });
        let result = await mastodonModule.publisher.publish(ctx);
        if (result.state === 'pending') result = await mastodonModule.publisher.publish(h.resume(ctx));
        assert.equal(result.state, 'published', JSON.stringify(result));
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('shows a status link only on the instance itself', () => {
    const a = account();
    assert.equal(
      statusUrl(a, 'https://mastodon.example', '1', 'https://phishing.example/@x/1'),
      'https://mastodon.example/@sim_mastodon/1',
    );
    assert.equal(
      statusUrl(a, 'https://mastodon.example', '1', 'https://mastodon.example/@sim_mastodon/1'),
      'https://mastodon.example/@sim_mastodon/1',
    );
    assert.equal(
      statusUrl(a, 'https://mastodon.example', '1', 'http://mastodon.example/@sim_mastodon/1'),
      'https://mastodon.example/@sim_mastodon/1',
    );
  });
});
