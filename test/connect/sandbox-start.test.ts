/**
 * A new user's first minutes: `npm start` with no platform credentials runs the
 * simulator beside the service and says so; GET /v1/connect/twitter, open the
 * URL, and the integration is in the list. A real process on real ports.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { it } from 'node:test';
import pino from 'pino';
import { loadConfig } from '../../src/config.ts';
import { startSandbox } from '../../src/platforms/sandbox.ts';

const ROOT = new URL('../..', import.meta.url).pathname;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

it('npm start in sandbox mode: connect X through the simulator and see the integration', async () => {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'sps-sandbox-'));
  const child = spawn(process.execPath, [join(ROOT, 'src/main.ts')], {
    cwd: ROOT,
    env: {
      PATH: process.env.PATH ?? '',
      LOG_LEVEL: 'info',
      PORT: String(port),
      DATA_DIR: dataDir,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => {
    out += d;
  });
  child.stderr.on('data', (d) => {
    out += d;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  try {
    // Waits for the start (or the process's end), not for a time a busy machine misses;
    // the test's own timeout is the backstop.
    let ended = false;
    void exited.then(() => {
      ended = true;
    });
    while (!out.includes('service started') && !ended) await new Promise((r) => setTimeout(r, 50));
    assert.ok(out.includes('service started'), out);
    assert.match(
      out,
      /sandbox mode: twitter, instagram, youtube, tiktok, pinterest, linkedin, bluesky, facebook, threads, googlebusiness, telegram, discord, reddit, mastodon use the simulator at http:\/\/127\.0\.0\.1:\d+/,
    );
    const key = /Access key for project default: (\S+)/.exec(out)?.[1] ?? '';
    assert.ok(key);
    const base = `http://127.0.0.1:${port}`;
    const headers = { 'x-access-key': key };
    const start = (await (await fetch(`${base}/v1/connect/twitter`, { headers })).json()) as { url: string };
    const authorize = await fetch(start.url, { redirect: 'manual' });
    const callback = authorize.headers.get('location') ?? '';
    assert.match(callback, new RegExp(`^http://localhost:${port}/v1/connect/twitter/callback\\?`));
    const landed = await fetch(callback.replace('localhost', '127.0.0.1'));
    assert.equal(landed.status, 200);
    const list = (await (await fetch(`${base}/v1/connect/integrations`, { headers })).json()) as {
      total: number;
      integrations: { platform: string }[];
    };
    assert.equal(list.total, 1);
    assert.equal(list.integrations[0]?.platform, 'twitter');
  } finally {
    child.kill('SIGTERM');
    assert.equal(await exited, 0, out);
    rmSync(dataDir, { recursive: true, force: true });
  }
});

it('two services in sandbox mode on one machine each start a simulator of their own, on a free port', async () => {
  const log = pino({ level: 'silent' });
  const config = loadConfig({ env: { DATA_DIR: mkdtempSync(join(tmpdir(), 'sps-sandbox-')) } });
  const [a, b] = await Promise.all([startSandbox(config, log), startSandbox(config, log)]);
  try {
    assert.ok(a.sandbox && b.sandbox);
    assert.notEqual(a.sandbox.url, b.sandbox.url);
    for (const started of [a, b]) {
      assert.equal(started.config.SIMULATOR_URL, started.sandbox?.url);
      assert.ok(Object.isFrozen(started.config));
    }
    assert.equal(config.SIMULATOR_URL, undefined, 'the settings read at start are not changed');
  } finally {
    await a.sandbox?.close();
    await b.sandbox?.close();
  }
});
