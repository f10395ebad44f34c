/**
 * `npm run bench:start`: how long `node src/start.js` takes from spawn to its first
 * `/v1/health` answer, beside a bare Fastify app with as many routes started the same
 * way, in the same run, alternating (service, bare, service, bare, ...) so that both
 * see the same machine load; medians of each, their ratio, and each process's RSS
 * once it has answered and sat idle for a moment.
 *
 * The service starts on a data directory migrated by a first, unmeasured start (a
 * restart, the usual case: the first start on an empty database also migrates), with
 * `--role api` and logging off. Options: `--rounds N` (default 5), `--role api|all`,
 * `--baseline DIR`: also start another checkout of the service (its own data directory)
 * in every round, to measure a change before and after in one run.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';

const ROOT = new URL('..', import.meta.url).pathname;
const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    role: { type: 'string', default: 'api' },
    baseline: { type: 'string' },
  },
});
const ROUNDS = Number(values.rounds);
if (!Number.isInteger(ROUNDS) || ROUNDS < 1) throw new Error('--rounds: a whole number ≥ 1');
const ROLE = values.role ?? 'api';
if (!['api', 'all'].includes(ROLE)) throw new Error('--role: api or all');
/** How long a process sits after its first answer before its RSS is read. */
const IDLE_MS = 1_500;
const START_LIMIT_MS = 120_000;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

const rssMb = (pid: number): number => {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith('VmRSS:'));
  return Number(line?.replace(/\D+/g, '') ?? 0) / 1024;
};

/** The process being measured, killed if the bench itself is stopped (Ctrl-C, a timeout). */
let current: ChildProcess | null = null;
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    current?.kill('SIGKILL');
    process.exit(130);
  });

interface Reading {
  ms: number;
  rssMb: number;
}

/** Spawns `args`, polls `/v1/health` on `port` until it answers 200, reads RSS after a pause, kills it. */
async function measure(args: string[], env: Record<string, string>, port: number): Promise<Reading> {
  const began = performance.now();
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', ...env, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  current = child;
  let stderr = '';
  child.stderr?.on('data', (d) => {
    stderr += d;
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited ${child.exitCode}: ${stderr}`);
      if (performance.now() - began > START_LIMIT_MS) throw new Error(`${args.join(' ')} did not answer`);
      const ok = await fetch(`http://127.0.0.1:${port}/v1/health`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok) break;
      await new Promise((r) => setTimeout(r, 5));
    }
    const ms = performance.now() - began;
    await new Promise((r) => setTimeout(r, IDLE_MS));
    return { ms, rssMb: rssMb(child.pid as number) };
  } finally {
    child.kill('SIGKILL');
    await exited;
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? (s[mid] as number) : ((s[mid - 1] as number) + (s[mid] as number)) / 2;
};

// As many routes as the service registers, counted here once (this process, not the measured ones).
const { allRoutes } = await import('../src/routes/index.ts');
const routeCount = allRoutes.length;

const dataDir = mkdtempSync(join(tmpdir(), 'sps-bench-start-'));
const serviceArgs = [join(ROOT, 'src/start.js'), '--role', ROLE];
const serviceEnv = { DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
const bareArgs = [join(ROOT, 'bench/start-bare.ts')];
const bareEnv = { BARE_ROUTES: String(routeCount) };
const baselineDir = values.baseline ? mkdtempSync(join(tmpdir(), 'sps-bench-start-base-')) : null;
const baselineArgs = values.baseline ? [join(values.baseline, 'src/start.js'), '--role', ROLE] : [];
const baselineEnv = { DATA_DIR: baselineDir ?? '', LOG_LEVEL: 'silent' };
const mb = (r: Reading) => `${r.ms.toFixed(0)} ms (${r.rssMb.toFixed(0)} MB)`;

const load = loadavg()[0]?.toFixed(2);
process.stdout.write(`start-up, ${ROUNDS} rounds, ${routeCount} routes, role ${ROLE}, load ${load}\n`);
try {
  // Migrates the data directory, and fills Node's compile cache, for both programs.
  await measure(serviceArgs, serviceEnv, await freePort());
  await measure(bareArgs, bareEnv, await freePort());
  if (baselineDir) await measure(baselineArgs, baselineEnv, await freePort());
  const service: Reading[] = [];
  const bare: Reading[] = [];
  const baseline: Reading[] = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const s = await measure(serviceArgs, serviceEnv, await freePort());
    const b = await measure(bareArgs, bareEnv, await freePort());
    service.push(s);
    bare.push(b);
    let line = `  round ${round}: service ${mb(s)}, bare ${mb(b)}`;
    if (baselineDir) {
      const old = await measure(baselineArgs, baselineEnv, await freePort());
      baseline.push(old);
      line += `, baseline ${mb(old)}`;
    }
    process.stdout.write(`${line}\n`);
  }
  const sMs = median(service.map((r) => r.ms));
  const bMs = median(bare.map((r) => r.ms));
  process.stdout.write(
    `service: median ${sMs.toFixed(0)} ms to the first /v1/health, idle RSS median ${median(service.map((r) => r.rssMb)).toFixed(0)} MB\n` +
      `bare Fastify, ${routeCount} routes: median ${bMs.toFixed(0)} ms, idle RSS median ${median(bare.map((r) => r.rssMb)).toFixed(0)} MB\n` +
      `ratio service ÷ bare: ${(sMs / bMs).toFixed(2)} (goal ≤ 5); load ${loadavg()[0]?.toFixed(2)} at the end\n`,
  );
  if (baselineDir) {
    const oMs = median(baseline.map((r) => r.ms));
    process.stdout.write(
      `baseline ${values.baseline}: median ${oMs.toFixed(0)} ms (${(oMs / bMs).toFixed(2)} × bare), idle RSS median ${median(baseline.map((r) => r.rssMb)).toFixed(0)} MB\n`,
    );
  }
} finally {
  rmSync(dataDir, { recursive: true, force: true });
  if (baselineDir) rmSync(baselineDir, { recursive: true, force: true });
}
