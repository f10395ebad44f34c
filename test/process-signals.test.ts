/**
 * The start command as a supervisor runs it: `node src/start.js` is the service's
 * own process, so SIGTERM stops everything it started (the HTTP server and the
 * sandbox simulator beside it) and frees their ports. An older Node is told what
 * it needs instead of failing on the .ts extension.
 */
import assert from 'node:assert/strict';
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { promisify } from 'node:util';
import { MINIMUM_NODE, nodeVersionProblem } from '../src/node-check.js';

const ROOT = new URL('..', import.meta.url).pathname;
const run = promisify(execFile);

/** Whether something accepts TCP connections on the port. */
function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = connect({ port, host: '127.0.0.1' });
    s.once('connect', () => {
      s.destroy();
      resolve(true);
    });
    s.once('error', () => resolve(false));
  });
}

async function waitFor(check: () => boolean, what: string, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (check()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

describe('the start command', () => {
  it('names the Node it needs', () => {
    assert.equal(nodeVersionProblem('24.21.0'), null);
    assert.equal(nodeVersionProblem(MINIMUM_NODE), null);
    assert.equal(nodeVersionProblem('23.0.0'), null);
    assert.match(
      nodeVersionProblem('22.17.1') ?? '',
      /needs Node\.js 22\.18\.0 or newer.*this is Node\.js 22\.17\.1/,
    );
    assert.match(nodeVersionProblem('20.20.2') ?? '', /this is Node\.js 20\.20\.2\. Install Node 24/);
  });

  it('under an older Node on the PATH, says which Node it needs', async (t) => {
    const found = await run('node', ['--version'], { env: { PATH: '/usr/local/bin:/usr/bin:/bin' } }).catch(
      () => null,
    );
    const version = found?.stdout.trim().replace(/^v/, '') ?? '';
    if (!found || nodeVersionProblem(version) === null) {
      t.skip('no Node older than the minimum on this machine');
      return;
    }
    const res = await run('node', [join(ROOT, 'src/start.js')], {
      cwd: ROOT,
      env: { PATH: '/usr/local/bin:/usr/bin:/bin' },
    }).then(
      () => ({ code: 0, stderr: '' }),
      (err: { code: number; stderr: string }) => err,
    );
    assert.equal(res.code, 1);
    assert.match(res.stderr, new RegExp(`needs Node\\.js ${MINIMUM_NODE.replace(/\./g, '\\.')} or newer`));
    assert.doesNotMatch(res.stderr, /ERR_UNKNOWN_FILE_EXTENSION/);
  });

  it('SIGTERM stops the service and the sandbox simulator it started, freeing both ports', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'sps-signal-'));
    const child = spawn(process.execPath, [join(ROOT, 'src/start.js'), '--port', '0'], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', DATA_DIR: dataDir },
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
      await waitFor(() => out.includes('"service started"'), 'start');
      const lines = out
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .map((l) => JSON.parse(l));
      const simUrl = lines.find((l) => l.simulator)?.simulator as string;
      const serviceUrl = lines.find((l) => l.msg === 'service started')?.url as string;
      assert.ok(simUrl, `the start log names the simulator: ${out}`);
      const simPort = Number(new URL(simUrl).port);
      const port = Number(new URL(serviceUrl).port);
      assert.equal(await listening(simPort), true);
      assert.equal((await fetch(`http://127.0.0.1:${port}/v1/health`)).status, 200);

      child.kill('SIGTERM');
      assert.equal(await exited, 0, out);
      assert.equal(await listening(port), false, 'the service port is free');
      assert.equal(await listening(simPort), false, 'the simulator port is free');
      assert.match(out, /"stopped"/);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});
