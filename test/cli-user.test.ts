/**
 * The command line as its users run it (real processes): connect an account
 * through the simulator (the CLI prints the URL and waits for the callback), list
 * integrations, create a post and follow it to its final state, list posts, all
 * with --json; and the administration commands' help and unknown projects.
 */
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { type Simulator, startSimulator } from '../src/simulator/index.ts';
import { startTestService, type TestService } from './harness.ts';

const ROOT = new URL('..', import.meta.url).pathname;
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

describe('the command line, user side', () => {
  let t: TestService;
  let sim: Simulator;
  let env: Record<string, string>;

  before(async () => {
    sim = await startSimulator();
    const port = await freePort();
    t = await startTestService('sqlite', {
      listen: true,
      settings: {
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        SIMULATOR_URL: sim.url,
        JOBS_POLL_MS: '20',
        PUBLISH_WAIT_MS: '0',
      },
    });
    env = {
      PATH: process.env.PATH ?? '',
      SPS_URL: `http://127.0.0.1:${port}`,
      SPS_ACCESS_KEY: t.accessKey,
    };
  });
  after(async () => {
    await t.close();
    await sim.close();
  });

  const cli = async (...args: string[]) =>
    (await run(process.execPath, [CLI, ...args], { cwd: ROOT, env })).stdout;

  it('connects X: prints the URL, waits for the callback, then names the integration', async () => {
    const child = spawn(process.execPath, [CLI, 'connect', 'twitter', '--json'], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    child.stderr.on('data', (d) => {
      err += d;
    });
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    const end = Date.now() + 20_000;
    while (!/https?:\/\/\S+/.test(err.split('\n')[1] ?? '') && Date.now() < end)
      await new Promise((r) => setTimeout(r, 50));
    const url = err.split('\n')[1] ?? '';
    assert.match(err, /Open this URL in a browser to connect twitter:/);
    // The "browser": the simulator approves at once, the service stores the account and sends it back to the CLI.
    const page = await fetch(url);
    assert.match(await page.text(), /Connected/);
    assert.equal(await exited, 0, err);
    const connected = JSON.parse(out) as { integrations: { platform: string; sandbox: boolean }[] };
    assert.equal(connected.integrations[0]?.platform, 'twitter');
    assert.equal(connected.integrations[0]?.sandbox, true);
  });

  it('lists integrations, creates a post, follows it to published, and lists posts', async () => {
    const list = JSON.parse(await cli('integrations', '--json')) as { integrations: { id: string }[] };
    const id = list.integrations[0]?.id ?? '';
    assert.match(id, /^int_/);
    assert.match(await cli('integrations'), new RegExp(`${id}  twitter .* active  \\(sandbox\\)`));

    const res = await run(
      process.execPath,
      [
        CLI,
        'post',
        'create',
        '--text',
        'From the CLI',
        '--to',
        id,
        '--first-comment',
        'More below',
        '--follow',
      ],
      {
        cwd: ROOT,
        env,
      },
    );
    assert.match(res.stdout, /^Post post_\S+: publishing/m);
    assert.match(res.stdout, /^Post post_\S+: published$/m);
    assert.match(
      res.stdout,
      /twitter \(int_\S+\): published {2}https:\/\/x\.com\/\S+ {2}\(sandbox\) {2}first comment: posted$/m,
    );
    assert.match(res.stderr, /twitter \(int_\S+\): (pending|publishing|published)/, 'progress is shown');

    const posts = JSON.parse(await cli('post', 'list', '--json')) as {
      posts: { content: string; status: string }[];
    };
    assert.equal(posts.posts[0]?.content, 'From the CLI');
    assert.equal(posts.posts[0]?.status, 'published');
  });

  it('loads only what a user command needs: not the service, its settings or its platform modules', async () => {
    const loads = join(mkdtempSync(join(tmpdir(), 'sps-cli-loads-')), 'loads.txt');
    const { stdout } = await run(
      process.execPath,
      ['--import', join(ROOT, 'test/record-loads.ts'), CLI, 'integrations', '--json'],
      { cwd: ROOT, env: { ...env, RECORD_LOADS_TO: loads } },
    );
    assert.equal(JSON.parse(stdout).success, true, stdout);
    const loaded = readFileSync(loads, 'utf8').split('\n').filter(Boolean);
    assert.ok(loaded.includes('src/cli/user-commands.ts'), loaded.join(', '));
    for (const heavy of ['src/app.ts', 'src/config.ts', 'src/platforms/registry.ts', 'src/store/db.ts'])
      assert.ok(!loaded.includes(heavy), `a user command loaded ${heavy}`);
    rmSync(dirname(loads), { recursive: true, force: true });
  });

  it('connect session prints a hosted connect link to send a customer to', async () => {
    const out = JSON.parse(
      await cli(
        'connect',
        'session',
        '--platforms',
        'twitter,bluesky',
        '--redirect-uri',
        'https://client.example/connected',
        '--name',
        'Acme Social',
        '--json',
      ),
    );
    assert.match(out.url, /\/connect\/s\/cs_/);
    assert.ok(Date.parse(out.expiresAt) > Date.now());
    const page = await fetch(out.url);
    assert.equal(page.status, 200);
    assert.match(await page.text(), /Acme Social asks to publish/);
  });

  it("says what is wrong with a request, in the API's words, and exits non-zero", async () => {
    const res = await run(
      process.execPath,
      [CLI, 'post', 'create', '--text', 'x', '--to', 'twitter:int_nope'],
      {
        cwd: ROOT,
        env,
      },
    ).then(
      () => ({ code: 0, stderr: '' }),
      (e: { code: number; stderr: string }) => e,
    );
    assert.equal(res.code, 2);
    assert.match(res.stderr, /^Error: .*int_nope/m);
  });
});

describe('the command line, administration', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'sps-cli-admin-'));
  const admin = (...args: string[]) =>
    run(process.execPath, [CLI, ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir },
    });

  it('describes every subcommand in --help', async () => {
    const help = (await admin('key', '--help')).stdout;
    for (const sub of ['create', 'list', 'revoke'])
      assert.match(help, new RegExp(`^ {2}${sub}\\b.*\\S {2,}\\S`, 'm'), `${sub} has a description`);
  });

  it('key list for a project that does not exist says so and exits non-zero', async () => {
    // A database the service uses (with a project); the CLI starts none for other commands.
    await admin('project', 'create', '--name', 'Admin tests');
    const res = await admin('key', 'list', '--project', 'prj_nope').then(
      () => ({ code: 0, stderr: '' }),
      (e: { code: number; stderr: string }) => e,
    );
    assert.equal(res.code, 2);
    assert.match(res.stderr, /Project prj_nope does not exist/);
  });
});
