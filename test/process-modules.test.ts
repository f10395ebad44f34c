/**
 * What each role loads at start, in a real process (src/start.js, as operators run it):
 * a worker never loads the HTTP layer (Fastify, the routes, the OpenAPI document), and
 * no role loads at start what it uses only later (the API reference page, Bluesky's
 * rich text, X's text rules, the HTTP client for outside calls, image conversion, file
 * sniffing, e-mail, the PostgreSQL client on SQLite, the simulator without a sandbox).
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';

const ROOT = new URL('..', import.meta.url).pathname;
const dirs: string[] = [];
after(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/**
 * Starts the service with `role` until it logs that it started, stops it with SIGTERM,
 * and answers the modules it had loaded by then (paths under node_modules as
 * `node_modules/<package>/…`, the service's own as `src/…`).
 */
async function modulesLoadedAtStart(role: string, env: Record<string, string> = {}): Promise<string[]> {
  const dir = mkdtempSync(join(tmpdir(), 'sps-modules-'));
  dirs.push(dir);
  const list = join(dir, 'modules.txt');
  const child = spawn(
    process.execPath,
    ['--import', join(ROOT, 'test/loaded-modules.ts'), join(ROOT, 'src/start.js'), '--role', role],
    {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        DATA_DIR: join(dir, 'data'),
        PORT: '0',
        LOG_LEVEL: 'info',
        LOADED_MODULES_FILE: list,
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let output = '';
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  try {
    // Waits for the process's own word (or its end), however long a busy machine takes.
    await new Promise<void>((resolve, reject) => {
      const read = (d: Buffer) => {
        output += d;
        if (output.includes('service started')) resolve();
      };
      child.stdout.on('data', read);
      child.stderr.on('data', read);
      child.once('exit', (code) => reject(new Error(`exited ${code} before starting: ${output}`)));
    });
    child.kill('SIGTERM');
    assert.equal(await exited, 0, output);
  } finally {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGKILL');
      await exited;
    }
  }
  return readFileSync(list, 'utf8')
    .split('\n')
    .map((url) =>
      url.replace(/^file:\/\/.*?\/node_modules\//, 'node_modules/').replace(/^file:\/\/.*?\/src\//, 'src/'),
    );
}

const loadedFrom = (modules: string[], prefix: string) => modules.filter((m) => m.startsWith(prefix));

/** Loaded on first use only, by every role. */
const LATER = [
  'node_modules/@scalar/',
  'node_modules/@atproto/',
  'node_modules/twitter-text/',
  'node_modules/undici/',
  'node_modules/sharp/',
  'node_modules/file-type/',
  'node_modules/nodemailer/',
  'node_modules/pg/',
  'node_modules/@modelcontextprotocol/',
  'node_modules/@aws-sdk/',
];

describe('modules loaded at start', () => {
  it('a worker loads no HTTP layer: no Fastify, no routes, no OpenAPI document', async () => {
    const modules = await modulesLoadedAtStart('worker', { SANDBOX: 'off' });
    // The recorder saw the start-up itself (so an empty list can not pass).
    assert.ok(modules.includes('src/workers.ts'), 'the worker entry was loaded');
    for (const prefix of [
      'node_modules/fastify/',
      'node_modules/@fastify/',
      'node_modules/find-my-way/',
      'node_modules/fast-json-stringify/',
      'src/http/server.ts',
      'src/http/openapi',
      'src/routes/',
      'src/simulator/',
      ...LATER,
    ])
      assert.deepEqual(loadedFrom(modules, prefix), [], `a worker loaded ${prefix}`);
  });

  it('an api process loads the HTTP layer but nothing it uses only later', async () => {
    const modules = await modulesLoadedAtStart('api', { SANDBOX: 'off' });
    assert.ok(modules.includes('src/http/server.ts'), 'the HTTP layer was loaded');
    for (const prefix of ['src/simulator/', ...LATER])
      assert.deepEqual(loadedFrom(modules, prefix), [], `an api process loaded ${prefix}`);
  });

  it('in sandbox mode the simulator it starts is loaded, and still nothing used only later', async () => {
    const modules = await modulesLoadedAtStart('api', { SANDBOX: 'auto', SIMULATOR_PORT: '0' });
    assert.ok(modules.includes('src/simulator/core/simulator.ts'), 'the simulator was loaded');
    for (const prefix of LATER)
      assert.deepEqual(loadedFrom(modules, prefix), [], `a sandbox api process loaded ${prefix}`);
  });
});
