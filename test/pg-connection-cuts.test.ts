/**
 * PostgreSQL connections cut in the middle of a publishing run (pg_terminate_backend
 * on every connection of the service, several times, as a failover or an operator
 * would): every target still ends in exactly one final state, each post exists once
 * on the simulated platform (none lost, none twice), and the workers carry on within
 * seconds of the last cut without a restart.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import type { Platform } from '../src/platforms/names.ts';
import { type Simulator, startSimulator } from '../src/simulator/index.ts';
import { PG_SKIP, PG_URL, startTestService, type TestService } from './harness.ts';
import { connectSimulated } from './publishing-e2e.ts';

const POSTS = 24;
const CUTS = 5;
const CUT_EVERY_MS = 400;
const FINAL = ['published', 'partial', 'failed'];

describe('PostgreSQL connections cut during a publishing run', { skip: PG_SKIP }, () => {
  let t: TestService;
  let sim: Simulator;
  let admin: pg.Client;
  // The service's connections carry this name, so the cuts reach them and nobody else's.
  const app = `cuts_${randomBytes(4).toString('hex')}`;
  const accounts: Partial<Record<Platform, string>> = {};

  before(async () => {
    sim = await startSimulator();
    t = await startTestService('postgres', {
      settings: {
        DATABASE_URL: `${PG_URL}?application_name=${app}`,
        SIMULATOR_URL: sim.url,
        JOBS_POLL_MS: '20',
        PUBLISH_WAIT_MS: '0',
        PUBLISH_RETRY_BASE_MS: '50',
        MONTHLY_CREDITS: '100000',
      },
    });
    for (const [platform, id] of [
      ['twitter', '1700000000000000777'],
      ['linkedin', 'SimMemberCuts'],
    ] as const) {
      sim.addAccount(platform, { id, username: `cuts${platform}`, name: `Cuts ${platform}` });
      accounts[platform] = await connectSimulated(t, sim, platform, id);
    }
    admin = new pg.Client({ connectionString: PG_URL });
    await admin.connect();
  });
  after(async () => {
    await admin.end();
    await t.close();
    await sim.close();
  });

  const cut = async (): Promise<number> =>
    (
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1 and pid <> pg_backend_pid()',
        [app],
      )
    ).rowCount ?? 0;

  const schema = () => t.ctx.store.describe.split(' schema ')[1];
  const targetStates = async () => {
    const res = await admin.query<{ status: string; n: string }>(
      `select t.status, count(*) as n from ${schema()}.post_targets t group by t.status`,
    );
    return Object.fromEntries(res.rows.map((r) => [r.status, Number(r.n)]));
  };

  it('loses no target and publishes none twice; the workers resume within seconds', async () => {
    // Far enough ahead that every post is accepted before it is due, even on a loaded machine.
    const due = new Date(Date.now() + 5_000);
    const contents: string[] = [];
    for (let i = 0; i < POSTS; i++) {
      const content = `cut run ${app.slice(5)} post ${i}`;
      const res = await t.request('POST', '/v1/posts', {
        content,
        platforms: [
          { platform: 'twitter', accountId: accounts.twitter },
          { platform: 'linkedin', accountId: accounts.linkedin },
        ],
        scheduledFor: due.toISOString(),
      });
      assert.equal(res.status, 202, res.text);
      contents.push(content);
    }
    // Each platform call takes a while, so the run is still going when the cuts come.
    sim.faults.add({ method: 'POST', delayMs: 150 });
    while (Date.now() < due.getTime()) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, CUT_EVERY_MS));
    const atFirstCut = await targetStates();

    const killed: number[] = [];
    for (let i = 0; i < CUTS; i++) {
      if (i > 0) await new Promise((r) => setTimeout(r, CUT_EVERY_MS));
      killed.push(await cut());
    }
    const lastCut = Date.now();
    assert.ok(killed.filter((n) => n > 0).length >= 3, `the cuts reached too few connections: ${killed}`);

    // Every target final, read by the test's own connection (the service's may be reconnecting).
    const deadline = Date.now() + 60_000;
    let states = await targetStates();
    while (Object.entries(states).some(([s, n]) => !FINAL.includes(s) && n > 0)) {
      assert.ok(
        Date.now() < deadline,
        `targets still not final a minute after the cuts: ${JSON.stringify(states)}`,
      );
      await new Promise((r) => setTimeout(r, 50));
      states = await targetStates();
    }
    const resumedMs = Date.now() - lastCut;
    assert.ok(
      (atFirstCut.published ?? 0) < POSTS * 2,
      `the run was over before the first cut: ${JSON.stringify(atFirstCut)}`,
    );
    const failed = await admin.query(
      `select platform, error_message, ledger from ${schema()}.post_targets where status <> 'published'`,
    );
    assert.deepEqual(states, { published: POSTS * 2 }, JSON.stringify(failed.rows));
    for (const platform of ['twitter', 'linkedin'] as Platform[])
      for (const content of contents)
        assert.equal(
          sim.state.listPosts(platform).filter((p) => JSON.stringify(p).includes(JSON.stringify(content)))
            .length,
          1,
          `${platform}: "${content}" is not on the platform exactly once`,
        );
    const answer = await t.request('GET', '/v1/posts?limit=100');
    assert.equal(answer.status, 200, answer.text);
    process.stderr.write(
      `# ${CUTS} cuts killed ${killed.join('+')} connections; ${atFirstCut.published ?? 0} of ${POSTS * 2} targets were published at the first cut; all final ${resumedMs} ms after the last cut\n`,
    );
    assert.ok(resumedMs < 30_000, `the workers took ${resumedMs} ms to finish after the last cut`);
  });
});
