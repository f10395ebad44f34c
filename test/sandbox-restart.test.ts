/**
 * Sandbox mode across a restart, as a new user meets it: connect X (OAuth through
 * the simulator) and Bluesky (the sandbox login the README gives), publish, stop
 * the service with SIGTERM and start it again on the same data directory. The
 * accounts still publish (the simulator kept its tokens under DATA_DIR/sandbox),
 * and the first post is still on the simulated platforms (deleting it there works).
 */
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, it } from 'node:test';

const ROOT = new URL('..', import.meta.url).pathname;
const dataDir = mkdtempSync(join(tmpdir(), 'sps-sandbox-restart-'));
after(() => rmSync(dataDir, { recursive: true, force: true }));

interface Running {
  child: ChildProcess;
  base: string;
  out: () => string;
  stop(): Promise<void>;
}

/** A free port: the OAuth callback (PUBLIC_URL) names the service's port, so it is fixed up front. */
async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

async function startService(): Promise<Running> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(ROOT, 'src/start.js'), '--port', String(port)], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', DATA_DIR: dataDir, PUBLISH_WAIT_MS: '10000' },
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
  const end = Date.now() + 30_000;
  while (!out.includes('"service started"') && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
  assert.ok(out.includes('"service started"'), out);
  const started = out
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l))
    .find((l) => l.msg === 'service started');
  return {
    child,
    base: (started.url as string).replace('localhost', '127.0.0.1'),
    out: () => out,
    async stop() {
      child.kill('SIGTERM');
      assert.equal(await exited, 0, out);
    },
  };
}

it('keeps connected sandbox accounts and their posts across a restart', async () => {
  let svc = await startService();
  const key = /Access key for project default: (\S+)/.exec(svc.out())?.[1] ?? '';
  assert.ok(key, svc.out());
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${svc.base}${path}`, {
      method,
      headers: { 'x-access-key': key, ...(body ? { 'content-type': 'application/json' } : {}) },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    // biome-ignore lint/suspicious/noExplicitAny: the test reads answers field by field.
    return { status: res.status, body: (await res.json()) as Record<string, any> };
  };
  const publish = async (content: string) => {
    const list = await call('GET', '/v1/connect/integrations');
    const res = await call('POST', '/v1/posts', {
      content,
      platforms: list.body.integrations.map((i: { id: string; platform: string }) => ({
        platform: i.platform,
        accountId: i.id,
      })),
      publishNow: true,
    });
    assert.equal(res.status, 202, JSON.stringify(res.body));
    return res.body;
  };
  try {
    // X through the simulator's authorize page, Bluesky with the sandbox login.
    const start = await call('GET', '/v1/connect/twitter');
    const authorize = await fetch(start.body.url, { redirect: 'manual' });
    const callback = authorize.headers.get('location') ?? '';
    const landed = await fetch(callback.replace('localhost', '127.0.0.1'), { redirect: 'manual' });
    assert.ok(landed.status < 400, `callback answered ${landed.status}`);
    const bsky = await call('POST', '/v1/connect/bluesky/auth', {
      identifier: 'sim-user.bsky.social',
      password: 'simb-apps-pass-word',
    });
    assert.ok(bsky.status < 300, JSON.stringify(bsky.body));

    const first = await publish(`Before the restart ${Date.now()}`);
    assert.equal(first.status, 'published', JSON.stringify(first));
    await svc.stop();

    svc = await startService();
    const list = await call('GET', '/v1/connect/integrations');
    assert.deepEqual(
      list.body.integrations.map((i: { platform: string; authStatus: string }) => i.authStatus),
      ['active', 'active'],
    );
    const second = await publish(`After the restart ${Date.now()}`);
    assert.equal(second.status, 'published', JSON.stringify(second));
    for (const p of second.platforms) assert.equal(p.sandbox, true);

    // The simulator still knows the post published before the restart.
    const removed = await call('DELETE', `/v1/posts/${first.postId}?deleteFromPlatforms=true`);
    assert.equal(removed.status, 200, JSON.stringify(removed.body));
    assert.deepEqual(
      removed.body.platforms.map((p: { success: boolean }) => p.success),
      [true, true],
    );
  } finally {
    if (svc.child.exitCode === null) await svc.stop();
  }
});
