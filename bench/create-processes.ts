/**
 * `npm run bench:create -- --api-processes 1,2,4` (PostgreSQL): the same creates sent to
 * several api processes (`src/start.js --role api`, real processes) on the benchmark's
 * one PostgreSQL schema, the load spread evenly over them, at the same total concurrency.
 * The largest count is started once; each round measures the counts in turn (1, 2, 4,
 * 1, 2, 4, ...), so every count sees the same machine; medians per count, and each
 * count's rate against one process's. The rate limit is on, as in production: every
 * process shares each key's budget through PostgreSQL (src/http/rate-limit-store.ts).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg } from 'node:os';
import { join } from 'node:path';

const ROOT = new URL('..', import.meta.url).pathname;

export interface ProcessesRun {
  databaseUrl: string;
  pgSchema: string;
  encryptionKey: string;
  counts: number[];
  rounds: number;
  /** Sends the load to these ports for the run's seconds; requests/s, p99 ms. */
  measure(ports: number[]): Promise<{ rps: number; p99: number; count: number }>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

/** CPU time (user + system) a process has used, in µs, from /proc. */
function cpuUs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / 100;
}

async function startApi(run: ProcessesRun): Promise<{ child: ChildProcess; port: number }> {
  const port = await freePort();
  const url = new URL(run.databaseUrl);
  url.searchParams.set('options', `-c search_path=${run.pgSchema}`);
  const child = spawn(
    process.execPath,
    [join(ROOT, 'src/start.js'), '--role', 'api', '--port', String(port)],
    {
      cwd: ROOT,
      env: {
        PATH: process.env.PATH ?? '',
        DATABASE_URL: url.toString(),
        ENCRYPTION_KEY: run.encryptionKey,
        LOG_LEVEL: 'silent',
        SANDBOX: 'off',
        MONTHLY_CREDITS: '100000000',
        RATE_LIMIT_MAX: '100000000',
        OUTBOUND_ALLOWLIST: '127.0.0.1',
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  for (;;) {
    if (child.exitCode !== null) throw new Error(`an api process exited ${child.exitCode}`);
    const up = await fetch(`http://127.0.0.1:${port}/v1/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) return { child, port };
    await new Promise((r) => setTimeout(r, 50));
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};

export async function runAcrossProcesses(run: ProcessesRun): Promise<void> {
  const most = Math.max(...run.counts);
  const apis = await Promise.all(Array.from({ length: most }, () => startApi(run)));
  try {
    // Warm every process up (JIT, its pool's connections).
    for (const api of apis) await run.measure([api.port]);
    const byCount = new Map<number, { rps: number; p99: number; cpu: number }[]>();
    for (let round = 1; round <= run.rounds; round++)
      for (const n of run.counts) {
        const used = apis.slice(0, n);
        const cpuBefore = used.reduce((sum, a) => sum + cpuUs(a.child.pid as number), 0);
        const r = await run.measure(used.map((a) => a.port));
        const cpu = used.reduce((sum, a) => sum + cpuUs(a.child.pid as number), 0) - cpuBefore;
        byCount.set(n, [...(byCount.get(n) ?? []), { rps: r.rps, p99: r.p99, cpu: cpu / r.count }]);
        process.stdout.write(
          `  round ${round}, ${n} api process${n > 1 ? 'es' : ''}: ${r.rps.toFixed(0)} creates/s, p99 ${r.p99.toFixed(1)} ms, ${(cpu / r.count).toFixed(0)} µs api CPU per create\n`,
        );
      }
    const one = median((byCount.get(run.counts[0] as number) ?? []).map((r) => r.rps));
    for (const n of run.counts) {
      const rs = byCount.get(n) ?? [];
      const rps = median(rs.map((r) => r.rps));
      process.stdout.write(
        `${n} api process${n > 1 ? 'es' : ''}: median ${rps.toFixed(0)} creates/s (${(rps / one).toFixed(2)} × ${run.counts[0]}), p99 ${median(rs.map((r) => r.p99)).toFixed(1)} ms, ${median(rs.map((r) => r.cpu)).toFixed(0)} µs api CPU per create\n`,
      );
    }
    process.stdout.write(`load ${loadavg()[0]?.toFixed(2)} at the end\n`);
  } finally {
    for (const api of apis) api.child.kill('SIGTERM');
    await Promise.all(
      apis.map((a) => (a.child.exitCode === null ? new Promise((r) => a.child.once('exit', r)) : null)),
    );
  }
}
