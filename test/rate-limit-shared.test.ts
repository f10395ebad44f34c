/**
 * Two api processes on one PostgreSQL share the rate limit: an access key gets
 * RATE_LIMIT_MAX requests per window across both, not that many from each.
 */
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { createPgSchema, PG_SKIP, PG_URL } from './harness.ts';

const ROOT = new URL('..', import.meta.url).pathname;
const LIMIT = 10;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

interface Api {
  child: ChildProcess;
  port: number;
  out: () => string;
  exited: Promise<number | null>;
}

async function startApi(env: Record<string, string>): Promise<Api> {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [join(ROOT, 'src/start.js'), '--role', 'api', '--port', String(port)],
    {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let out = '';
  child.stdout?.on('data', (d) => {
    out += d;
  });
  child.stderr?.on('data', (d) => {
    out += d;
  });
  let exitCode: number | null | undefined;
  const exited = new Promise<number | null>((resolve) =>
    child.on('exit', (code) => {
      exitCode = code;
      resolve(code);
    }),
  );
  const api = { child, port, out: () => out, exited };
  started.push(api);
  // Waits for the start itself, however long a busy machine takes (the test's timeout bounds
  // it), and stops at once if the process exits instead.
  while (!out.includes('"service started"') && exitCode === undefined)
    await new Promise((r) => setTimeout(r, 50));
  assert.ok(out.includes('"service started"'), out);
  return api;
}

/** Whatever a test started is stopped when the file ends, even after a timeout (then no finally runs). */
const started: Api[] = [];
after(async () => {
  for (const a of started)
    if (a.child.exitCode === null && a.child.signalCode === null) a.child.kill('SIGKILL');
  await Promise.all(started.map((a) => a.exited));
});

describe('the rate limit on PostgreSQL', { skip: PG_SKIP }, () => {
  it('is shared by two api processes', async () => {
    const { schema, drop } = await createPgSchema();
    const env = {
      DATABASE_URL: `${PG_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}`,
      DATA_DIR: mkdtempSync(join(tmpdir(), 'sps-ratelimit-')),
      ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
      RATE_LIMIT_MAX: String(LIMIT),
      RATE_LIMIT_WINDOW_MS: '60000',
      SANDBOX: 'off',
    };
    const apis: Api[] = [];
    try {
      apis.push(await startApi(env));
      apis.push(await startApi(env));
      const key = /Access key for project default: (\S+)/.exec(apis.map((a) => a.out()).join(''))?.[1] ?? '';
      assert.ok(key, 'one of them created the default project');
      // A second key, for the burst below (this request is the first of the default key's budget).
      const created = await fetch(`http://127.0.0.1:${apis[1]?.port}/v1/keys`, {
        method: 'POST',
        headers: { 'x-access-key': key, 'content-type': 'application/json' },
        body: JSON.stringify({ name: 'burst' }),
      });
      assert.equal(created.status, 201, await created.clone().text());
      const second = ((await created.json()) as { accessKey: string }).accessKey;
      const statuses: number[] = [201];
      // Alternate between the two: each alone would allow LIMIT.
      for (let i = 1; i < LIMIT + 4; i++) {
        const api = apis[i % 2] as Api;
        const res = await fetch(`http://127.0.0.1:${api.port}/v1/health/auth`, {
          headers: { 'x-access-key': key },
        });
        await res.body?.cancel();
        statuses.push(res.status);
        if (res.status === 429) assert.ok(Number(res.headers.get('retry-after')) > 0);
      }
      assert.deepEqual(
        statuses,
        [201, ...Array<number>(LIMIT - 1).fill(200), 429, 429, 429, 429],
        'the limit counts requests to both processes together',
      );

      // Many at once to both (each process takes its budget in leases and spends them in
      // memory): still exactly the limit across both, for the second key.
      const burst = await Promise.all(
        Array.from({ length: 4 * LIMIT }, async (_, i) => {
          const api = apis[i % 2] as Api;
          const res = await fetch(`http://127.0.0.1:${api.port}/v1/health/auth`, {
            headers: { 'x-access-key': second },
          });
          await res.body?.cancel();
          return res.status;
        }),
      );
      assert.equal(burst.filter((s) => s === 200).length, LIMIT, 'the limit across both, at once');
      assert.equal(burst.filter((s) => s === 429).length, 3 * LIMIT);
    } finally {
      for (const a of apis) a.child.kill('SIGTERM');
      for (const a of apis) await a.exited;
      await drop();
    }
  });
});
