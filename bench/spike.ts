/**
 * `npm run bench:spike -- [--n 100000] [--db sqlite|postgres] [--workers 1]
 *                         [--platforms twitter,linkedin] [--accounts K] [--media none|image|video]
 *                         [--timeout 900] [--cpu-prof DIR] [--cpu-prof-interval US] [--heap-prof DIR]
 *                         [--answers simulator|instant]`
 *
 * N targets scheduled for the same instant against the simulator (its own process,
 * answering at once), published by `--workers` worker processes (`node src/main.ts
 * --role worker`). Prints targets/s, lateness (job start − scheduledFor) p50/p99/max,
 * the workers' peak RSS, and the simulator's raw ceiling measured in the same run
 * through the adapters' HTTP client, with the ratio of the two.
 *
 * `--platforms` takes any of twitter, linkedin, instagram, threads, youtube, tiktok; N
 * is shared out evenly among them. A post has one media list for all its targets, so
 * posts are made per media group, each with a target on every platform of its group:
 * - twitter, linkedin: text only;
 * - instagram, threads: `--media` (default video when Instagram is listed, which takes
 *   no text-only posts). Meta pulls the media itself and the simulator does not, so the
 *   URL is never fetched. The simulator keeps a video IN_PROGRESS for three status
 *   reads and Threads lets a media container settle 30 s, so these targets answer
 *   `pending` several times and the engine re-queues them instead of a worker waiting;
 * - youtube, tiktok: a real 1-second MP4 (ffmpeg, a few KB) from a media host the bench
 *   serves on loopback (allow-listed with OUTBOUND_ALLOWLIST=127.0.0.1): every target
 *   fetches it, stages and probes it, and uploads it, YouTube through the resumable
 *   upload, TikTok by FILE_UPLOAD (its publisher's way for videos). YouTube's processing
 *   (5 s on the simulator) and TikTok's publish status (processing, then moderation)
 *   answer `pending` and are re-queued the same way.
 * The full mix: `--platforms twitter,linkedin,instagram,threads,youtube,tiktok`.
 *
 * `--answers instant` (X and LinkedIn only) answers the create calls inside the workers
 * (bench/instant-answers.ts): no socket, no simulator work, so the throughput is what
 * the engine itself can do, the upper bound of the ratio to the simulator's ceiling.
 *
 * Each platform's posts are spread over enough accounts to stay within its real
 * limits (PER_ACCOUNT below; `--accounts K` sets K accounts on every platform). The
 * YouTube project's daily quota is raised on the simulator (a quota extension: the
 * default 10,000 units are about 100 uploads a day); see bench/sim-child.ts.
 *
 * Per platform it also prints how long targets took from the due time to published
 * and how many times they answered `pending`, and, from the simulator's own record,
 * how many posts exist for the published targets and how many were created twice; and
 * how many times the media host served the video. `--timeout` (seconds after the due
 * time) stops waiting and reports what was final by then. `--cpu-prof DIR` profiles the
 * workers; `node bench/cpuprofile-top.ts DIR/*.cpuprofile` sums where the time went.
 * The profiler's signals cut SQLite's busy waits short, so a claim may fail once with
 * "database is locked" while this process sets the due time; `--cpu-prof-interval 10000`
 * (µs between samples; Node's default is 1000) avoids it (docs/benchmarks-publishing.md).
 *
 *   npm run bench:spike -- --n 2000 --platforms twitter,linkedin,instagram,threads,youtube,tiktok
 *   npm run bench:spike -- --platforms twitter,linkedin,instagram,threads,youtube,tiktok --db postgres --workers 2
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { createContext } from '../src/app.ts';
import { loadConfig, SETTINGS } from '../src/config.ts';
import { newTargetRow } from '../src/domain/posts/target-row.ts';
import { createProject } from '../src/domain/projects/projects.ts';
import { publishTargetJob } from '../src/domain/publishing/job.ts';
import { parseLedger } from '../src/domain/publishing/state.ts';
import { enqueueMany } from '../src/jobs/enqueue.ts';
import { JOB_KINDS } from '../src/jobs/kinds.ts';
import { createJobRunner, type JobRunner } from '../src/jobs/runner.ts';
import { realMp4 } from '../src/media/testing.ts';
import { openStore, type Store } from '../src/store/db.ts';
import { migrateToLatest } from '../src/store/migrate.ts';
import type { PostsTable, PostTargetsTable } from '../src/store/tables/posts.ts';
import { measureCeiling } from './ceiling.ts';
import { createBenchSchema } from './pg-schema.ts';

const { values: flags } = parseArgs({
  options: {
    n: { type: 'string', default: '100000' },
    db: { type: 'string', default: 'sqlite' },
    workers: { type: 'string', default: '1' },
    platforms: { type: 'string', default: 'twitter,linkedin' },
    accounts: { type: 'string' },
    media: { type: 'string' },
    timeout: { type: 'string', default: '900' },
    mode: { type: 'string' },
    /** `instant`: X and LinkedIn answered inside the worker (bench/instant-answers.ts), the engine's own ceiling. */
    answers: { type: 'string', default: 'simulator' },
    /** Writes a V8 CPU profile of each worker process into this directory. */
    'cpu-prof': { type: 'string' },
    /** Microseconds between the CPU profile's samples (Node's default: 1000). */
    'cpu-prof-interval': { type: 'string' },
    /** Writes a V8 sampling heap profile (allocations) of each worker process into this directory. */
    'heap-prof': { type: 'string' },
  },
});
const N = Number(flags.n);
const instant = flags.answers === 'instant';
if (!['simulator', 'instant'].includes(flags.answers)) throw new Error('--answers: simulator or instant');
// Worker processes find the simulator through SIMULATOR_URL once the platforms' base URL settings exist.
const mode = flags.mode ?? ('SIMULATOR_URL' in SETTINGS ? 'processes' : 'inprocess');
const platforms = flags.platforms.split(',');
const KNOWN = ['twitter', 'linkedin', 'instagram', 'threads', 'youtube', 'tiktok'];
for (const p of platforms) if (!KNOWN.includes(p)) throw new Error(`--platforms: one of ${KNOWN.join(', ')}`);
if (instant && platforms.some((p) => p !== 'twitter' && p !== 'linkedin'))
  throw new Error('--answers instant answers X and LinkedIn only');
/** Targets per platform: N shared out evenly. */
const targetsOf = new Map(
  platforms.map((p, i) => [p, Math.floor(N / platforms.length) + (i < N % platforms.length ? 1 : 0)]),
);
/**
 * Posts each account makes, within the platform's real limits: X 100 posts per user per
 * 15 minutes; LinkedIn publishes no numbers; Instagram 50 per account per 24 h; Threads
 * 250 per profile per 24 h; a YouTube channel's daily upload cap (the simulator's is 100);
 * TikTok 6 inits per minute per token and about 15–25 posts per creator per day.
 */
const PER_ACCOUNT: Record<string, number> = {
  twitter: 80,
  linkedin: 80,
  instagram: 40,
  threads: 200,
  youtube: 50,
  tiktok: 5,
};
const accountsOf = new Map(
  platforms.map((p) => [
    p,
    Number(flags.accounts ?? Math.max(10, Math.ceil((targetsOf.get(p) ?? 0) / (PER_ACCOUNT[p] ?? 80)))),
  ]),
);
/**
 * A post carries one media list for all its targets, so the platforms are grouped by the
 * media they publish: X and LinkedIn text only; Instagram and Threads `--media` (Meta pulls
 * it itself, the URL is never fetched); YouTube and TikTok a real video fetched from the
 * media host on loopback and uploaded (YouTube's resumable upload, TikTok's FILE_UPLOAD).
 */
const META = new Set(['instagram', 'threads']);
const UPLOADERS = new Set(['youtube', 'tiktok']);
const groupOf = (p: string) => (META.has(p) ? 'meta' : UPLOADERS.has(p) ? 'upload' : 'text');
const groups = [...new Set(platforms.map(groupOf))].map((name) => {
  const members = platforms.filter((p) => groupOf(p) === name);
  return { name, members, posts: Math.max(...members.map((p) => targetsOf.get(p) ?? 0)) };
});
const postsCount = groups.reduce((n, g) => n + g.posts, 0);
const hasMeta = platforms.some((p) => META.has(p));
const mediaKind = flags.media ?? (platforms.includes('instagram') ? 'video' : 'none');
if (!['none', 'image', 'video'].includes(mediaKind)) throw new Error(`--media: none, image or video`);
if (mediaKind !== 'none' && !hasMeta)
  throw new Error('--media goes with instagram/threads targets (youtube/tiktok always upload a video)');
if (mediaKind === 'none' && platforms.includes('instagram'))
  throw new Error('Instagram takes no text-only posts: use --media image or video');
const metaMedia =
  mediaKind === 'none'
    ? '[]'
    : JSON.stringify([
        {
          type: mediaKind,
          url: `https://media.bench.invalid/spike.${mediaKind === 'video' ? 'mp4' : 'jpg'}`,
        },
      ]);
const workers = Number(flags.workers);
const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const say = (line: string) => process.stdout.write(`${line}\n`);

/** User and system CPU seconds each process has used so far (Linux: /proc/<pid>/stat, in clock ticks of 1/100 s). */
function cpuSeconds(processes: readonly ChildProcess[]): number[] {
  return processes.map((c) => {
    try {
      // The fields after the command name (which may hold spaces) start at its closing parenthesis.
      const fields = readFileSync(`/proc/${c.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      return (Number(fields[11]) + Number(fields[12])) / 100;
    } catch {
      return Number.NaN;
    }
  });
}

async function startSimulator(): Promise<{
  child: ChildProcess;
  url: string;
  accounts: Record<string, { id: string; token: string }[]>;
}> {
  const child = spawn(
    process.execPath,
    ['bench/sim-child.ts', platforms.map((p) => `${p}:${accountsOf.get(p)}`).join(',')],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const rl = createInterface({ input: child.stdout! });
  for await (const line of rl) {
    rl.close();
    return {
      child,
      ...(JSON.parse(line) as { url: string; accounts: Record<string, { id: string; token: string }[]> }),
    };
  }
  throw new Error('the simulator did not start');
}

const dataDir = mkdtempSync(join(tmpdir(), 'bench-spike-'));
const schema = flags.db === 'postgres' ? await createBenchSchema(PG_URL) : null;
const databaseUrl = schema
  ? `${PG_URL}?options=${encodeURIComponent(`-c search_path=${schema.name}`)}`
  : undefined;
const encryptionKey = randomBytes(32).toString('base64');
const sim = await startSimulator();
// YouTube and TikTok fetch their video and upload it: a real 1-second MP4 (a few KB, made by
// ffmpeg) served on loopback, allow-listed as a CDN would be reachable; it counts its fetches.
let mediaFetches = 0;
let uploadMedia = '[]';
let mediaHost: Server | undefined;
if (platforms.some((p) => UPLOADERS.has(p))) {
  const file = join(tmpdir(), `bench-spike-${process.pid}.mp4`);
  if (!(await realMp4(file))) throw new Error('youtube/tiktok targets need ffmpeg to make their video');
  const video = readFileSync(file);
  rmSync(file, { force: true });
  const host = createServer((req, res) => {
    if (req.method === 'GET') mediaFetches++;
    res.writeHead(200, { 'content-type': 'video/mp4', 'content-length': String(video.length) });
    res.end(req.method === 'HEAD' ? undefined : video);
  });
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  mediaHost = host;
  const { port } = host.address() as AddressInfo;
  uploadMedia = JSON.stringify([{ type: 'video', url: `http://127.0.0.1:${port}/spike.mp4` }]);
}
const mediaOf: Record<string, string> = { text: '[]', meta: metaMedia, upload: uploadMedia };
// In-process runners reach the simulator through the same setting as worker processes.
const config = loadConfig({
  env: {
    DATA_DIR: dataDir,
    ENCRYPTION_KEY: encryptionKey,
    LOG_LEVEL: 'warn',
    SIMULATOR_URL: sim.url,
    OUTBOUND_ALLOWLIST: '127.0.0.1',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  },
});
const ctx = createContext(config);
const children: ChildProcess[] = [];
let workerLog: number | null = null;

try {
  say(
    `spike [${mode}]: ${N} targets on ${platforms.join(' + ')} (${postsCount} posts: ${groups.map((g) => `${g.posts} × ${g.members.join('+')}`).join(', ')}), accounts ${platforms.map((p) => `${p} ${accountsOf.get(p)}`).join(', ')}, Meta media ${mediaKind}${mediaHost ? ', YouTube/TikTok a loopback MP4' : ''}, ${flags.db}, ${workers} worker process(es)`,
  );
  await migrateToLatest(ctx.store);
  const { projectId } = await createProject(ctx, 'bench');
  const integrations: Record<string, string[]> = {};
  const at = new Date().toISOString();
  for (const platform of platforms) {
    const rows = (sim.accounts[platform] ?? []).map((a) => ({
      id: `int_${platform}_${a.id}`,
      project_id: projectId,
      profile_id: null,
      platform,
      platform_user_id: a.id,
      username: a.id,
      display_name: null,
      profile_url: null,
      image_url: null,
      platform_metadata: JSON.stringify(
        platform === 'linkedin' ? { personUrn: `urn:li:person:${a.id}` } : {},
      ),
      app_id: null,
      scopes: '[]',
      access_token_enc: ctx.sealer.seal(a.token),
      refresh_token_enc: null,
      access_token_expires_at: null,
      refresh_token_expires_at: null,
      auth_status: 'active',
      auth_failure_reason: null,
      created_at: at,
      updated_at: at,
    }));
    for (let i = 0; i < rows.length; i += 200)
      await ctx.store.db
        .insertInto('integrations')
        .values(rows.slice(i, i + 200))
        .execute();
    integrations[platform] = rows.map((r) => r.id);
  }

  const placeholder = '2100-01-01T00:00:00.000Z';
  const setupStart = Date.now();
  let made = 0;
  for (const group of groups) {
    for (let p = 0; p < group.posts; p += 250) {
      const posts: PostsTable[] = [];
      const targets: PostTargetsTable[] = [];
      for (let i = p; i < Math.min(group.posts, p + 250); i++) {
        const postId = `post_bench${group.name}${String(i).padStart(7, '0')}`;
        posts.push({
          id: postId,
          project_id: projectId,
          content: `Spike post number ${i}`,
          media: mediaOf[group.name] ?? '[]',
          status: 'scheduled',
          scheduled_for: placeholder,
          timezone: 'UTC',
          was_scheduled: 1,
          raw_request: '{}',
          series_id: null,
          series_index: null,
          first_comment: null,
          created_at: at,
          updated_at: at,
        });
        group.members.forEach((platform, position) => {
          if (i >= (targetsOf.get(platform) ?? 0)) return;
          made++;
          const ids = integrations[platform] ?? [];
          targets.push(
            newTargetRow({
              id: `tgt_bench${group.name}${String(i).padStart(7, '0')}_${position}`,
              projectId,
              postId,
              position,
              platform,
              integrationId: ids[i % ids.length] as string,
              content: null,
              platformSpecificData: {},
              status: 'scheduled',
              at,
            }),
          );
        });
      }
      await ctx.store.db.transaction().execute(async (trx) => {
        await trx.insertInto('posts').values(posts).execute();
        for (let i = 0; i < targets.length; i += 250)
          await trx
            .insertInto('post_targets')
            .values(targets.slice(i, i + 250))
            .execute();
        await enqueueMany(
          trx,
          targets.map((t) => ({
            id: `pub_${t.id}`,
            kind: publishTargetJob,
            projectId,
            payload: {
              postId: t.post_id,
              targetId: t.id,
              platform: t.platform,
              integrationId: t.integration_id,
            },
            runAt: Date.parse(placeholder),
          })),
        );
      });
    }
  }
  say(`setup: ${made} targets stored in ${((Date.now() - setupStart) / 1000).toFixed(1)} s`);

  const runners: JobRunner[] = [];
  const runnerStores: Store[] = [];
  if (mode === 'processes') {
    const env = {
      ...process.env,
      ROLE: 'worker',
      DATA_DIR: dataDir,
      ENCRYPTION_KEY: encryptionKey,
      LOG_LEVEL: 'warn',
      SIMULATOR_URL: sim.url,
      OUTBOUND_ALLOWLIST: '127.0.0.1',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    };
    const nodeArgs = [
      ...(instant ? ['--import', './bench/instant-answers.ts'] : []),
      ...(flags['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${flags['cpu-prof']}`] : []),
      ...(flags['cpu-prof'] && flags['cpu-prof-interval']
        ? [`--cpu-prof-interval=${Number(flags['cpu-prof-interval'])}`]
        : []),
      ...(flags['heap-prof'] ? ['--heap-prof', `--heap-prof-dir=${flags['heap-prof']}`] : []),
    ];
    workerLog = openSync(join(dataDir, 'workers.log'), 'a');
    for (let w = 0; w < workers; w++) {
      children.push(
        spawn(process.execPath, [...nodeArgs, 'src/main.ts', '--role', 'worker'], {
          env,
          // Their log (warnings and errors at LOG_LEVEL warn) is summed up after the run.
          stdio: ['ignore', workerLog, 'inherit'],
        }),
      );
    }
  } else {
    // Runners in this process, each with its own connection(s).
    for (let w = 0; w < workers; w++) {
      const store = w === 0 ? ctx.store : openStore({ databaseUrl: config.DATABASE_URL, dataDir });
      if (w > 0) runnerStores.push(store);
      const runnerCtx = { ...ctx, store };
      const runner = createJobRunner(runnerCtx, {
        kinds: JOB_KINDS,
        limits: {
          total: config.JOBS_CONCURRENCY,
          perPlatform: config.JOBS_PER_PLATFORM,
          perAccount: config.JOBS_PER_ACCOUNT,
        },
        pollMs: config.JOBS_POLL_MS,
        leaseMs: config.JOBS_LEASE_MS,
      });
      runner.start();
      runners.push(runner);
    }
  }
  await new Promise((r) => setTimeout(r, 2500));
  const due = Date.now() + 1000;
  const dueIso = new Date(due).toISOString();
  // Set-up, not a measured request: tens of thousands of rows in one statement, in
  // maintenance scope (no request deadline; on PostgreSQL it met the 2 s one).
  await ctx.store.maintenance(async (db) => {
    await db
      .updateTable('posts')
      .set({ scheduled_for: dueIso })
      .where('project_id', '=', projectId)
      .execute();
    await db.updateTable('jobs').set({ run_at: due }).execute();
  });
  say(`all ${made} targets due at ${dueIso}`);
  // CPU seconds from here to the end, per process: steadier between runs than targets/s,
  // which moves with whatever else the two cores are doing.
  const cpuAtDue = cpuSeconds([...children, sim.child]);

  const deadline = due + Number(flags.timeout) * 1000;
  let done = 0;
  let lastReport = 0;
  const countFinal = async () => {
    const row = await ctx.store.db
      .selectFrom('post_targets')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('status', 'in', ['published', 'failed'])
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  // A target's publish job (id `pub_…`) is deleted once the target is final. Counting those
  // reads the jobs' primary key alone, a few milliseconds; the targets' statuses take a scan
  // of every target (70 ms at 100,000 on SQLite, CPU taken from the workers and the
  // simulator). So the loop waits on the jobs, and counts final targets only to report
  // every 5 s and to confirm the end. The figures come from the stored times, not from
  // when this loop notices.
  const publishJobsLeft = async () => {
    const row = await ctx.store.db
      .selectFrom('jobs')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('id', '>=', 'pub_')
      .where('id', '<', 'pub`')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  };
  for (;;) {
    const report = Date.now() - lastReport > 5000;
    if (report || (await publishJobsLeft()) === 0 || Date.now() > deadline) {
      done = await countFinal();
      if (done >= made || Date.now() > deadline) break;
      if (report) {
        lastReport = Date.now();
        say(`  ${((Date.now() - due) / 1000).toFixed(1)} s: ${done} final`);
      }
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  const peakRss = children.map((c) => {
    try {
      const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${c.pid}/status`, 'utf8'));
      return m ? Number(m[1]) * 1024 : 0;
    } catch {
      return 0;
    }
  });
  if (mode === 'inprocess') peakRss.push(process.resourceUsage().maxRSS * 1024);
  const cpuUsed = cpuSeconds([...children, sim.child]).map((s, i) => s - (cpuAtDue[i] ?? 0));
  for (const r of runners) await r.stop();
  for (const st of runnerStores) await st.close();
  for (const c of children) c.kill('SIGTERM');
  await Promise.all(
    children.map((c) => new Promise((r) => (c.exitCode !== null ? r(null) : c.once('exit', r)))),
  );

  const rows = await ctx.store.db
    .selectFrom('post_targets')
    .select(['status', 'platform', 'ledger', 'published_at', 'updated_at', 'error_message'])
    .execute();
  const lateness = rows
    .map((r) => parseLedger(r.ledger).startedAt)
    .filter((s): s is string => !!s)
    .map((s) => Date.parse(s) - due)
    .sort((a, b) => a - b);
  const finished = rows
    .map((r) => Date.parse(r.published_at ?? r.updated_at))
    .reduce((m, t) => Math.max(m, t), 0);
  const failed = rows.filter((r) => r.status === 'failed');
  const pct = (p: number) =>
    lateness[Math.min(lateness.length - 1, Math.floor((p / 100) * lateness.length))] ?? Number.NaN;
  const seconds = (finished - due) / 1000;
  const rate = done / seconds;
  say(
    `result: ${done}/${made} targets final (${failed.length} failed) in ${seconds.toFixed(1)} s after the due time`,
  );
  if (failed.length) say(`  first failure: ${failed[0]?.error_message}`);
  say(`  throughput: ${rate.toFixed(0)} targets/s`);
  say(
    `  lateness (start − scheduledFor): p50 ${(pct(50) / 1000).toFixed(2)} s, p99 ${(pct(99) / 1000).toFixed(2)} s, max ${((lateness.at(-1) ?? Number.NaN) / 1000).toFixed(2)} s`,
  );
  say(
    `  peak RSS (${mode === 'inprocess' ? 'the one process running the runners' : 'per worker process'}): ${peakRss.map((b) => `${(b / 1048576).toFixed(0)} MB`).join(', ')}`,
  );
  if (children.length) {
    const perTarget = (s: number) => `${((s * 1e6) / made).toFixed(0)} µs per target`;
    const workerCpu = cpuUsed.slice(0, -1);
    say(
      `  CPU from the due time to the end: worker process(es) ${workerCpu.map((s) => `${s.toFixed(1)} s`).join(', ')} (${perTarget(workerCpu.reduce((a, b) => a + b, 0))}), simulator ${(cpuUsed.at(-1) ?? 0).toFixed(1)} s (${perTarget(cpuUsed.at(-1) ?? 0)})`,
    );
  }
  // Per platform: due time → published, and how often a target answered pending (containers processing).
  for (const platform of platforms) {
    const mine = rows.filter((r) => r.platform === platform && r.status === 'published');
    const took = mine.map((r) => Date.parse(r.published_at ?? r.updated_at) - due).sort((a, b) => a - b);
    const looks = mine.map(
      (r) => (parseLedger(r.ledger).history ?? []).filter((e) => e.event === 'pending').length,
    );
    const at = (p: number) =>
      (took[Math.min(took.length - 1, Math.floor((p / 100) * took.length))] ?? Number.NaN) / 1000;
    say(
      `  ${platform}: published ${at(50).toFixed(1)} s after due at p50, ${at(100).toFixed(1)} s max; pending answers per target ${(looks.reduce((a, b) => a + b, 0) / Math.max(1, looks.length)).toFixed(1)}`,
    );
  }
  // Exactly once on the simulator's own record: one post per published target, none twice.
  if (instant) say('  answers: made inside the worker, at once (the simulator saw no create)');
  for (const platform of instant ? [] : platforms) {
    const res = await fetch(`${sim.url}/_sim/posts?platform=${platform}`);
    const listed = ((await res.json()) as { posts: unknown[] }).posts.map((p) => JSON.stringify(p));
    const numbers = listed.map((t) => /Spike post number (\d+)/.exec(t)?.[1]).filter((n): n is string => !!n);
    const published = rows.filter((r) => r.status === 'published' && r.platform === platform).length;
    const unnamed = listed.length - numbers.length;
    say(
      `  ${platform} on the simulator: ${numbers.length} posts for ${published} published targets, ${numbers.length - new Set(numbers).size} created twice${unnamed ? `, ${unnamed} not from this run` : ''}`,
    );
  }
  if (mediaHost) {
    const uploaders = rows.filter((r) => UPLOADERS.has(r.platform) && r.status === 'published').length;
    say(
      `  media host: the video fetched ${mediaFetches} times for ${uploaders} published YouTube/TikTok targets`,
    );
  }
  if (workerLog !== null) {
    closeSync(workerLog);
    const lines = readFileSync(join(dataDir, 'workers.log'), 'utf8').split('\n').filter(Boolean);
    const messages = new Map<string, number>();
    for (const line of lines) {
      let msg = line.slice(0, 120);
      try {
        const entry = JSON.parse(line) as { msg?: string; err?: string | { message?: string } };
        const why = typeof entry.err === 'string' ? entry.err : entry.err?.message;
        msg = `${entry.msg ?? ''}${why ? `: ${why.slice(0, 100)}` : ''}`;
      } catch {}
      messages.set(msg, (messages.get(msg) ?? 0) + 1);
    }
    say(`  worker log lines (warn and above): ${lines.length}`);
    for (const [msg, count] of [...messages].sort((a, b) => b[1] - a[1]).slice(0, 5))
      say(`    ${count} × ${msg}`);
  }
  const ceiling = await measureCeiling(
    sim.url,
    (sim.accounts.ceiling ?? []).map((a) => a.token),
    config.JOBS_CONCURRENCY * workers,
  );
  say(
    `  simulator raw ceiling (${ceiling.what}, same HTTP client, ${ceiling.concurrency} at once): ${ceiling.perSecond.toFixed(0)} requests/s, the median of ${ceiling.readings.map((r) => r.toFixed(0)).join(', ')}`,
  );
  say(`  ratio targets/s ÷ ceiling: ${(rate / ceiling.perSecond).toFixed(2)}`);
} finally {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  sim.child.kill('SIGTERM');
  mediaHost?.close();
  await ctx.store.close();
  await schema?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
