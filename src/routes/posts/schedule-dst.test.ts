/** Creating and rescheduling at local times that daylight saving skips or repeats, through the API. */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { forEachDatabase, startTestService, type TestService } from '../../../test/harness.ts';
import { addIntegration, NEXT_YEAR } from '../../../test/posts-fixtures.ts';

/**
 * The `n`th Sunday of a month of NEXT_YEAR as YYYY-MM-DD (US clocks change on the
 * second Sunday of March and the first of November), so the nights tested are
 * always ahead and within the scheduling bound.
 */
function nthSunday(month: number, n: number): string {
  const first = new Date(Date.UTC(NEXT_YEAR, month - 1, 1));
  const day = 1 + ((7 - first.getUTCDay()) % 7) + (n - 1) * 7;
  return `${NEXT_YEAR}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
const SPRING = nthSunday(3, 2);
const FALL = nthSunday(11, 1);

forEachDatabase('scheduling across daylight saving', (dialect) => {
  let t: TestService;
  let tw: string;
  before(async () => {
    t = await startTestService(dialect, { settings: { ROLE: 'api' } });
    tw = await addIntegration(t.ctx, t.projectId, 'twitter');
  });
  after(() => t.close());

  it('moves a skipped local time forward and takes the first of a repeated one', async () => {
    const created = await t.request('POST', '/v1/posts', {
      content: 'spring forward',
      platforms: [{ platform: 'twitter', accountId: tw }],
      scheduledFor: `${SPRING}T02:30:00`,
      timezone: 'America/New_York',
    });
    assert.equal(created.status, 202, created.text);
    // 02:30 does not exist that night in New York: it is 03:30 EDT.
    assert.equal(created.body.scheduledFor, `${SPRING}T07:30:00.000Z`);
    const read = await t.request('GET', `/v1/posts/${created.body.postId}`);
    assert.equal(read.body.post.scheduledFor, `${SPRING}T07:30:00.000Z`);

    const moved = await t.request('PATCH', `/v1/posts/scheduled/${created.body.postId}`, {
      scheduledFor: `${FALL}T01:30:00`,
      timezone: 'America/New_York',
    });
    assert.equal(moved.status, 200, moved.text);
    // 01:30 happens twice that night: the first time, still in EDT.
    assert.equal(moved.body.scheduledFor, `${FALL}T05:30:00.000Z`);
  });
});
