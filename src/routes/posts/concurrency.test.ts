import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { forEachDatabase, startTestService, type TestService } from '../../../test/harness.ts';
import { addIntegration, FUTURE } from '../../../test/posts-fixtures.ts';
import { addPurchasedCredits } from '../../domain/credits/balance.ts';
import type { PostLifecycle } from '../../domain/posts/hooks.ts';
import { publishTargetJob } from '../../domain/publishing/job.ts';
import { publishingLifecycle } from '../../domain/publishing/lifecycle.ts';
import { jobRow } from '../../jobs/enqueue.ts';

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

/**
 * The engine's lifecycle, plus rows that can only fail for a post whose content is
 * `poison`: it gets its job row twice, so its create's insert breaks.
 */
const poisoning: PostLifecycle = {
  ...publishingLifecycle,
  planAccepted(ctx, rows, accepted) {
    publishingLifecycle.planAccepted(ctx, rows, accepted);
    const { post } = accepted;
    if (post.content !== 'poison') return;
    const dup = () =>
      jobRow({ id: `dup_${post.id}`, kind: publishTargetJob, projectId: null, payload: {} as never });
    rows.add('jobs', dup(), dup());
  },
};

forEachDatabase('group commit of concurrent creates', (dialect) => {
  let t: TestService;
  let tw: string;
  before(async () => {
    t = await startTestService(dialect, { context: { lifecycle: poisoning } });
    tw = await addIntegration(t.ctx, t.projectId, 'twitter');
  });
  after(() => t.close());
  const body = (content: string) => ({
    content,
    platforms: [{ platform: 'twitter', accountId: tw }],
    scheduledFor: FUTURE,
  });

  it('one Idempotency-Key sent with different bodies at once: one create, every other answer 409', async () => {
    const key = { 'idempotency-key': `contested-${dialect}` };
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => t.request('POST', '/v1/posts', body(`body ${i}`), key)),
    );
    const accepted = answers.filter((a) => a.status === 202);
    assert.equal(accepted.length, 1, JSON.stringify(answers.map((a) => a.status)));
    for (const a of answers.filter((x) => x.status !== 202)) {
      assert.equal(a.status, 409);
      assert.match(a.body.message, /Idempotency-Key was already used with a different request body/);
    }
    const stored = await t.ctx.store.db
      .selectFrom('posts')
      .select('id')
      .where('content', 'like', 'body %')
      .execute();
    assert.deepEqual(
      stored.map((p) => p.id),
      [accepted[0]?.body.postId],
    );
  });

  it('accounts are judged per create inside the batch: a stale or unknown account refuses only its own create', async () => {
    const stale = await addIntegration(t.ctx, t.projectId, 'twitter', { authStatus: 'needs_reconnect' });
    const bodies = Array.from({ length: 12 }, (_, i) => body(`judged ${i}`));
    bodies[3] = { ...body('judged stale'), platforms: [{ platform: 'twitter', accountId: stale }] };
    bodies[8] = { ...body('judged unknown'), platforms: [{ platform: 'twitter', accountId: 'int_nope' }] };
    const answers = await Promise.all(bodies.map((b) => t.request('POST', '/v1/posts', b)));
    assert.deepEqual(
      answers.map((a) => a.status),
      bodies.map((_, i) => (i === 3 ? 403 : i === 8 ? 400 : 202)),
    );
    assert.match(answers[3]?.body.message, /needs reconnecting/);
    assert.match(
      answers[8]?.body.message,
      /platforms\[0\] \(twitter\): accountId "int_nope" is not a connected account/,
    );
    const stored = await t.ctx.store.db
      .selectFrom('posts')
      .select('content')
      .where('content', 'like', 'judged %')
      .execute();
    assert.equal(stored.length, 10);
  });

  it('a create whose rows can not be written fails alone; the rest of its batch is stored and charged', async () => {
    // The suite's lifecycle gives the `poison` post's job a duplicate row (see `poisoning`).
    {
      const usedBefore = (await t.request('GET', '/v1/usage')).body.totalUsage as number;
      const contents = Array.from({ length: 15 }, (_, i) => (i === 7 ? 'poison' : `healthy ${i}`));
      const answers = await Promise.all(contents.map((c) => t.request('POST', '/v1/posts', body(c))));
      assert.deepEqual(
        answers.map((a) => a.status),
        contents.map((c) => (c === 'poison' ? 500 : 202)),
      );
      // The 500 is this test's own doing (a forced internal failure), not a status routes answer:
      // the harness would otherwise fail the suite for it being missing from the OpenAPI document.
      const server = t.service.server;
      if (server)
        server.undocumentedAnswers = server.undocumentedAnswers.filter((a) => a !== 'POST /v1/posts → 500');
      const stored = await t.ctx.store.db
        .selectFrom('posts')
        .select('content')
        .where('content', 'in', contents)
        .execute();
      assert.deepEqual(stored.map((p) => p.content).sort(), contents.filter((c) => c !== 'poison').sort());
      const jobs = await t.ctx.store.db
        .selectFrom('jobs')
        .select('id')
        .where('id', 'like', 'dup_%')
        .execute();
      assert.deepEqual(jobs, []);
      const usedAfter = (await t.request('GET', '/v1/usage')).body.totalUsage as number;
      assert.equal(usedAfter - usedBefore, 14);
    }
  });
});
