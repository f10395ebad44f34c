/**
 * Edits of published posts under kill -9: worker processes (`node src/main.ts
 * --role worker`) publish posts to Facebook and LinkedIn; their texts are then
 * edited while the platforms answer slowly, and the worker is SIGKILLed once
 * edit calls are recorded in flight (and again at random). A new worker takes the
 * edits over when the leases lapse and, the edits being idempotent, sends a call
 * left in flight again. At the end every edit is `edited`, each live post shows the
 * new text, each target records it, and each edit was charged exactly once and
 * never refunded. PostgreSQL: two workers sharing one schema; SQLite: one worker.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import type { AppContext } from '../src/context.ts';
import { createPost } from '../src/domain/posts/create.ts';
import { createProject } from '../src/domain/projects/projects.ts';
import { editPublishedPost } from '../src/domain/published-edits/request.ts';
import { parseEdit } from '../src/domain/published-edits/state.ts';
import type { Platform } from '../src/platforms/names.ts';
import { type Simulator, startSimulator } from '../src/simulator/index.ts';
import { insertIntegration } from './fake-adapter.ts';
import { forEachDatabase } from './harness.ts';
import { openSharedStores, type SharedStores, until } from './shared-store.ts';
import { WorkerProcesses, workerEnv } from './worker-processes.ts';

const POSTS = Number(process.env.EDIT_CRASH_POSTS ?? '12');
const ACCOUNTS: { platform: Platform; user: string; page?: string }[] = [
  { platform: 'facebook', user: '10000000000000001', page: '200000000000001' },
  { platform: 'linkedin', user: 'SimMember001' },
];

forEachDatabase('edits of published posts with workers killed mid-call', (dialect) => {
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

  it(`every edit lands once in effect and is charged once (${workerCount} worker process(es))`, async () => {
    const { projectId } = await createProject(ctx, 'edit-crash');
    const targets: { platform: Platform; accountId: string }[] = [];
    for (const a of ACCOUNTS) {
      const token = sim.state.issueToken({
        platform: a.platform,
        kind: a.page ? 'page' : 'access',
        clientId: `sim-${a.platform}-client`,
        accountId: a.user,
        ...(a.page ? { subjectId: a.page } : {}),
        scopes: [],
        expiresAt: null,
        grantId: `edit-crash-${a.platform}-${dialect}`,
      }).value;
      const accountId = await insertIntegration(ctx, projectId, a.platform, {
        token,
        platformUserId: a.page ?? a.user,
      });
      targets.push({ platform: a.platform, accountId });
    }

    const workers = new WorkerProcesses(workerEnv(shared, ctx, sim.url, { JOBS_CONCURRENCY: '8' }));
    processes = workers;
    for (let w = 0; w < workerCount; w++) workers.spawn();

    const postIds: string[] = [];
    for (let i = 0; i < POSTS; i++) {
      const answer = await createPost(ctx, projectId, {
        content: `Before the edit ${dialect} ${i} ${Math.random().toString(36).slice(2, 8)}`,
        platforms: targets,
        publishNow: true,
      });
      postIds.push(answer.postId);
    }
    const rows = () =>
      ctx.store.db.selectFrom('post_targets').selectAll().where('project_id', '=', projectId).execute();
    await until(async () => (await rows()).every((t) => t.status === 'published'), 60_000);

    // Edit calls now take a while, so the kill lands while they are in flight.
    sim.faults.add({ platform: 'facebook', method: 'POST', path: /\/\d+_\d+$/, delayMs: 1500 });
    sim.faults.add({ platform: 'linkedin', method: 'POST', path: /\/rest\/posts\/.+/, delayMs: 1500 });
    const edited = new Map<string, string>();
    for (const [i, postId] of postIds.entries()) {
      const content = `After the edit ${dialect} ${i} ${Math.random().toString(36).slice(2, 8)}`;
      const answer = await editPublishedPost(ctx, projectId, postId, { content });
      assert.deepEqual(
        answer.platforms.map((p) => p.status),
        ['editing', 'editing'],
      );
      edited.set(postId, content);
    }
    const inFlight = async () => (await rows()).filter((t) => parseEdit(t.edit)?.callInFlight).length;
    await until(async () => (await inFlight()) > 0, 30_000);
    let kills = 0;
    for (const victim of [...workers.ready]) {
      await workers.kill(victim);
      kills++;
      workers.spawn();
    }
    const open = async () => (await rows()).filter((t) => parseEdit(t.edit)?.status === 'editing').length;
    let lastProgress = Date.now();
    let lastOpen = Number.POSITIVE_INFINITY;
    // A worker finishing its start is progress too (tens of seconds on a loaded machine).
    let starts = workers.started;
    while (Date.now() - lastProgress < 45_000) {
      const now = await open();
      if (now === 0) break;
      if (now < lastOpen || workers.started !== starts) {
        lastOpen = Math.min(lastOpen, now);
        starts = workers.started;
        lastProgress = Date.now();
      }
      await new Promise((r) => setTimeout(r, 300 + Math.random() * 900));
      if (kills >= 4) continue;
      const victim = workers.randomReady();
      if (!victim) continue;
      await workers.kill(victim);
      kills++;
      workers.spawn();
    }
    workers.signalAll('SIGTERM');
    await until(() => workers.children.size === 0);
    assert.equal(await open(), 0, 'every edit finished');

    const problems: string[] = [];
    let resent = 0;
    for (const t of await rows()) {
      const edit = parseEdit(t.edit);
      const want = edited.get(t.post_id) as string;
      if (edit?.status !== 'edited') problems.push(`${t.id}: edit ${edit?.status} ${edit?.errorMessage}`);
      if (t.content !== null) problems.push(`${t.id}: content ${t.content}, expected the post's`);
      if ((edit?.calls ?? 0) > 1) resent++;
      const live = sim.state.getPost(t.platform as Platform, t.platform_post_id ?? '');
      const text = t.platform === 'facebook' ? live?.data.message : live?.data.commentary;
      if (text !== want) problems.push(`${t.id} (${t.platform}): the platform shows ${String(text)}`);
    }
    const posts = await ctx.store.db
      .selectFrom('posts')
      .select(['id', 'content'])
      .where('project_id', '=', projectId)
      .execute();
    for (const p of posts) if (p.content !== edited.get(p.id)) problems.push(`${p.id}: content ${p.content}`);
    const ledger = await ctx.store.db
      .selectFrom('credit_ledger')
      .select(['target_id', 'amount', 'reason'])
      .where('project_id', '=', projectId)
      .where('reason', 'like', 'published_edit%')
      .execute();
    const charges = ledger.filter((l) => l.reason === 'published_edit');
    if (
      charges.length !== POSTS * ACCOUNTS.length ||
      new Set(charges.map((c) => c.target_id)).size !== charges.length
    )
      problems.push(`edit charges: ${charges.length} for ${POSTS * ACCOUNTS.length} targets`);
    if (ledger.some((l) => l.reason !== 'published_edit')) problems.push('an edit was refunded');
    assert.deepEqual(problems, []);
    assert.ok(kills >= 1 && resent >= 1, `killed ${kills} times; ${resent} edit(s) sent again`);
    process.stderr.write(
      `# edit crash ${dialect} ×${workerCount}: ${POSTS * 2} edits, ${kills} kills, ${resent} sent again\n`,
    );
  });
});
