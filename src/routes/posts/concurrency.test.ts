import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { forEachDatabase, startTestService, type TestService } from '../../../test/harness.ts';
import { addIntegration, FUTURE } from '../../../test/posts-fixtures.ts';
import { addPurchasedCredits } from '../../domain/credits/balance.ts';

forEachDatabase('credits under concurrent creates', (dialect) => {
  let t: TestService;
  let tw: string;
  before(async () => {
    t = await startTestService(dialect, { settings: { MONTHLY_CREDITS: '7' } });
    tw = await addIntegration(t.ctx, t.projectId, 'twitter');
  });
  after(() => t.close());

  it('never overdraws: exactly the affordable number of 40 simultaneous creates succeed', async () => {
    await addPurchasedCredits(t.ctx, t.projectId, 3);
    const body = {
      content: 'race',
      platforms: [{ platform: 'twitter', accountId: tw }],
      scheduledFor: FUTURE,
    };
    const answers = await Promise.all(Array.from({ length: 40 }, () => t.request('POST', '/v1/posts', body)));
    const statuses = answers.map((a) => a.status).sort();
    assert.equal(statuses.filter((s) => s === 202).length, 10, JSON.stringify(statuses));
    assert.equal(statuses.filter((s) => s === 402).length, 30);
    const usage = (await t.request('GET', '/v1/usage')).body;
    assert.deepEqual(usage.balance.monthly.remaining, 0);
    assert.deepEqual(usage.balance.purchased, { total: 3, used: 3, remaining: 0 });
    assert.equal(usage.totalUsage, 10);
    const posts = (await t.request('GET', '/v1/posts?limit=100')).body;
    assert.equal(posts.total, 10);
  });
});
