/**
 * The image as an operator builds and runs it: `docker build`, then the container
 * starts, answers /v1/health and reports healthy, and stops on SIGTERM. Skipped
 * (saying so) where no Docker daemon answers.
 *
 * And everywhere, Docker or not: the files the Dockerfile puts in the image,
 * assembled in a directory (test/dockerfile-files.ts), run the service, its
 * dashboard, the CLI (admin and user side) and the MCP server, so a file the image
 * lacks fails here. (No daemonless builder can build here either: the base image
 * can not be pulled without a registry.)
 */
import assert from 'node:assert/strict';
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { it } from 'node:test';
import { promisify } from 'node:util';
import { assembleStage, readStages } from './dockerfile-files.ts';

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

const freePort = (): Promise<number> =>
  new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

it('runs the service, the dashboard, the CLI and the MCP server from exactly the files the image holds', {
  timeout: 600_000,
}, async () => {
  const root = mkdtempSync(join(tmpdir(), 'sps-image-'));
  const app = join(root, 'app');
  const children: ChildProcess[] = [];
  try {
    const stages = readStages(readFileSync(join(ROOT, 'Dockerfile'), 'utf8'));
    const image = assembleStage(ROOT, stages, stages.at(-1)!.name, app);
    const port = await freePort();
    const env = {
      PATH: process.env.PATH ?? '',
      ...image.env,
      PORT: String(port),
      DATA_DIR: join(root, 'data'),
      LOG_LEVEL: 'info',
    };
    // The image's command, from the image's files.
    assert.deepEqual(image.cmd.slice(0, 1), ['node']);
    const service = spawn(process.execPath, image.cmd.slice(1), {
      cwd: app,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(service);
    let out = '';
    service.stdout?.on('data', (d) => {
      out += d;
    });
    service.stderr?.on('data', (d) => {
      out += d;
    });
    while (!out.includes('service started')) {
      assert.equal(service.exitCode, null, `the service stopped: ${out}`);
      await new Promise((r) => setTimeout(r, 50));
    }
    const key = /Access key for project default: (\S+)/.exec(out)?.[1] ?? '';
    const base = `http://127.0.0.1:${port}`;
    assert.deepEqual(await (await fetch(`${base}/v1/health`)).json(), { ok: true });
    const page = await (await fetch(`${base}/`)).text();
    assert.doesNotMatch(page, /not built/, 'the dashboard is built into the image');
    assert.match(page, /<script[^>]+src="\/assets\//);

    const cli = (extra: Record<string, string>, ...args: string[]) =>
      run(process.execPath, ['src/cli/main.ts', ...args], { cwd: app, env: { ...env, ...extra } });
    assert.match((await cli({}, 'project', 'list')).stdout, /default/);
    const listed = JSON.parse(
      (await cli({ SPS_URL: base, SPS_ACCESS_KEY: key }, 'integrations', '--json')).stdout,
    );
    assert.equal(listed.success, true);

    // The MCP server over streamable HTTP: it loads the API client the image must hold.
    const mcpPort = await freePort();
    const mcp = spawn(
      process.execPath,
      ['src/cli/main.ts', 'mcp', '--http', '--port', String(mcpPort), '--api', base],
      { cwd: app, env, stdio: ['ignore', 'ignore', 'pipe'] },
    );
    children.push(mcp);
    let mcpOut = '';
    mcp.stderr?.on('data', (d) => {
      mcpOut += d;
    });
    while (!mcpOut.includes('MCP over streamable HTTP')) {
      assert.equal(mcp.exitCode, null, `the MCP server stopped: ${mcpOut}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  } finally {
    for (const child of children)
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGKILL');
        await exited;
      }
    rmSync(root, { recursive: true, force: true });
    rmSync(`${app}.stage-web`, { recursive: true, force: true });
    rmSync(`${app}.stage-deps`, { recursive: true, force: true });
  }
});
