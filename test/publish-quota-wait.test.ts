/**
 * A target that waits for YouTube's daily quota stays `publishing` until the quota
 * resets at midnight Pacific time (up to a day, beyond PUBLISH_PENDING_TIMEOUT_MS,
 * which bounds processing only), and says so in its state: its warningMessage names
 * the wait and the time it ends. When the wait is over the note goes and the video
 * is published. End to end through the real adapter and the simulator, on SQLite
 * and PostgreSQL.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { nextPacificMidnight } from '../src/facts/pacific-time.ts';
import { type FixtureServer, mp4Stub, startFixtureServer } from '../src/media/testing.ts';
import { type Simulator, startSimulator } from '../src/simulator/index.ts';
import { forEachDatabase, startTestService, type TestService } from './harness.ts';
import { connectSimulated } from './publishing-e2e.ts';
import { until } from './shared-store.ts';

forEachDatabase('waiting for YouTube’s daily quota', (dialect) => {
  let t: TestService;
  let sim: Simulator;
  let fixtures: FixtureServer;
  let youtube = '';

  before(async () => {
    sim = await startSimulator();
    sim.state.collection('youtube', 'settings').set('processingMs', 0);
    fixtures = await startFixtureServer();
    t = await startTestService(dialect, {
      settings: { JOBS_POLL_MS: '20', PUBLISH_WAIT_MS: '0', SIMULATOR_URL: sim.url },
    });
    youtube = await connectSimulated(t, sim, 'youtube', '110000000000000000001', {
      platformUserId: 'UCsimchannel000000000001',
    });
  });
  after(async () => {
    await t.close();
    await fixtures.close();
    await sim.close();
  });

  it('stays publishing with a note naming the reset time, then publishes once the quota is back', async () => {
    // Less than an upload costs (100 units): the upload is refused with quotaExceeded.
    sim.state.collection('youtube', 'settings').set('quotaLimit', 50);
    const clip = fixtures.set(`/quota/${dialect}.mp4`, mp4Stub(256 * 1024), 'video/mp4');
    const res = await t.request('POST', '/v1/posts', {
      content: `Quota ${dialect} ${Date.now()}`,
      mediaItems: [{ type: 'video', url: clip }],
      platforms: [{ platform: 'youtube', accountId: youtube, platformSpecificData: { title: 'Quota' } }],
      publishNow: true,
    });
    assert.equal(res.status, 202, res.text);
    const postId = res.body.postId as string;
    const target = async () => (await t.request('GET', `/v1/posts/${postId}`)).body.post.platforms[0];
    await until(async () => Boolean((await target()).warningMessage), 20_000);
    const waiting = await target();
    assert.equal(waiting.status, 'publishing');
    const reset = new Date(nextPacificMidnight(Date.now())).toISOString();
    assert.match(waiting.warningMessage, /^Waiting for youtube's rate limit or daily quota until /);
    const shown = /until (\S+) /.exec(waiting.warningMessage)?.[1] ?? '';
    assert.ok(Math.abs(Date.parse(shown) - Date.parse(reset)) < 60_000, `${shown} is the reset, ${reset}`);
    assert.match(waiting.warningMessage, /midnight Pacific time/);

    // The quota is back: the job is made due now instead of at midnight Pacific time.
    sim.state.collection('youtube', 'settings').set('quotaLimit', 10_000);
    await t.ctx.store.db
      .updateTable('jobs')
      .set({ run_at: Date.now() })
      .where('kind', '=', 'publish_target')
      .where('project_id', '=', t.projectId)
      .execute();
    await until(async () => (await target()).status === 'published', 20_000);
    const done = await target();
    assert.equal(done.warningMessage, null);
    assert.match(done.platformPostUrl, /^https:\/\/www\.youtube\.com\/watch\?v=/);
  });
});
