/**
 * The service and the CLI as real processes, for the tests that need another
 * process to act (revocation seen across nodes, key rotation and backups while
 * the service runs).
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';

export const ROOT = new URL('../..', import.meta.url).pathname;
const exec = promisify(execFile);

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

export interface Running {
  child: ChildProcess;
  base: string;
  output: () => string;
  stop: () => Promise<number | null>;
}

/** Starts `src/main.ts` with these settings and waits until it says it started. */
export async function startProcess(env: Record<string, string>, args: string[] = []): Promise<Running> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(ROOT, 'src/main.ts'), ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', PORT: String(port), ...env },
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
  await waitFor(() => out.includes('service started') || child.exitCode !== null, 'the service to start');
  if (child.exitCode !== null) throw new Error(`the service exited at start:\n${out}`);
  return {
    child,
    base: `http://127.0.0.1:${port}`,
    output: () => out,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      return exited;
    },
  };
}

export async function waitFor(
  check: () => boolean | Promise<boolean>,
  what: string,
  ms = 30_000,
): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`timed out waiting for ${what}`);
}

/** Runs the admin CLI with these settings; resolves with its standard output. */
export async function cli(env: Record<string, string>, ...args: string[]): Promise<string> {
  const { stdout } = await exec(process.execPath, [join(ROOT, 'src/cli/main.ts'), ...args], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...env },
  });
  return stdout;
}
