/**
 * Image fitting under kill -9. Image derivatives are made inside the publish attempt
 * (target-media.ts), so a worker killed there leaves no conversion record behind, only
 * perhaps a derivative already written. Worker processes publishing a batch of posts,
 * each with a PNG 9,000 px wide that X refuses (8,192 px per side at most), are SIGKILLed at random and
 * restarted. At the end every target is published with its warning, X has exactly one
 * post per target, and each source image has exactly one derivative: the posts that
 * share a source, and the runs that died after writing one, all reuse the same
 * content-addressed name. PostgreSQL: two worker processes; SQLite: one.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import sharp from 'sharp';
import type { AppContext } from '../src/context.ts';
import { createPost } from '../src/domain/posts/create.ts';
import { createProject } from '../src/domain/projects/projects.ts';
import { type FixtureServer, startFixtureServer } from '../src/media/testing.ts';
import { type Simulator, startSimulator } from '../src/simulator/index.ts';
import { insertIntegration } from './fake-adapter.ts';
import { forEachDatabase } from './harness.ts';
import { openSharedStores, type SharedStores, untilSettled } from './shared-store.ts';
import { WorkerProcesses, workerEnv } from './worker-processes.ts';

const X_USER = '1500000000000000001';
const POSTS = 12;
/** Distinct source images, shared round-robin by the posts. */
const SOURCES = 3;
const MAX_KILLS = 5;

/** A wide PNG, its bytes made distinct by its colour. */
const tallPng = (i: number) =>
  sharp({ create: { width: 9000, height: 1500, channels: 3, background: { r: 40 * i, g: 90, b: 200 } } })
    .png()
    .toBuffer();

forEachDatabase('image fitting with its workers killed at random', (dialect) => {
  const workerCount = dialect === 'postgres' ? 2 : 1;
  let shared: SharedStores;
  let ctx: AppContext;
  let sim: Simulator;
  let fixtures: FixtureServer;
  let workers: WorkerProcesses | undefined;

  before(async () => {
    sim = await startSimulator();
    fixtures = await startFixtureServer();
    shared = await openSharedStores(dialect, 1, { MONTHLY_CREDITS: '1000', OUTBOUND_ALLOWLIST: '127.0.0.1' });
    ctx = shared.contexts[0] as AppContext;
  });
  after(async () => {
    await workers?.close();
    await fixtures.close();
    await sim.close();
    await shared.close();
  });

  it('publishes every target once, from one derivative per source image', async () => {
    const { projectId } = await createProject(ctx, `image-crash-${dialect}`);
    const token = sim.state.issueToken({
      platform: 'twitter',
      kind: 'access',
      clientId: 'sim-twitter-client',
      accountId: X_USER,
      scopes: [],
      expiresAt: null,
      grantId: `image-crash-${dialect}`,
    }).value;
    const accountId = await insertIntegration(ctx, projectId, 'twitter', { token, platformUserId: X_USER });
    const urls: string[] = [];
    for (let i = 0; i < SOURCES; i++)
      urls.push(fixtures.set(`/image-crash-${dialect}-${i}.png`, await tallPng(i), 'image/png'));
    const due = new Date(Date.now() + 1500).toISOString();
    const contents = new Map<string, string>();
    for (let i = 0; i < POSTS; i++) {
      const content = `Fitted after a crash ${dialect} ${i} ${Date.now()}`;
      const { postId } = await createPost(ctx, projectId, {
        content,
        mediaItems: [{ type: 'image', url: urls[i % SOURCES] as string }],
        platforms: [{ platform: 'twitter', accountId }],
        scheduledFor: due,
      });
      contents.set(postId, content);
    }
    // Slow the platform a little so that kills land mid-attempt, before and after the create.
    sim.faults.add({ platform: 'twitter', method: 'POST', delayMs: 80 });

    const running = new WorkerProcesses(workerEnv(shared, ctx, sim.url, { JOBS_CONCURRENCY: '4' }));
    workers = running;
    for (let w = 0; w < workerCount; w++) running.spawn();
    const open = async () =>
      Number(
        (
          await ctx.store.db
            .selectFrom('post_targets')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .where('project_id', '=', projectId)
            .where('status', 'not in', ['published', 'failed'])
            .executeTakeFirstOrThrow()
        ).n,
      );
    // Kills at random moments while targets are open; a worker finishing its start counts as
    // progress (on SQLite nothing moves between a kill and the next worker's start).
    let kills = 0;
    let settled = false;
    const killing = (async () => {
      while (!settled && kills < MAX_KILLS) {
        await new Promise((r) => setTimeout(r, 300 + Math.random() * 1200));
        const victim = running.randomReady();
        if (settled || !victim || (await open()) === 0) continue;
        await running.kill(victim);
        kills++;
        running.spawn();
      }
    })();
    try {
      await untilSettled(
        async () => [await open(), running.ready.size, kills],
        ([left]) => left === 0,
        'every target reaching a final state',
      );
    } finally {
      settled = true;
      await killing;
    }
    running.signalAll('SIGTERM');
    await untilSettled(
      () => running.children.size,
      (n) => n === 0,
      'the workers stopping on SIGTERM',
    );

    const targets = await ctx.store.db
      .selectFrom('post_targets')
      .selectAll()
      .where('project_id', '=', projectId)
      .execute();
    assert.equal(targets.length, POSTS);
    const problems: string[] = [];
    for (const t of targets) {
      const content = contents.get(t.post_id) as string;
      const found = sim.state.listPosts('twitter').filter((p) => p.data.text === content);
      if (t.status !== 'published') problems.push(`${t.id} ${t.status}: ${t.error_message}`);
      else if (found.length !== 1) problems.push(`${t.id} published, ${found.length} posts on X`);
      else if (t.platform_post_id !== found[0]?.id) problems.push(`${t.id} records ${t.platform_post_id}`);
      if (!/image resized for X/.test(t.warning_message ?? ''))
        problems.push(`${t.id} warning: ${t.warning_message}`);
    }
    assert.deepEqual(problems, []);
    const derivatives = await ctx.store.db
      .selectFrom('media_uploads')
      .select(['id'])
      .where('source', '=', 'derivative')
      .where('project_id', '=', projectId)
      .execute();
    assert.equal(derivatives.length, SOURCES, 'one derivative per source image');
    process.stderr.write(`# image fitting ${dialect} ×${workerCount}: ${POSTS} targets, ${kills} kills\n`);
  });
});
