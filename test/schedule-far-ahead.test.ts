/**
 * A post scheduled further ahead than a Node timer can wait (24.8 days) is accepted
 * and waits quietly: the job runner's wake-up is clamped, so no non-JSON
 * TimeoutOverflowWarning reaches stderr, and the post stays scheduled. Scheduling
 * is bounded at MAX_SCHEDULE_AHEAD_YEARS (2) ahead: later is refused, charging
 * nothing, on create, reschedule and edit.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { latestScheduleTime, MAX_SCHEDULE_AHEAD_YEARS } from '../src/domain/posts/schedule.ts';
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

  it(`refuses a time more than ${MAX_SCHEDULE_AHEAD_YEARS} years ahead, on create, reschedule and edit, charging nothing`, async () => {
    const accountId = await addIntegration(t.ctx, t.projectId, 'bluesky');
    const used = async () => (await t.request('GET', '/v1/usage')).body.balance.monthly.used as number;
    const before = await used();
    const body = (scheduledFor: string) => ({
      content: 'Far ahead',
      platforms: [{ platform: 'bluesky', accountId }],
      scheduledFor,
    });
    const far = await t.request('POST', '/v1/posts', body('9999-12-31T23:59:59Z'));
    assert.equal(far.status, 400, far.text);
    assert.match(
      far.body.message,
      new RegExp(
        `scheduledFor 9999-12-31T23:59:59.000Z is more than ${MAX_SCHEDULE_AHEAD_YEARS} years ahead \\(the latest is `,
      ),
    );
    const justPast = new Date(latestScheduleTime(new Date()).getTime() + 60_000).toISOString();
    assert.equal((await t.request('POST', '/v1/posts', body(justPast))).status, 400);
    assert.equal(await used(), before, 'nothing charged');

    const justWithin = new Date(latestScheduleTime(new Date()).getTime() - 60_000).toISOString();
    const ok = await t.request('POST', '/v1/posts', body(justWithin));
    assert.equal(ok.status, 202, ok.text);
    const postId = ok.body.postId as string;
    const moved = await t.request('PATCH', `/v1/posts/scheduled/${postId}`, {
      scheduledFor: '9999-12-31T23:59:59Z',
    });
    assert.equal(moved.status, 400, moved.text);
    const edited = await t.request('PUT', `/v1/posts/scheduled/${postId}`, body('9999-12-31T23:59:59Z'));
    assert.equal(edited.status, 400, edited.text);
    const read = await t.request('GET', `/v1/posts/${postId}`);
    assert.equal(read.body.post.scheduledFor, new Date(justWithin).toISOString());
  });
});
