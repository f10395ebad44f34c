/**
 * What a new user sees on `npm start` with nothing configured: the service in
 * sandbox mode as a real process on a real port. An image is uploaded with a real
 * PUT to the signed URL and read back with a byte range; both AI endpoints work
 * against the simulator's OpenAI-compatible fake that sandbox mode starts.
 */
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { png } from '../src/media/testing.ts';

const ROOT = new URL('..', import.meta.url).pathname;

const freePort = (): Promise<number> =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

describe('sandbox mode: media upload and AI', () => {
  let child: ChildProcess;
  let out = '';
  let base = '';
  let key = '';
  let dataDir = '';

  before(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'sps-sandbox-'));
    const port = await freePort();
    base = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, [join(ROOT, 'src/main.ts')], {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        DATA_DIR: dataDir,
        PORT: String(port),
        PUBLIC_URL: base,
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (d) => {
      out += d;
    });
    child.stderr?.on('data', (d) => {
      out += d;
    });
    // Generous: on a loaded machine the first start (migrations, simulator) can take tens of seconds.
    const end = Date.now() + 90_000;
    while (!out.includes('service started')) {
      if (Date.now() > end || child.exitCode !== null) throw new Error(`no start: ${out}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    key = /Access key for project default: (\S+)/.exec(out)?.[1] ?? '';
  });
  after(async () => {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
    rmSync(dataDir, { recursive: true, force: true });
  });

  const api = async (path: string, body: unknown) => {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'x-access-key': key, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return {
      status: res.status,
      body: (await res.json()) as Record<string, unknown> & { data?: Record<string, string> },
    };
  };

  it('uploads an image with a real PUT and serves it back with ranges', async () => {
    const image = png(320, 200, 4000);
    const asked = await api('/v1/media/upload', { filename: 'hello.png', mimeType: 'image/png' });
    assert.equal(asked.status, 200, JSON.stringify(asked.body));
    const { uploadUrl = '', publicUrl = '' } = asked.body.data ?? {};
    const put = await fetch(uploadUrl, {
      method: 'PUT',
      body: image,
      headers: { 'content-type': 'image/png' },
    });
    assert.equal(put.status, 200, await put.text());
    const again = await fetch(uploadUrl, {
      method: 'PUT',
      body: image,
      headers: { 'content-type': 'image/png' },
    });
    assert.equal(again.status, 409);
    const part = await fetch(publicUrl, { headers: { range: 'bytes=0-7' } });
    assert.equal(part.status, 206);
    assert.equal(part.headers.get('content-type'), 'image/png');
    assert.deepEqual(Buffer.from(await part.arrayBuffer()), image.subarray(0, 8));
  });

  it('writes captions and draws images with the simulator standing in for the AI provider', async () => {
    const caption = await api('/v1/ai/write', {
      description: 'grand opening on Saturday',
      platforms: ['twitter'],
    });
    assert.equal(caption.status, 200, JSON.stringify(caption.body));
    assert.match(String(caption.body.content), /grand opening/i);
    assert.equal(caption.body.creditsCharged, 2);
    const image = await api('/v1/ai/image', {
      description: 'a storefront with balloons',
      aspectRatio: 'square',
    });
    assert.equal(image.status, 200, JSON.stringify(image.body));
    assert.equal(image.body.creditsCharged, 10);
    const file = await fetch(String(image.body.url));
    assert.equal(file.status, 200);
    assert.equal(file.headers.get('content-type'), 'image/png');
  });
});
