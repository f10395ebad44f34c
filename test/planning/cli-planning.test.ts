/**
 * Planning from the command line, as its users run it (real processes against a
 * listening service): a queue set and shown, a post queued, a draft saved and
 * scheduled, a weekly recurring post with a variant, and its series shown, paused
 * and ended.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { startTestService, type TestService } from '../harness.ts';
import { addIntegration, FUTURE, NEXT_YEAR } from '../posts-fixtures.ts';

const ROOT = new URL('../..', import.meta.url).pathname;
const CLI = join(ROOT, 'src/cli/main.ts');
const run = promisify(execFile);

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

describe('the command line: queue, drafts and series', () => {
  let t: TestService;
  let env: Record<string, string>;
  let account: string;
  const cli = async (...args: string[]) =>
    (await run(process.execPath, [CLI, ...args], { cwd: ROOT, env })).stdout;

  before(async () => {
    const port = await freePort();
    t = await startTestService('sqlite', {
      listen: true,
      settings: {
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        ROLE: 'api',
        PUBLISH_WAIT_MS: '0',
        SIMULATOR_URL: 'http://127.0.0.1:9',
      },
    });
    account = await addIntegration(t.ctx, t.projectId, 'bluesky');
    env = { PATH: process.env.PATH ?? '', SPS_URL: `http://127.0.0.1:${port}`, SPS_ACCESS_KEY: t.accessKey };
  });
  after(() => t.close());

  it('sets and shows the project queue, and queues a post into its first free slot', async () => {
    const set = await cli(
      'queue',
      'set',
      '--timezone',
      'Europe/Paris',
      '--slot',
      'monday 09:00',
      'thursday 18:30',
    );
    assert.match(set, /monday 09:00\n {2}thursday 18:30/);
    assert.match(set, /keep their times/);
    const shown = JSON.parse(await cli('queue', 'show', '--json'));
    assert.equal(shown.queue.timezone, 'Europe/Paris');
    const first = shown.freeSlots[0].scheduledFor;
    const queued = JSON.parse(
      await cli('post', 'create', '--text', 'queued from the shell', '--to', account, '--queue', '--json'),
    );
    assert.equal(queued.status, 'scheduled');
    assert.equal(queued.scheduledFor, first);
  });

  it('saves a draft, lists what to fix, then schedules it', async () => {
    const draft = await cli('post', 'create', '--text', 'x'.repeat(400), '--to', account, '--draft');
    assert.match(draft, /: draft/);
    assert.match(draft, /to fix before scheduling: platforms\[0\] \(bluesky\)/);
    const postId = /Post (\S+):/.exec(draft)?.[1] as string;
    await assert.rejects(cli('post', 'schedule', postId, '--at', FUTURE), /300|long|characters/i);
    const ok = JSON.parse(
      await cli('post', 'create', '--text', 'short and sweet', '--to', account, '--draft', '--json'),
    );
    const scheduled = await cli('post', 'schedule', ok.postId, '--at', FUTURE);
    assert.match(scheduled, new RegExp(`scheduled for ${NEXT_YEAR}-06-01T09:00:00.000Z`));
    // Nothing failed yet: the CLI says why it can not retry.
    await assert.rejects(
      cli('post', 'retry', ok.postId),
      /only the failed targets of a post whose publishing has finished/,
    );
  });

  it('creates a weekly recurring post and shows, pauses and ends its series', async () => {
    const created = JSON.parse(
      await cli(
        'post',
        'create',
        '--text',
        'weekly from the shell',
        '--to',
        account,
        '--at',
        `${NEXT_YEAR}-06-02T09:00:00Z`,
        '--every',
        '1 week',
        '--count',
        '3',
        '--variant',
        'weekly, second take',
        '--json',
      ),
    );
    assert.match(created.seriesId, /^ser_/);
    assert.match(
      await cli('series', 'show', created.seriesId),
      new RegExp(`: active, next ${NEXT_YEAR}-06-02T09:00:00.000Z`),
    );
    assert.match(await cli('series', 'pause', created.seriesId), /: paused/);
    assert.match(
      await cli('series', 'end', created.seriesId),
      /Series ended; 1 scheduled occurrence cancelled/,
    );
    await assert.rejects(
      cli('post', 'create', '--text', 'x', '--to', account, '--every', 'fortnightly'),
      /not a rule/,
    );
  });
});
