/**
 * The series hand-over under kill -9: recurring posts fall due while worker
 * processes (`node src/main.ts --role worker`) are SIGKILLed at random and
 * restarted. At the end every series has exactly its next occurrence, never
 * two and never none, charged once and announced once, whatever the kills hit
 * (publishing, a hand-over in flight, or one committed whose job was not yet
 * deleted and runs again). Kills land at random, so the last case is rare here;
 * series.test.ts runs a committed hand-over again on purpose. PostgreSQL: two
 * workers sharing one schema; SQLite: one worker.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { AppContext } from '../../src/context.ts';
import { createPost } from '../../src/domain/posts/create.ts';
import { createProject } from '../../src/domain/projects/projects.ts';
import { type Simulator, startSimulator } from '../../src/simulator/index.ts';
import { insertIntegration } from '../fake-adapter.ts';
import { forEachDatabase } from '../harness.ts';
import { openSharedStores, type SharedStores, until } from '../shared-store.ts';
import { WorkerProcesses, workerEnv } from '../worker-processes.ts';

const SERIES = Number(process.env.SERIES_CRASH_POSTS ?? '48');

forEachDatabase('series hand-over with workers killed at random', (dialect) => {
  const workerCount = dialect === 'postgres' ? 2 : 1;
  let shared: SharedStores;
  let ctx: AppContext;
  let sim: Simulator;
  let processes: WorkerProcesses | null = null;

  before(async () => {
    sim = await startSimulator();
    shared = await openSharedStores(dialect, 1, { MONTHLY_CREDITS: '1000' });
    ctx = shared.contexts[0] as AppContext;
  });
  after(async () => {
    await processes?.close();
    await sim.close();
    await shared.close();
  });

  it(`each series gets exactly one next occurrence (${workerCount} worker process(es))`, async () => {
    const { projectId } = await createProject(ctx, 'series-crash');
    const accounts: string[] = [];
    for (let i = 0; i < 4; i++) {
      const id = `17200000000000${dialect.length}${i}`;
      sim.addAccount('twitter', { id, username: `crash${i}`, name: `Crash ${i}` });
      const token = sim.state.issueToken({
        platform: 'twitter',
        kind: 'access',
        clientId: 'sim-twitter-client',
        accountId: id,
        scopes: [],
        expiresAt: null,
        grantId: `grant-series-${id}`,
      }).value;
      accounts.push(await insertIntegration(ctx, projectId, 'twitter', { token, platformUserId: id }));
    }
    const due = new Date(Date.now() + 3000 + SERIES * 40).toISOString();
    const series: string[] = [];
    for (let i = 0; i < SERIES; i++) {
      const answer = await createPost(ctx, projectId, {
        content: `Series ${dialect} ${i} ${Math.random().toString(36).slice(2, 8)}`,
        platforms: [{ platform: 'twitter', accountId: accounts[i % 4] as string }],
        scheduledFor: due,
        recurrence: { every: 1, unit: 'day', count: 3 },
        variants: [`Second take ${dialect} ${i}`],
      });
      series.push(answer.seriesId as string);
    }
    // Slow calls and few at a time, so the work outlasts several kills on a fast machine too,
    // and kills land while calls are in flight.
    sim.faults.add({ method: 'POST', delayMs: 300 });

    const workers = new WorkerProcesses(workerEnv(shared, ctx, sim.url, { JOBS_CONCURRENCY: '4' }));
    processes = workers;
    for (let w = 0; w < workerCount; w++) workers.spawn();

    /** Work done, which only grows: first occurrences settled plus next occurrences created. */
    const done = async () => {
      const rows = await ctx.store.db
        .selectFrom('posts')
        .select(['series_index', 'status'])
        .where('project_id', '=', projectId)
        .execute();
      const settled = rows.filter(
        (r) => r.series_index === 0 && ['published', 'partial', 'failed'].includes(r.status),
      );
      return settled.length + rows.filter((r) => r.series_index === 1).length;
    };
    /** Work left: first occurrences not final, or hand-overs not yet done. */
    const left = async () => {
      const handOvers = await ctx.store.db
        .selectFrom('jobs')
        .select('id')
        .where('kind', '=', 'series_next')
        .execute();
      return 2 * SERIES - (await done()) + handOvers.length;
    };
    let kills = 0;
    let lastProgress = Date.now();
    let lastDone = -1;
    /** Work done at the last kill: the next kill waits until the workers got further than that. */
    let doneAtKill = Number.NEGATIVE_INFINITY;
    // Ends when nothing is left, or when nothing moved for a long while (then the assertions say
    // what is missing). A busy machine starts workers slowly: progress, not time, paces the kills.
    while (Date.now() - lastProgress < 120_000) {
      if ((await left()) === 0) break;
      const now = await done();
      if (now > lastDone) {
        lastDone = now;
        lastProgress = Date.now();
      }
      await new Promise((r) => setTimeout(r, 200 + Math.random() * 800));
      if (kills >= 8 || now <= doneAtKill) continue;
      const victim = workers.randomReady();
      if (!victim) continue;
      await workers.kill(victim);
      kills++;
      doneAtKill = now;
      workers.spawn();
    }
    workers.signalAll('SIGTERM');
    await until(() => workers.children.size === 0, 15_000);
    assert.equal(await left(), 0, 'every first occurrence final and every hand-over done');
    assert.ok(kills >= 2, `workers were killed ${kills} times`);

    const posts = await ctx.store.db
      .selectFrom('posts')
      .select(['id', 'series_id', 'series_index', 'status', 'content'])
      .where('project_id', '=', projectId)
      .execute();
    const ledger = await ctx.store.db
      .selectFrom('credit_ledger')
      .select(['post_id', 'amount'])
      .where('project_id', '=', projectId)
      .execute();
    const events = await ctx.store.db
      .selectFrom('outbox')
      .select(['post_id', 'type'])
      .where('project_id', '=', projectId)
      .execute();
    const problems: string[] = [];
    for (const [i, id] of series.entries()) {
      const mine = posts.filter((p) => p.series_id === id);
      const next = mine.filter((p) => p.series_index === 1);
      if (mine.length !== 2 || next.length !== 1) {
        problems.push(`series ${id}: ${mine.length} posts, ${next.length} next occurrences`);
        continue;
      }
      const n = next[0] as (typeof mine)[0];
      if (n.status !== 'scheduled') problems.push(`${n.id}: ${n.status}`);
      if (n.content !== `Second take ${dialect} ${i}`) problems.push(`${n.id}: text ${n.content}`);
      const charges = ledger.filter((l) => l.post_id === n.id);
      if (charges.length !== 1 || charges[0]?.amount !== 1)
        problems.push(`${n.id}: charged ${JSON.stringify(charges)}`);
      const announced = events.filter((e) => e.post_id === n.id).map((e) => e.type);
      if (announced.join() !== 'post.scheduled') problems.push(`${n.id}: events ${announced.join()}`);
    }
    assert.deepEqual(problems, []);
    const row = await ctx.store.db
      .selectFrom('post_series')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('project_id', '=', projectId)
      .where('created_count', '=', 2)
      .executeTakeFirstOrThrow();
    assert.equal(Number(row.n), SERIES);
    process.stderr.write(`# series crash ${dialect} ×${workerCount}: ${SERIES} series, ${kills} kills\n`);
  });
});
