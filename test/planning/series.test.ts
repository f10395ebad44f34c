/**
 * Recurring series end to end through the simulator's X: a post published now
 * with a daily rule and a variant; each finished occurrence hands over to the
 * next (scheduled a day later, the next text, charged, announced); a failed
 * occurrence does not stop the series; pause, resume, end (refunded); accounts
 * needing reconnection pause it; a hand-over run again creates nothing.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { handOverSeries } from '../../src/domain/planning/next-occurrence.ts';
import { type Simulator, startSimulator } from '../../src/simulator/index.ts';
import { insertIntegration } from '../fake-adapter.ts';
import { forEachDatabase, startTestService, type TestService } from '../harness.ts';
import { FUTURE, NEXT_YEAR } from '../posts-fixtures.ts';
import { until } from '../shared-store.ts';

const DAY = 86_400_000;

forEachDatabase('recurring series', (dialect) => {
  let t: TestService;
  let sim: Simulator;
  let accountId: string;

  const series = async (id: string) => {
    const res = await t.request('GET', `/v1/series/${id}`);
    assert.equal(res.status, 200, res.text);
    return res.body.series;
  };
  const occurrence = async (id: string, index: number) => {
    await until(async () => (await series(id)).occurrences.length > index, 20_000);
    return (await series(id)).occurrences[index];
  };
  const post = async (postId: string) => (await t.request('GET', `/v1/posts/${postId}`)).body.post;
  const used = async () => {
    const b = (await t.request('GET', '/v1/usage')).body.balance;
    return b.monthly.used + b.purchased.used;
  };
  /** A day passes for one scheduled occurrence: it and its jobs become due now. */
  const makeDue = async (postId: string) => {
    const now = Date.now();
    await t.ctx.store.db
      .updateTable('posts')
      .set({ scheduled_for: new Date(now).toISOString() })
      .where('id', '=', postId)
      .execute();
    const targets = await t.ctx.store.db
      .selectFrom('post_targets')
      .select('id')
      .where('post_id', '=', postId)
      .execute();
    await t.ctx.store.db
      .updateTable('jobs')
      .set({ run_at: now })
      .where(
        'id',
        'in',
        targets.map((x) => `pub_${x.id}`),
      )
      .execute();
  };
  const finalOf = async (postId: string) => {
    await until(async () => ['published', 'failed', 'partial'].includes((await post(postId)).status), 20_000);
    return post(postId);
  };

  before(async () => {
    sim = await startSimulator();
    t = await startTestService(dialect, {
      settings: {
        JOBS_POLL_MS: '20',
        PUBLISH_WAIT_MS: '15000',
        OUTBOUND_ALLOWLIST: '127.0.0.1',
        SIMULATOR_URL: sim.url,
        MONTHLY_CREDITS: '100',
      },
    });
    const user = `15000000000000${dialect === 'sqlite' ? '01' : '02'}77`;
    sim.addAccount('twitter', { id: user, username: `series${dialect}`, name: 'Series' });
    const token = sim.state.issueToken({
      platform: 'twitter',
      kind: 'access',
      clientId: 'sim-twitter-client',
      accountId: user,
      scopes: [],
      expiresAt: null,
      grantId: `series-${dialect}`,
    }).value;
    accountId = await insertIntegration(t.ctx, t.projectId, 'twitter', { token, platformUserId: user });
  });
  after(async () => {
    await t.close();
    await sim.close();
  });

  it('hands each finished occurrence over to the next, with the next text, charged and announced', async () => {
    const before = await used();
    const res = await t.request('POST', '/v1/posts', {
      content: `Fresh beans today ${dialect}`,
      platforms: [{ platform: 'twitter', accountId }],
      publishNow: true,
      recurrence: { every: 1, unit: 'day', count: 5 },
      variants: [`New roast in the shop ${dialect}`],
    });
    assert.equal(res.status, 202, res.text);
    assert.equal(res.body.status, 'published', res.text);
    const seriesId = res.body.seriesId as string;
    assert.match(seriesId, /^ser_/);
    const first = await post(res.body.postId);
    assert.equal(first.seriesId, seriesId);

    const second = await occurrence(seriesId, 1);
    assert.equal(second.status, 'scheduled');
    const anchor = Date.parse((await series(seriesId)).occurrences[0].scheduledFor ?? first.createdAt);
    const secondPost = await post(second.postId);
    assert.equal(secondPost.content, `New roast in the shop ${dialect}`);
    assert.equal(secondPost.seriesId, seriesId);
    assert.ok(
      Math.abs(Date.parse(second.scheduledFor) - anchor - DAY) < 2000,
      `${second.scheduledFor} vs ${anchor}`,
    );
    assert.equal(await used(), before + 2, 'the next occurrence is charged when it is created');
    const announced = await t.ctx.store.db
      .selectFrom('outbox')
      .select('type')
      .where('post_id', '=', second.postId)
      .execute();
    assert.deepEqual(
      announced.map((e) => e.type),
      ['post.scheduled'],
    );
    const view = await series(seriesId);
    assert.equal(view.nextAt, second.scheduledFor);
    assert.equal(view.occurrencesCreated, 2);

    // Run again (a crash after the commit): the hand-over finds the count moved on.
    const again = await Promise.all([0, 1, 2].map(() => handOverSeries(t.ctx, t.projectId, seriesId, 0)));
    assert.deepEqual(again, ['not_due', 'not_due', 'not_due']);
    assert.equal((await series(seriesId)).occurrences.length, 2);

    // A day passes: the variant is published, and the third occurrence takes the first text again.
    await makeDue(second.postId);
    assert.equal((await finalOf(second.postId)).status, 'published');
    const third = await occurrence(seriesId, 2);
    assert.equal((await post(third.postId)).content, `Fresh beans today ${dialect}`);
    assert.ok(Math.abs(Date.parse(third.scheduledFor) - anchor - 2 * DAY) < 2000);

    // X refuses the same text twice: that occurrence fails (and is refunded); the series goes on.
    const beforeFail = await used();
    await makeDue(third.postId);
    const failed = await finalOf(third.postId);
    assert.equal(failed.status, 'failed', JSON.stringify(failed.platforms));
    const fourth = await occurrence(seriesId, 3);
    assert.equal(fourth.status, 'scheduled');
    assert.equal(await used(), beforeFail, 'refund of the failed one, charge of the next');
    assert.equal(
      sim.state.listPosts('twitter').filter((p) => String(p.data.text).includes(dialect)).length,
      2,
    );

    // Pause, resume while one is waiting (nothing new), then end: the waiting one is cancelled and refunded.
    const paused = await t.request('PATCH', `/v1/series/${seriesId}`, { paused: true });
    assert.equal(paused.body.series.status, 'paused');
    assert.equal(paused.body.series.nextAt, null);
    const resumed = await t.request('PATCH', `/v1/series/${seriesId}`, { paused: false });
    assert.equal(resumed.body.series.status, 'active');
    await new Promise((r) => setTimeout(r, 300));
    assert.equal((await series(seriesId)).occurrences.length, 4);
    const beforeEnd = await used();
    const ended = await t.request('DELETE', `/v1/series/${seriesId}`);
    assert.equal(ended.status, 200, ended.text);
    assert.deepEqual(ended.body.cancelledPostIds, [fourth.postId]);
    assert.equal(await used(), beforeEnd - 1);
    const final = await series(seriesId);
    assert.equal(final.status, 'ended');
    assert.equal((await post(fourth.postId)).status, 'draft');
    assert.equal((await t.request('PATCH', `/v1/series/${seriesId}`, { paused: false })).status, 409);
  });

  it('ends after count occurrences, and pauses when no account can publish', async () => {
    const res = await t.request('POST', '/v1/posts', {
      content: `Weekly note ${dialect}`,
      platforms: [{ platform: 'twitter', accountId }],
      scheduledFor: new Date(Date.now() + 3600_000).toISOString(),
      recurrence: { every: 2, unit: 'week', count: 2 },
      variants: [`Weekly note, take two ${dialect}`],
    });
    assert.equal(res.status, 202, res.text);
    const seriesId = res.body.seriesId as string;
    // The first occurrence is cancelled (set aside): the series may go on once resumed.
    assert.equal((await t.request('DELETE', `/v1/posts/scheduled/${res.body.postId}`)).status, 200);
    assert.equal(await handOverSeries(t.ctx, t.projectId, seriesId, 0), 'created');
    const second = (await series(seriesId)).occurrences[1];
    assert.ok(Date.parse(second.scheduledFor) - Date.now() > 13 * DAY);
    await t.request('DELETE', `/v1/posts/scheduled/${second.postId}`);
    assert.equal(await handOverSeries(t.ctx, t.projectId, seriesId, 1), 'ended');
    assert.match((await series(seriesId)).statusReason, /all 2 occurrences/);

    const other = await t.request('POST', '/v1/posts', {
      content: `Daily reminder ${dialect}`,
      platforms: [{ platform: 'twitter', accountId }],
      scheduledFor: new Date(Date.now() + 3600_000).toISOString(),
      recurrence: { every: 1, unit: 'day' },
    });
    await t.request('DELETE', `/v1/posts/scheduled/${other.body.postId}`);
    // A cancelled occurrence sets the active series aside until told to go on.
    const goOn = await t.request('PATCH', `/v1/series/${other.body.seriesId}`, { paused: false });
    assert.equal(goOn.status, 200, goOn.text);
    await until(async () => (await series(other.body.seriesId)).occurrences.length === 2, 20_000);
    const next = (await series(other.body.seriesId)).occurrences[1];
    await t.request('DELETE', `/v1/posts/scheduled/${next.postId}`);
    await t.ctx.store.db
      .updateTable('integrations')
      .set({ auth_status: 'needs_reconnect' })
      .where('id', '=', accountId)
      .execute();
    try {
      assert.equal(await handOverSeries(t.ctx, t.projectId, other.body.seriesId, 1), 'paused');
      const paused = await series(other.body.seriesId);
      assert.equal(paused.status, 'paused');
      assert.match(paused.statusReason, /needs reconnecting.*resume the series/);
    } finally {
      await t.ctx.store.db
        .updateTable('integrations')
        .set({ auth_status: 'active' })
        .where('id', '=', accountId)
        .execute();
    }
  });

  it('refuses a rule that ends before it starts, and variants without a rule', async () => {
    const bad = await t.request('POST', '/v1/posts', {
      content: 'x',
      platforms: [{ platform: 'twitter', accountId }],
      scheduledFor: FUTURE,
      recurrence: { every: 1, unit: 'week', until: `${NEXT_YEAR}-05-01` },
    });
    assert.equal(bad.status, 400);
    assert.match(bad.body.message, /recurrence.until .* is before the first occurrence/);
    const lone = await t.request('POST', '/v1/posts', {
      content: 'x',
      platforms: [{ platform: 'twitter', accountId }],
      scheduledFor: FUTURE,
      variants: ['y'],
    });
    assert.equal(lone.status, 400);
    assert.match(lone.body.message, /variants are only used with recurrence/);
    const tooLong = await t.request('POST', '/v1/posts', {
      content: 'x',
      platforms: [{ platform: 'twitter', accountId }],
      scheduledFor: FUTURE,
      recurrence: { every: 1, unit: 'day' },
      variants: ['y'.repeat(400)],
    });
    assert.equal(tooLong.status, 400);
    assert.match(tooLong.body.message, /variants\[0\]: platforms\[0\] \(twitter\)/);
    assert.equal((await t.request('GET', '/v1/series/ser_nope')).status, 404);
  });
});
