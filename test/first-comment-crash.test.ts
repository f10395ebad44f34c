/**
 * A first comment under kill -9: a worker process (`node src/main.ts --role
 * worker`) publishes a Facebook post with a first comment; the platform commits
 * the comment and never answers, and the worker is SIGKILLed while the ledger
 * says the comment is in flight. Another worker takes the job once the lease
 * has expired, finds the comment on the post instead of commenting again, and
 * settles the target: exactly one post, exactly one comment, the post
 * `published` with one final event. SQLite and PostgreSQL.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { AppContext } from '../src/context.ts';
import { createPost } from '../src/domain/posts/create.ts';
import { createProject } from '../src/domain/projects/projects.ts';
import { parseLedger } from '../src/domain/publishing/state.ts';
import { type Simulator, startSimulator } from '../src/simulator/index.ts';
import { commentStore } from '../src/simulator/platforms/_shared/meta-comments.ts';
import { insertIntegration } from './fake-adapter.ts';
import { forEachDatabase } from './harness.ts';
import { openSharedStores, type SharedStores, until } from './shared-store.ts';
import { WorkerProcesses, workerEnv } from './worker-processes.ts';

const USER = '10000000000000001';
const PAGE = '200000000000001';

forEachDatabase('a first comment with its worker killed mid-call', (dialect) => {
  let shared: SharedStores;
  let ctx: AppContext;
  let sim: Simulator;
  let workers: WorkerProcesses | undefined;

  before(async () => {
    sim = await startSimulator();
    shared = await openSharedStores(dialect, 1, { MONTHLY_CREDITS: '100' });
    ctx = shared.contexts[0] as AppContext;
  });
  after(async () => {
    await workers?.close();
    await sim.close();
    await shared.close();
  });

  const spawnWorker = () => {
    workers ??= new WorkerProcesses(workerEnv(shared, ctx, sim.url));
    return workers.spawn();
  };

  it('never comments twice: the next worker finds the comment the killed one was waiting for', async () => {
    const { projectId } = await createProject(ctx, `first-comment-crash-${dialect}`);
    const token = sim.state.issueToken({
      platform: 'facebook',
      kind: 'page',
      clientId: 'sim-facebook-client',
      accountId: USER,
      subjectId: PAGE,
      scopes: ['pages_manage_posts', 'pages_manage_engagement', 'pages_read_user_content'],
      expiresAt: null,
      grantId: `first-comment-crash-${dialect}`,
    }).value;
    const accountId = await insertIntegration(ctx, projectId, 'facebook', { token, platformUserId: PAGE });
    // Facebook commits the comment and never answers: the worker waits on the call until it is killed.
    const hang = sim.faults.add({
      platform: 'facebook',
      method: 'POST',
      path: /\/comments$/,
      dropAfterCommit: 'hang',
    });
    const firstComment = `Killed mid-comment ${dialect} ${Date.now()}`;
    const content = `Crash post ${dialect} ${Date.now()}`;
    const { postId } = await createPost(ctx, projectId, {
      content,
      platforms: [{ platform: 'facebook', accountId }],
      firstComment,
      scheduledFor: new Date(Date.now() + 1000).toISOString(),
    });
    const target = () =>
      ctx.store.db
        .selectFrom('post_targets')
        .selectAll()
        .where('post_id', '=', postId)
        .executeTakeFirstOrThrow();
    const comments = () => [...commentStore(sim, 'facebook').values()].filter((c) => c.text === firstComment);

    const first = spawnWorker();
    // The comment is in flight in the ledger and committed on the platform: the worker waits for an answer.
    await until(
      async () =>
        Boolean(parseLedger((await target()).ledger).firstComment?.inFlight) && comments().length === 1,
      30_000,
    );
    await workers?.kill(first);
    sim.faults.remove(hang);
    assert.equal((await target()).status, 'publishing', 'the target was not settled before the kill');

    const second = spawnWorker();
    await until(async () => (await target()).status === 'published', 30_000);
    second.kill('SIGTERM');
    await until(() => workers?.children.size === 0, 15_000);

    const settled = await target();
    const ledger = parseLedger(settled.ledger);
    const [comment, ...more] = comments();
    assert.equal(more.length, 0, 'exactly one comment');
    assert.equal(comment?.postId, settled.platform_post_id);
    assert.equal(ledger.firstComment?.commentId, comment?.id);
    assert.ok(
      ledger.history?.some((h) => h.event === 'first_comment_posted' && h.detail === 'found'),
      JSON.stringify(ledger.history),
    );
    assert.equal(settled.warning_message, null);
    assert.equal(sim.countPosts('facebook', { where: (p) => p.data.message === content }), 1, 'one post');
    const post = await ctx.store.db
      .selectFrom('posts')
      .select('status')
      .where('id', '=', postId)
      .executeTakeFirstOrThrow();
    assert.equal(post.status, 'published');
    const events = await ctx.store.db
      .selectFrom('outbox')
      .select('type')
      .where('post_id', '=', postId)
      .execute();
    assert.deepEqual(events.map((e) => e.type).sort(), ['post.published', 'post.scheduled']);
  });
});
