/**
 * The engine's group commits, driven directly (no runner) with jobs leased by
 * hand, on SQLite and PostgreSQL: the changes of many targets that share one
 * transaction are each decided on their own (a lost lease or a cancelled target
 * changes nothing for that target alone), a post whose targets settle in one
 * batch gets its status and exactly one final event, and a create left in flight
 * by a batched "about to create" write is reconciled, never made twice.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { fakeAdapter, fakePlatform, insertIntegration } from '../../../test/fake-adapter.ts';
import { forEachDatabase } from '../../../test/harness.ts';
import { scriptedRegistry } from '../../../test/scripted-platforms.ts';
import { openSharedStores, type SharedStores } from '../../../test/shared-store.ts';
import type { AppContext } from '../../context.ts';
import { enqueueMany } from '../../jobs/enqueue.ts';
import { newTargetRow } from '../posts/target-row.ts';
import { createProject } from '../projects/projects.ts';
import { runPublishAttempt } from './attempt.ts';
import { publishJobId, publishTargetJob } from './job.ts';
import { parseLedger, withHistory } from './state.ts';
import { type Actor, LeaseLost, settleTarget, startAttempt, updateLedger } from './transitions.ts';

const OWNER = 'runner-a';

forEachDatabase('publishing batches', (dialect) => {
  let shared: SharedStores;
  let ctx: AppContext;
  let projectId: string;
  let integrationId: string;
  let counter = 0;

  before(async () => {
    shared = await openSharedStores(dialect, 1);
    ctx = shared.contexts[0] as AppContext;
    projectId = (await createProject(ctx, 'batches')).projectId;
    integrationId = await insertIntegration(ctx, projectId, 'twitter');
  });
  after(() => shared.close());

  /** A post due now with `targets` targets, each with its job leased by `OWNER`. */
  async function postWithTargets(targets: number): Promise<Actor[]> {
    const n = ++counter;
    const postId = `post_batch${n}`;
    const at = new Date().toISOString();
    await ctx.store.db
      .insertInto('posts')
      .values({
        id: postId,
        project_id: projectId,
        content: `Batch post ${n}`,
        media: '[]',
        status: 'scheduled',
        scheduled_for: at,
        timezone: 'UTC',
        was_scheduled: 1,
        raw_request: '{}',
        created_at: at,
        updated_at: at,
      })
      .execute();
    const rows = Array.from({ length: targets }, (_, position) =>
      newTargetRow({
        id: `tgt_batch${n}_${position}`,
        projectId,
        postId,
        position,
        platform: 'twitter',
        integrationId,
        content: null,
        platformSpecificData: {},
        status: 'scheduled',
        at,
      }),
    );
    await ctx.store.db.insertInto('post_targets').values(rows).execute();
    await enqueueMany(
      ctx.store.db,
      rows.map((t) => ({
        id: publishJobId(t.id),
        kind: publishTargetJob,
        projectId,
        payload: { postId, targetId: t.id, platform: 'twitter', integrationId },
        runAt: Date.now() + 60_000,
      })),
    );
    await ctx.store.db
      .updateTable('jobs')
      .set({ lease_owner: OWNER, lease_until: Date.now() + 60_000, attempts: 1 })
      .where(
        'id',
        'in',
        rows.map((t) => publishJobId(t.id)),
      )
      .execute();
    return rows.map((t) => ({
      jobId: publishJobId(t.id),
      leaseOwner: OWNER,
      projectId,
      postId,
      targetId: t.id,
    }));
  }

  const target = (id: string) =>
    ctx.store.db.selectFrom('post_targets').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const post = (id: string) =>
    ctx.store.db.selectFrom('posts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const events = async (postId: string) =>
    (await ctx.store.db.selectFrom('outbox').select('type').where('post_id', '=', postId).execute()).map(
      (e) => e.type,
    );
  const takeLease = (jobId: string) =>
    ctx.store.db.updateTable('jobs').set({ lease_owner: 'runner-b' }).where('id', '=', jobId).execute();
  const published = (n: number) => ({
    status: 'published' as const,
    platformPostId: `x${n}`,
    platformPostUrl: `https://x.example/${n}`,
    via: 'publish' as const,
  });

  it('starts of many targets share a batch; the one whose lease another runner took starts nothing', async () => {
    const a = await postWithTargets(2);
    const b = await postWithTargets(2);
    const lost = b[1] as Actor;
    await takeLease(lost.jobId);
    const results = await Promise.allSettled([...a, ...b].map((actor) => startAttempt(ctx, actor)));
    assert.deepEqual(
      results.map((r) => (r.status === 'fulfilled' ? r.value.kind : (r.reason as Error).name)),
      ['ready', 'ready', 'ready', 'LeaseLost'],
    );
    for (const actor of [...a, b[0] as Actor]) {
      const t = await target(actor.targetId);
      assert.equal(t.status, 'publishing');
      assert.equal(t.attempt, 1);
      assert.ok(parseLedger(t.ledger).startedAt);
    }
    const untouched = await target(lost.targetId);
    assert.equal(untouched.status, 'scheduled');
    assert.equal(untouched.attempt, 0);
    assert.equal((await post(b[0]?.postId as string)).status, 'publishing');
  });

  it('"about to create" writes of a batch are all stored, except for the target cancelled meanwhile', async () => {
    const actors = [...(await postWithTargets(2)), ...(await postWithTargets(1))];
    for (const actor of actors) await startAttempt(ctx, actor);
    const cancelled = actors[2] as Actor;
    await ctx.store.db
      .updateTable('post_targets')
      .set({ status: 'draft' })
      .where('id', '=', cancelled.targetId)
      .execute();
    const since = new Date().toISOString();
    const results = await Promise.allSettled(
      actors.map((actor, i) =>
        updateLedger(ctx, actor, (l) => ({
          ledger: withHistory(
            { ...l, reachedPlatform: true, createInFlight: { since, attempt: 1 } },
            since,
            'create_in_flight',
          ),
          checkpoint: { createKey: `key-${i}` },
        })),
      ),
    );
    assert.deepEqual(
      results.map((r) => r.status),
      ['fulfilled', 'fulfilled', 'rejected'],
    );
    assert.ok((results[2] as PromiseRejectedResult).reason instanceof LeaseLost);
    for (const [i, actor] of actors.slice(0, 2).entries()) {
      const t = await target(actor.targetId);
      assert.equal(parseLedger(t.ledger).createInFlight?.since, since);
      assert.deepEqual(JSON.parse(t.checkpoint ?? '{}'), { createKey: `key-${i}` });
    }
    const c = await target(cancelled.targetId);
    assert.equal(parseLedger(c.ledger).createInFlight, undefined);
    assert.equal(c.checkpoint, null);
  });

  it('both targets of a post settled in one batch: its status and exactly one final event', async () => {
    const [first, second] = (await postWithTargets(2)) as [Actor, Actor];
    await Promise.all([startAttempt(ctx, first), startAttempt(ctx, second)]);
    const settled = await Promise.all([
      settleTarget(ctx, first, published(1), { requireLease: false }),
      settleTarget(
        ctx,
        second,
        { status: 'failed', message: 'refused', refund: false },
        { requireLease: true },
      ),
    ]);
    assert.deepEqual(settled, [true, true]);
    assert.equal((await post(first.postId)).status, 'partial');
    assert.deepEqual(await events(first.postId), ['post.partial']);
    // Settling again (a job run twice after a crash) changes nothing and writes no second event.
    assert.equal(await settleTarget(ctx, first, published(9), { requireLease: false }), false);
    assert.deepEqual(await events(first.postId), ['post.partial']);
    assert.equal((await target(first.targetId)).platform_post_id, 'x1');
  });

  it('a settle whose job lost its lease changes nothing, while the rest of its batch settles', async () => {
    const [kept, lost] = (await postWithTargets(2)) as [Actor, Actor];
    const other = (await postWithTargets(1))[0] as Actor;
    await Promise.all([kept, lost, other].map((a) => startAttempt(ctx, a)));
    await takeLease(lost.jobId);
    const results = await Promise.allSettled([
      settleTarget(ctx, kept, published(2), { requireLease: true }),
      settleTarget(ctx, lost, { status: 'failed', message: 'gave up', refund: true }, { requireLease: true }),
      settleTarget(ctx, other, published(3), { requireLease: true }),
    ]);
    assert.deepEqual(
      results.map((r) => r.status),
      ['fulfilled', 'rejected', 'fulfilled'],
    );
    assert.equal((await target(lost.targetId)).status, 'publishing');
    assert.equal((await target(kept.targetId)).status, 'published');
    // The post still has a target open: no status, no event yet.
    assert.equal((await post(kept.postId)).status, 'publishing');
    assert.deepEqual(await events(kept.postId), []);
    assert.equal((await post(other.postId)).status, 'published');
    assert.deepEqual(await events(other.postId), ['post.published']);
  });

  it('a worker that dies after the batched "about to create" write: the next run reconciles and creates nothing', async () => {
    const platform = fakePlatform();
    const withFake: AppContext = {
      ...ctx,
      platforms: scriptedRegistry(['twitter'], () => fakeAdapter('twitter', platform)),
    };
    const actors = await postWithTargets(2);
    // Both targets start and write "about to create" in shared batches; the platform
    // creates the first post, then the worker dies before any outcome is stored.
    await Promise.all(actors.map((a) => startAttempt(ctx, a)));
    const since = new Date().toISOString();
    await Promise.all(
      actors.map((a, i) =>
        updateLedger(ctx, a, (l) => ({
          ledger: { ...l, reachedPlatform: true, createInFlight: { since, attempt: 1 } },
          checkpoint: { createKey: `crash-${i}` },
        })),
      ),
    );
    platform.posts.set('crash-0', {
      content: 'Batch post',
      account: 'twitter-user',
      id: 'made-before-crash',
    });
    const outcomes = await Promise.all(
      actors.map((a) =>
        runPublishAttempt(
          {
            id: a.jobId,
            kind: 'publish_target',
            projectId,
            payload: { postId: a.postId, targetId: a.targetId },
            attempt: 2,
            maxAttempts: 25,
            lastError: null,
            signal: new AbortController().signal,
            leaseOwner: OWNER,
          },
          withFake,
        ),
      ),
    );
    assert.deepEqual(outcomes, [undefined, undefined]);
    assert.equal(platform.reconcileCalls, 2);
    // The first was found and kept; the second was absent, so it was created once now.
    assert.equal(platform.publishCalls, 1);
    const first = await target(actors[0]?.targetId as string);
    assert.equal(first.status, 'published');
    assert.equal(first.platform_post_id, 'made-before-crash');
    assert.equal(parseLedger(first.ledger).created?.via, 'reconcile');
    assert.equal((await target(actors[1]?.targetId as string)).status, 'published');
    assert.equal(platform.posts.size, 2);
    assert.deepEqual(await events(actors[0]?.postId as string), ['post.published']);
  });
});
