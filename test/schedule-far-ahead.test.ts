/**
 * A post scheduled further ahead than a Node timer can wait (24.8 days) is accepted
 * and waits quietly: the job runner's wake-up is clamped, so no non-JSON
 * TimeoutOverflowWarning reaches stderr, and the post stays scheduled.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { forEachDatabase, startTestService, type TestService } from './harness.ts';
import { addIntegration } from './posts-fixtures.ts';

forEachDatabase('a post scheduled a year ahead', (dialect) => {
  let t: TestService;
  const warnings: Error[] = [];
  const onWarning = (w: Error) => warnings.push(w);

  before(async () => {
    t = await startTestService(dialect, { settings: { JOBS_POLL_MS: '50' } });
    process.on('warning', onWarning);
  });
  after(async () => {
    process.off('warning', onWarning);
    await t.close();
  });

  it('is accepted, stays scheduled, and no timer overflows', async () => {
    const accountId = await addIntegration(t.ctx, t.projectId, 'bluesky');
    const inAYear = new Date(Date.now() + 365 * 24 * 3600_000).toISOString();
    const res = await t.request('POST', '/v1/posts', {
      content: 'A year from now',
      platforms: [{ platform: 'bluesky', accountId }],
      scheduledFor: inAYear,
    });
    assert.equal(res.status, 202, res.text);
    assert.equal(res.body.status, 'scheduled');
    // Give the runner its wake-ups (the enqueue notice and a few polls).
    await new Promise((r) => setTimeout(r, 400));
    const overflow = warnings.filter((w) => w.name === 'TimeoutOverflowWarning');
    assert.deepEqual(
      overflow.map((w) => w.message),
      [],
    );
    const read = await t.request('GET', `/v1/posts/${res.body.postId}`);
    assert.equal(read.body.post.status, 'scheduled');
    assert.equal(read.body.post.scheduledFor, new Date(inAYear).toISOString());
  });
});
