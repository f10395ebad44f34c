/**
 * The service and the CLI as an operator runs them: real processes, real ports.
 */
import assert from 'node:assert/strict';
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { promisify } from 'node:util';
import { createPgSchema, PG_SKIP, PG_URL } from './harness.ts';

const ROOT = new URL('..', import.meta.url).pathname;
const run = promisify(execFile);

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/**
 * Whatever a test started, stopped when the file ends, however its tests ended: a
 * failed assertion must not leave a service running (the run would then wait,
 * silent, for its limit).
 */
const started: Started[] = [];
const dataDirs: string[] = [];
after(async () => {
  for (const s of started)
    if (s.child.exitCode === null && s.child.signalCode === null) {
      s.child.kill('SIGKILL');
      await s.exited;
    }
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

function newDataDir(prefix = 'sps-run-'): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dataDirs.push(dir);
  return dir;
}

function start(env: Record<string, string>, args: string[] = []): Started {
  const child = spawn(process.execPath, [join(ROOT, 'src/main.ts'), ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stderr?.on('data', (d) => {
    out += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  const one = { child, output: () => out, exited };
  started.push(one);
  return one;
}

async function waitFor(check: () => boolean | Promise<boolean>, what: string, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

const cli = async (dataDir: string, ...args: string[]) =>
  (
    await run(process.execPath, [join(ROOT, 'src/cli/main.ts'), ...args], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir },
    })
  ).stdout;

describe('running the service', () => {
  it('starts on an empty database, prints the default key once, answers, and stops cleanly on SIGTERM', async () => {
    const dataDir = newDataDir();
    const port = await freePort();
    const first = start({ DATA_DIR: dataDir, PORT: String(port) });
    await waitFor(() => first.output().includes('service started'), 'start');
    const keyLines = first
      .output()
      .split('\n')
      .filter((l) => l.startsWith('Access key for project default: '));
    assert.equal(keyLines.length, 1);
    const key = keyLines[0]!.slice('Access key for project default: '.length);
    assert.match(key, /^sps_[A-Za-z0-9_-]{43}$/);

    const base = `http://127.0.0.1:${port}`;
    assert.deepEqual(await (await fetch(`${base}/v1/health`)).json(), { ok: true });
    const denied = await fetch(`${base}/v1/health/auth`);
    assert.equal(denied.status, 401);
    assert.deepEqual(await denied.json(), { success: false, message: 'Missing x-access-key header' });
    assert.equal((await fetch(`${base}/v1/profiles`, { headers: { 'x-access-key': key } })).status, 200);

    // The key is printed once and never logged.
    assert.equal(first.output().split(key).length - 1, 1, 'the key appears only in its one line');

    first.child.kill('SIGTERM');
    assert.equal(await first.exited, 0);
    assert.match(first.output(), /"msg":"stopped"/);

    const second = start({ DATA_DIR: dataDir, PORT: String(port) });
    await waitFor(() => second.output().includes('service started'), 'second start');
    assert.doesNotMatch(second.output(), /Access key for project default/);
    second.child.kill('SIGTERM');
    assert.equal(await second.exited, 0);
  });

  it('runs as a worker without an HTTP server', async () => {
    const dataDir = newDataDir();
    const port = await freePort();
    const worker = start({ DATA_DIR: dataDir, PORT: String(port) }, ['--role', 'worker']);
    await waitFor(() => worker.output().includes('service started'), 'worker start');
    assert.match(worker.output(), /"role":"worker"/);
    await assert.rejects(fetch(`http://127.0.0.1:${port}/v1/health`));
    worker.child.kill('SIGTERM');
    assert.equal(await worker.exited, 0);
  });

  it('refuses to start with an unknown option or a malformed setting, naming it', async () => {
    const bad = start({ DATA_DIR: newDataDir() }, ['--colour', 'blue']);
    assert.equal(await bad.exited, 2);
    assert.match(bad.output(), /Unknown command-line option "--colour"/);
    const malformed = start({ DATA_DIR: newDataDir(), PORT: 'eighty' });
    assert.equal(await malformed.exited, 2);
    assert.match(malformed.output(), /Setting PORT must be a whole number/);
  });
});

describe('running on PostgreSQL', { skip: PG_SKIP }, () => {
  it('migrates, bootstraps and serves with DATABASE_URL', async () => {
    const { schema, drop } = await createPgSchema();
    try {
      // TEST_DATABASE_URL may name any database (and carry parameters of its own).
      const target = new URL(PG_URL);
      target.searchParams.set('options', `-c search_path=${schema}`);
      const url = target.toString();
      const port = await freePort();
      const dataDir = newDataDir();
      const svc = start({ DATA_DIR: dataDir, PORT: String(port), DATABASE_URL: url });
      await waitFor(() => svc.output().includes('service started'), 'start on PostgreSQL');
      const store = `"store":"postgres ${target.hostname}:${target.port || 5432}${target.pathname}"`;
      assert.ok(svc.output().includes(store), `the start log names ${store}: ${svc.output()}`);
      const key = /Access key for project default: (\S+)/.exec(svc.output())?.[1] ?? '';
      const res = await fetch(`http://127.0.0.1:${port}/v1/profiles`, {
        method: 'POST',
        headers: { 'x-access-key': key, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'on pg' }),
      });
      assert.equal(res.status, 201);
      svc.child.kill('SIGTERM');
      assert.equal(await svc.exited, 0);
      const migrated = await run(process.execPath, [join(ROOT, 'src/cli/main.ts'), 'migrate'], {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? '', DATA_DIR: dataDir, DATABASE_URL: url },
      });
      assert.match(migrated.stdout, /Schema is up to date/);
    } finally {
      await drop();
    }
  });
});

describe('admin CLI', () => {
  it('creates projects and manages their keys', async () => {
    const dataDir = newDataDir('sps-cli-');
    const created = JSON.parse(await cli(dataDir, 'project', 'create', '--name', 'acme', '--json'));
    assert.deepEqual(Object.keys(created).sort(), ['accessKey', 'projectId']);
    assert.match(created.accessKey, /^sps_/);

    const second = JSON.parse(
      await cli(dataDir, 'key', 'create', '--project', created.projectId, '--name', 'ci', '--json'),
    );
    assert.notEqual(second.accessKey, created.accessKey);
    const keys = JSON.parse(await cli(dataDir, 'key', 'list', '--project', created.projectId, '--json'));
    assert.equal(keys.length, 2);
    assert.ok(
      keys.every((k: Record<string, unknown>) => !('accessKey' in k) && !('keyHash' in k)),
      'keys are never listed in full',
    );
    assert.ok(
      keys.every(
        (k: { prefix: string }) =>
          created.accessKey.startsWith(k.prefix) || second.accessKey.startsWith(k.prefix),
      ),
    );

    await cli(dataDir, 'key', 'revoke', second.keyId);
    const after = JSON.parse(await cli(dataDir, 'key', 'list', '--project', created.projectId, '--json'));
    assert.ok(after.find((k: { id: string }) => k.id === second.keyId).revokedAt);
    await assert.rejects(cli(dataDir, 'key', 'revoke', second.keyId), /Active access key not found/);
    await assert.rejects(cli(dataDir, 'key', 'create', '--project', 'proj_nope'), /Project not found/);
  });
});
