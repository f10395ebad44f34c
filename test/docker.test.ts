/**
 * The image as an operator builds and runs it: `docker build`, then the container
 * starts, answers /v1/health and reports healthy, and stops on SIGTERM. Skipped
 * (saying so) where no Docker daemon answers.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { it } from 'node:test';
import { promisify } from 'node:util';

const ROOT = new URL('..', import.meta.url).pathname;
const run = promisify(execFile);
const docker = (...args: string[]) => run('docker', args, { cwd: ROOT, maxBuffer: 32 * 1024 * 1024 });
const daemon = await docker('info', '--format', '{{.ServerVersion}}').then(
  () => true,
  () => false,
);

it('builds the image, runs it healthy and stops it with SIGTERM', {
  skip: daemon ? false : 'no Docker daemon here',
  timeout: 900_000,
}, async () => {
  const tag = `social-publishing-test:${process.pid}`;
  await docker('build', '-t', tag, '.');
  const { stdout } = await docker('run', '-d', '-p', '127.0.0.1::3000', tag);
  const id = stdout.trim();
  try {
    const port = (await docker('port', id, '3000/tcp')).stdout.trim().split(':').pop();
    const end = Date.now() + 60_000;
    let health = '';
    while (Date.now() < end) {
      health = (await docker('inspect', '--format', '{{.State.Health.Status}}', id)).stdout.trim();
      if (health === 'healthy') break;
      await new Promise((r) => setTimeout(r, 1000));
    }
    assert.equal(health, 'healthy');
    const res = await fetch(`http://127.0.0.1:${port}/v1/health`);
    assert.deepEqual(await res.json(), { ok: true });
    assert.equal((await docker('inspect', '--format', '{{.Config.User}}', id)).stdout.trim(), 'node');
    await docker('stop', '--time', '20', id);
    assert.equal((await docker('inspect', '--format', '{{.State.ExitCode}}', id)).stdout.trim(), '0');
  } finally {
    await docker('rm', '-f', id).catch(() => {});
    await docker('rmi', '-f', tag).catch(() => {});
  }
});
