/**
 * A video conversion under kill -9: a worker process (`node src/main.ts --role
 * worker`) starts converting a VP9 WebM for X (which takes H.264/AAC MP4 only) and
 * is SIGKILLed while ffmpeg runs. Another worker claims the conversion job once its
 * lease has expired, converts again into the same content-addressed derivative, and
 * the target publishes: exactly one post on X, one derivative record, the
 * conversion `done`, the target `published` with its warning. SQLite and PostgreSQL.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, it } from 'node:test';
import type { AppContext } from '../src/context.ts';
import { createPost } from '../src/domain/posts/create.ts';
import { createProject } from '../src/domain/projects/projects.ts';
import { type FixtureServer, realWebm, startFixtureServer } from '../src/media/testing.ts';
import { type Simulator, startSimulator } from '../src/simulator/index.ts';
import { insertIntegration } from './fake-adapter.ts';
import { forEachDatabase } from './harness.ts';
import { openSharedStores, type SharedStores, until } from './shared-store.ts';
import { WorkerProcesses, workerEnv } from './worker-processes.ts';

const X_USER = '1500000000000000001';

let dir: string;
let webm: Buffer;
before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sps-convert-crash-'));
  // Long enough that the kill lands while ffmpeg works.
  assert.ok(await realWebm(join(dir, 'wide.webm'), 1920, 1080, 12), 'ffmpeg made the WebM');
  webm = readFileSync(join(dir, 'wide.webm'));
});
after(() => rm(dir, { recursive: true, force: true }));

/** The ids of a process's children (the ffmpeg a killed worker leaves behind). */
function childrenOf(pid: number): number[] {
  try {
    return execFileSync('pgrep', ['-P', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean)
      .map(Number);
  } catch {
    return [];
  }
}

forEachDatabase('a video conversion with its worker killed mid-way', (dialect) => {
  let shared: SharedStores;
  let ctx: AppContext;
  let sim: Simulator;
  let fixtures: FixtureServer;
  let workers: WorkerProcesses | undefined;
  const orphans: number[] = [];

  before(async () => {
    sim = await startSimulator();
    fixtures = await startFixtureServer();
    shared = await openSharedStores(dialect, 1, { MONTHLY_CREDITS: '100', OUTBOUND_ALLOWLIST: '127.0.0.1' });
    ctx = shared.contexts[0] as AppContext;
  });
  after(async () => {
    await workers?.close();
    for (const pid of orphans) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
    await fixtures.close();
    await sim.close();
    await shared.close();
  });

  it('publishes once from one derivative: the next worker converts again and reuses the name', async () => {
    const { projectId } = await createProject(ctx, `convert-crash-${dialect}`);
    const token = sim.state.issueToken({
      platform: 'twitter',
      kind: 'access',
      clientId: 'sim-twitter-client',
      accountId: X_USER,
      scopes: [],
      expiresAt: null,
      grantId: `convert-crash-${dialect}`,
    }).value;
    const accountId = await insertIntegration(ctx, projectId, 'twitter', { token, platformUserId: X_USER });
    const url = fixtures.set(`/crash-${dialect}.webm`, webm, 'video/webm');
    const content = `Converted after a crash ${dialect} ${Date.now()}`;
    const { postId } = await createPost(ctx, projectId, {
      content,
      mediaItems: [{ type: 'video', url }],
      platforms: [{ platform: 'twitter', accountId }],
      scheduledFor: new Date(Date.now() + 1000).toISOString(),
    });
    const conversion = () =>
      ctx.store.db
        .selectFrom('media_conversions')
        .selectAll()
        .where('post_id', '=', postId)
        .executeTakeFirst();
    const target = () =>
      ctx.store.db
        .selectFrom('post_targets')
        .selectAll()
        .where('post_id', '=', postId)
        .executeTakeFirstOrThrow();

    workers = new WorkerProcesses(workerEnv(shared, ctx, sim.url));
    const first = workers.spawn();
    // The conversion is recorded and its job claimed, and ffmpeg runs under the worker: kill it there.
    await until(async () => {
      const c = await conversion();
      if (c?.status !== 'converting') return false;
      const job = await ctx.store.db
        .selectFrom('jobs')
        .select('lease_owner')
        .where('id', '=', `cnv_${c.id}`)
        .executeTakeFirst();
      return Boolean(job?.lease_owner) && childrenOf(first.pid ?? 0).length > 0;
    }, 60_000);
    orphans.push(...childrenOf(first.pid ?? 0));
    await workers.kill(first);
    // The killed worker's ffmpeg would go on alone: stopped too, as the machine's death would.
    for (const pid of orphans) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
    assert.equal((await conversion())?.status, 'converting', 'killed before the conversion finished');
    assert.notEqual((await target()).status, 'published');

    const second = workers.spawn();
    await until(async () => (await target()).status === 'published', 180_000);
    second.kill('SIGTERM');
    await until(() => workers?.children.size === 0, 15_000);

    const done = await conversion();
    assert.equal(done?.status, 'done', JSON.stringify(done));
    assert.equal(sim.countPosts('twitter', { where: (p) => p.data.text === content }), 1, 'one post on X');
    const derivatives = await ctx.store.db
      .selectFrom('media_uploads')
      .select(['id', 'mime_type'])
      .where('source', '=', 'derivative')
      .where('project_id', '=', projectId)
      .execute();
    assert.deepEqual(
      derivatives.map((d) => ({ ...d })),
      [{ id: done?.media_id, mime_type: 'video/mp4' }],
    );
    const settled = await target();
    assert.match(settled.warning_message ?? '', /video .*re-encoded .* to H\.264\/AAC MP4 for X/);
  });
});
