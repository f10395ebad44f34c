/**
 * kill -9 with the networks that can not be asked whether a post exists (Telegram and
 * Discord: no idempotency key, no listing of the chat or channel). Worker processes
 * publishing a spike of posts to both are SIGKILLed at random and restarted, while
 * the simulator also loses answers after it made the message. At the end every
 * target is final; a published one has exactly one message with its id; a failed one
 * says to check the account and has at most one message. Never two: a create whose
 * outcome is unknown is not sent again.
 * PostgreSQL: two worker processes sharing one schema; SQLite: one.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { AppContext } from '../../src/context.ts';
import { createPost } from '../../src/domain/posts/create.ts';
import { createProject } from '../../src/domain/projects/projects.ts';
import { SANDBOX_TELEGRAM } from '../../src/facts/sandbox-app.ts';
import { RECURRING_KIND_NAMES } from '../../src/jobs/kinds.ts';
import type { Platform } from '../../src/platforms/names.ts';
import { type Simulator, startSimulator } from '../../src/simulator/index.ts';
import { insertIntegration } from '../fake-adapter.ts';
import { forEachDatabase } from '../harness.ts';
import { openSharedStores, type SharedStores, untilSettled } from '../shared-store.ts';
import { WorkerProcesses, workerEnv } from '../worker-processes.ts';

const POSTS = Number(process.env.CHAOS_POSTS ?? '30');
const PLATFORMS: Platform[] = ['telegram', 'discord'];
const WEBHOOK = '1310000000000000001';
/** Answers the simulator drops after making the message, half on each network. */
const LOST_ANSWERS = 6;
const CONCURRENCY = 6;
/** Failed targets whose create was cut off by the attempt's time limit (a busy machine's doing). */
const timedOut = (targets: { status: string; error_message: string | null }[]) =>
  targets.filter((t) => t.status === 'failed' && /timed out|was cancelled/.test(t.error_message ?? ''))
    .length;

forEachDatabase('kill -9 while publishing to Telegram and Discord', (dialect) => {
  const workerCount = dialect === 'postgres' ? 2 : 1;
  let shared: SharedStores;
  let ctx: AppContext;
  let sim: Simulator;
  let processes: WorkerProcesses | null = null;

  before(async () => {
    sim = await startSimulator();
    shared = await openSharedStores(dialect, 1);
    ctx = shared.contexts[0] as AppContext;
  });
  after(async () => {
    await processes?.close();
    await sim.close();
    await shared.close();
  });

  describe(`${workerCount} worker process(es)`, () => {
    it('every target final; never two messages for one target', async () => {
      const { projectId } = await createProject(ctx, 'blind-chaos');
      const webhookToken = sim.state.issueToken({
        platform: 'discord',
        kind: 'access',
        clientId: 'sim-discord-client',
        accountId: WEBHOOK,
        scopes: ['webhook.incoming'],
        expiresAt: null,
        grantId: `grant-${WEBHOOK}`,
      }).value;
      const accounts: Record<string, string> = {
        telegram: await insertIntegration(ctx, projectId, 'telegram', {
          token: SANDBOX_TELEGRAM.botToken,
          platformUserId: '-1001000000001',
          metadata: { chatUsername: 'sim_channel' },
        }),
        discord: await insertIntegration(ctx, projectId, 'discord', {
          token: webhookToken,
          platformUserId: '1320000000000000001',
          metadata: { webhookId: WEBHOOK, guildId: '1330000000000000001' },
        }),
      };
      const creating = new Date();
      const due = new Date(creating.getTime() + 3000 + POSTS * 60).toISOString();
      const asOfCreating: AppContext = { ...ctx, now: () => new Date(creating) };
      const contents = new Map<string, string>();
      for (let i = 0; i < POSTS; i++) {
        const content = `Blind chaos ${dialect} post ${i} ${Math.random().toString(36).slice(2, 8)}`;
        const answer = await createPost(asOfCreating, projectId, {
          content,
          platforms: PLATFORMS.map((platform) => ({ platform, accountId: accounts[platform] as string })),
          scheduledFor: due,
        });
        contents.set(answer.postId, content);
      }
      // Answers lost after the message was made, and creates slow enough for kills to land mid-call.
      sim.faults.add({
        platform: 'telegram',
        method: 'POST',
        path: /\/sendMessage$/,
        times: LOST_ANSWERS / 2,
        dropAfterCommit: 'reset',
      });
      sim.faults.add({
        platform: 'discord',
        method: 'POST',
        path: /^\/api\/v10\/webhooks\//,
        times: LOST_ANSWERS / 2,
        dropAfterCommit: 'reset',
      });
      sim.faults.add({ method: 'POST', delayMs: 60 });

      const workers = new WorkerProcesses(
        workerEnv(shared, ctx, sim.url, {
          JOBS_CONCURRENCY: String(CONCURRENCY),
          PUBLISH_ATTEMPT_TIMEOUT_MS: '3000',
        }),
      );
      processes = workers;
      for (let w = 0; w < workerCount; w++) workers.spawn();
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
      let kills = 0;
      let left = await open();
      let movedAt = Date.now();
      while (left > 0 && Date.now() - movedAt < 60_000) {
        await new Promise((r) => setTimeout(r, 300 + Math.random() * 1200));
        const now = await open();
        if (now !== left) {
          left = now;
          movedAt = Date.now();
        }
        if (kills >= 6) continue;
        const victim = workers.randomReady();
        if (!victim) continue;
        await workers.kill(victim);
        kills++;
        workers.spawn();
      }
      assert.equal(await open(), 0, 'every target reached a final state');
      await untilSettled(
        async () =>
          (
            await ctx.store.db
              .selectFrom('jobs')
              .select('id')
              .where('kind', 'not in', RECURRING_KIND_NAMES)
              .execute()
          ).length,
        (jobs) => jobs === 0,
        'the workers clearing the jobs killed workers left',
      );
      workers.signalAll('SIGTERM');
      await untilSettled(
        () => workers.children.size,
        (n) => n === 0,
        'the workers stopping on SIGTERM',
      );
      assert.ok(kills >= 1, `workers were killed ${kills} times`);

      const targets = await ctx.store.db
        .selectFrom('post_targets')
        .selectAll()
        .where('project_id', '=', projectId)
        .execute();
      assert.equal(targets.length, POSTS * PLATFORMS.length);
      const problems: string[] = [];
      for (const t of targets) {
        const content = contents.get(t.post_id) as string;
        const found = sim.state
          .listPosts(t.platform as Platform)
          .filter((p) => p.data.text === content || p.data.content === content);
        if (found.length > 1) problems.push(`${t.id} (${t.platform}): ${found.length} messages`);
        if (t.status === 'published') {
          if (found.length !== 1)
            problems.push(`${t.id} (${t.platform}) published, ${found.length} messages`);
          else if (t.platform_post_id !== found[0]?.id)
            problems.push(`${t.id} records ${t.platform_post_id}, the platform has ${found[0]?.id}`);
        } else if (!/check the account/i.test(t.error_message ?? ''))
          problems.push(`${t.id} (${t.platform}) failed without asking to check: ${t.error_message}`);
      }
      assert.deepEqual(problems, []);
      const published = targets.filter((t) => t.status === 'published').length;
      // What may fail a target here: an answer lost after the message was made (6), a kill
      // landing while creates were in flight (at most JOBS_CONCURRENCY per kill), and an
      // attempt past its time limit on a machine too busy to finish it. Every other target
      // publishes; the bound keeps "all failed" from passing and holds at any load.
      const failed = targets.length - published;
      const mayFail = LOST_ANSWERS + kills * CONCURRENCY + timedOut(targets);
      assert.ok(failed <= mayFail, `${failed} of ${targets.length} failed; at most ${mayFail} could`);
      process.stderr.write(
        `# blind networks ${dialect} ×${workerCount}: ${targets.length} targets, ${published} published, ${kills} kills, ${timedOut(targets)} cut off by the time limit\n`,
      );
    });
  });
});
