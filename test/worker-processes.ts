/**
 * Worker processes (`node src/main.ts --role worker`) for the kill -9 tests: on
 * the shared stores' database and the simulator, started, killed and stopped,
 * with which of them have finished starting (logged "service started"): only
 * those are killed, so each life does some work.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import type { AppContext } from '../src/context.ts';
import { PG_URL } from './harness.ts';
import type { SharedStores } from './shared-store.ts';

/** The database URL (any TEST_DATABASE_URL, parameters kept) with the search path set to `schema`. */
export function inSchema(url: string, schema: string): string {
  const u = new URL(url);
  u.searchParams.set('options', `-c search_path=${schema}`);
  return u.toString();
}

/** The environment of a worker on `shared`'s database publishing to the simulator at `simUrl`. */
export function workerEnv(
  shared: SharedStores,
  ctx: AppContext,
  simUrl: string,
  settings: Record<string, string> = {},
): NodeJS.ProcessEnv {
  return {
    ...process.env,
    ROLE: 'worker',
    LOG_LEVEL: 'info',
    DATA_DIR: shared.dataDir,
    ENCRYPTION_KEY: ctx.config.ENCRYPTION_KEY,
    SIMULATOR_URL: simUrl,
    OUTBOUND_ALLOWLIST: '127.0.0.1,::1,localhost',
    JOBS_LEASE_MS: '1500',
    JOBS_POLL_MS: '50',
    PUBLISH_RETRY_BASE_MS: '100',
    ...(shared.pgSchema ? { DATABASE_URL: inSchema(PG_URL, shared.pgSchema) } : {}),
    ...settings,
  };
}

export class WorkerProcesses {
  readonly children = new Set<ChildProcess>();
  /** Workers that have finished starting. */
  readonly ready = new Set<ChildProcess>();
  /** How many workers have finished starting so far (a start is progress on a slow machine). */
  started = 0;
  private readonly env: NodeJS.ProcessEnv;
  private closed = false;

  constructor(env: NodeJS.ProcessEnv) {
    this.env = env;
  }

  spawn(): ChildProcess {
    // A test body that timed out goes on running beside its clean-up: it must not start
    // workers on a database that the next test's workers may be sharing the machine with.
    if (this.closed) throw new Error('the worker processes were closed (the test ended)');
    const child = spawn(process.execPath, ['src/main.ts', '--role', 'worker'], {
      env: this.env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    this.children.add(child);
    child.stdout?.on('data', (chunk: Buffer) => {
      if (!this.ready.has(child) && chunk.toString().includes('service started')) {
        this.ready.add(child);
        this.started++;
      }
    });
    child.once('exit', () => {
      this.children.delete(child);
      this.ready.delete(child);
    });
    return child;
  }

  /** One of the started workers, at random, or undefined while none has finished starting. */
  randomReady(): ChildProcess | undefined {
    return [...this.ready][Math.floor(Math.random() * this.ready.size)];
  }

  /** SIGKILL, resolved once the process is gone. */
  async kill(victim: ChildProcess): Promise<void> {
    victim.kill('SIGKILL');
    await new Promise((r) =>
      victim.exitCode !== null || victim.signalCode !== null ? r(null) : victim.once('exit', r),
    );
  }

  /** Sends `signal` to every worker still running (SIGTERM: stop cleanly; SIGKILL in clean-ups). */
  signalAll(signal: NodeJS.Signals): void {
    for (const c of this.children) c.kill(signal);
  }

  /** The clean-up of a test, whatever happened: no new workers, every running one killed and gone. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.children].map((c) => this.kill(c)));
  }
}
