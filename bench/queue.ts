/**
 * `npm run bench:queue`: posting queues under load. Starts the service in process
 * (role api, SQLite in a temporary directory, or PostgreSQL with BENCH_DATABASE_URL
 * in a schema of its own, dropped at the end; rate limit off) and measures over
 * loopback HTTP:
 *   1. contention: BENCH_CLIENTS (32) clients adding posts with `queue: true` to ONE
 *      profile's queue, BENCH_ADDS (2,000) adds in all;
 *   2. spread: the same clients adding to 1,000 profiles (10 per project over 100
 *      projects, each add to a random one);
 *   3. reads: GET /v1/queue/slots?count=10 for random profiles, BENCH_READS (2,000),
 *      one at a time, with BENCH_SEED_POSTS (1,000,000) queued posts holding slots
 *      over BENCH_SEED_PROFILES (10,000) profiles, written straight into the tables.
 * A first phase sends the same creates with a fixed scheduledFor instead, as the
 * baseline a queued create is compared with. Prints adds per second, p50 and p99 of each phase, and checks that no slot was
 * given twice, and the process's CPU time per add (steadier than rates on a shared
 * machine). The client runs in the service's process (undici over loopback).
 *
 *   npm run bench:queue
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:queue
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { Pool } from 'undici';
import { createContext, startService } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import type { AppContext } from '../src/context.ts';
import { newId } from '../src/domain/ids.ts';
import { createProject } from '../src/domain/projects/projects.ts';
import { openStore } from '../src/store/db.ts';
import { RowSet } from '../src/store/row-set.ts';
import { createBenchSchema } from './pg-schema.ts';

const PG_URL = process.env.BENCH_DATABASE_URL;
const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 32);
const ADDS = Number(process.env.BENCH_ADDS ?? 2000);
const READS = Number(process.env.BENCH_READS ?? 2000);
const SEED_POSTS = Number(process.env.BENCH_SEED_POSTS ?? 1_000_000);
const SEED_PROFILES = Number(process.env.BENCH_SEED_PROFILES ?? 10_000);
/** The baseline's fixed time: a month ahead, inside the service's scheduling bound. */
const laterOn = new Date(Date.now() + 30 * 86_400_000).toISOString();
const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
/** Every half hour of the week: 336 slots, so a year holds 17,472 per queue. */
const SLOTS = JSON.stringify(
  DAYS.flatMap((day) =>
    Array.from({ length: 48 }, (_, i) => ({
      day,
      time: `${String(Math.floor(i / 2)).padStart(2, '0')}:${i % 2 ? '30' : '00'}`,
    })),
  ),
);

interface Target {
  key: string;
  profileId: string;
  accountId: string;
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;
const ms = (n: number) => `${n.toFixed(1)} ms`;

async function addProfiles(ctx: AppContext, projectId: string, count: number, withAccounts: boolean) {
  const at = new Date().toISOString();
  const out: { profileId: string; accountId: string }[] = [];
  for (let start = 0; start < count; start += 500) {
    const rows = new RowSet();
    for (let i = start; i < Math.min(count, start + 500); i++) {
      const profileId = newId('prof');
      const accountId = newId('int');
      rows.add('profiles', {
        id: profileId,
        project_id: projectId,
        name: `Brand ${i}`,
        description: null,
        created_at: at,
        updated_at: at,
      });
      rows.add('post_queues', {
        project_id: projectId,
        owner: profileId,
        timezone: 'Europe/Berlin',
        slots: SLOTS,
        paused: 0,
        updated_at: at,
      });
      if (withAccounts)
        rows.add('integrations', {
          id: accountId,
          project_id: projectId,
          profile_id: profileId,
          platform: 'bluesky',
          platform_user_id: accountId,
          username: `brand${i}`,
          display_name: null,
          profile_url: null,
          image_url: null,
          platform_metadata: '{}',
          app_id: null,
          scopes: '[]',
          access_token_enc: null,
          refresh_token_enc: null,
          access_token_expires_at: null,
          refresh_token_expires_at: null,
          auth_status: 'active',
          auth_failure_reason: null,
          created_at: at,
          updated_at: at,
        } as never);
      out.push({ profileId, accountId });
    }
    await ctx.store.db.transaction().execute((trx) => rows.write(trx, ctx.store.dialect));
  }
  return out;
}

async function runAdds(
  pool: Pool,
  targets: Target[],
  label: string | null,
  mode: 'queue' | 'scheduled' = 'queue',
  adds = ADDS,
) {
  const latencies: number[] = [];
  const slots = new Map<string, Set<string>>();
  let next = 0;
  let failed = 0;
  const started = performance.now();
  const cpu = process.cpuUsage();
  await Promise.all(
    Array.from({ length: CLIENTS }, async () => {
      while (next < adds) {
        const n = next++;
        const t = targets[Math.floor(Math.random() * targets.length)] as Target;
        const t0 = performance.now();
        const res = await pool.request({
          method: 'POST',
          path: '/v1/posts',
          headers: { 'x-access-key': t.key, 'content-type': 'application/json' },
          body: JSON.stringify({
            content: `queued ${n}`,
            platforms: [{ platform: 'bluesky', accountId: t.accountId }],
            ...(mode === 'queue' ? { queue: true } : { scheduledFor: laterOn }),
          }),
        });
        const body = (await res.body.json()) as { scheduledFor?: string; message?: string };
        latencies.push(performance.now() - t0);
        if (res.statusCode !== 202) {
          if (failed++ < 3) console.error(`  ${res.statusCode}: ${body.message}`);
          continue;
        }
        if (mode !== 'queue') continue;
        const taken = slots.get(t.profileId) ?? new Set<string>();
        if (taken.has(body.scheduledFor as string)) throw new Error(`slot ${body.scheduledFor} given twice`);
        taken.add(body.scheduledFor as string);
        slots.set(t.profileId, taken);
      }
    }),
  );
  if (label === null) return;
  const seconds = (performance.now() - started) / 1000;
  const used = process.cpuUsage(cpu);
  latencies.sort((a, b) => a - b);
  console.log(
    `${label}: ${adds} adds by ${CLIENTS} clients in ${seconds.toFixed(2)} s = ${(adds / seconds).toFixed(0)} adds/s; ` +
      `p50 ${ms(pct(latencies, 0.5))}, p99 ${ms(pct(latencies, 0.99))}; ` +
      `${((used.user + used.system) / adds).toFixed(0)} µs CPU per add (service and client); ${failed} refused${mode === 'queue' ? '; no slot given twice' : ''}`,
  );
}

async function seedQueued(ctx: AppContext, projectId: string, profiles: string[]) {
  const perProfile = Math.max(1, Math.floor(SEED_POSTS / profiles.length));
  const at = new Date().toISOString();
  const base = Date.now() + 3600_000;
  let written = 0;
  const started = performance.now();
  for (let p = 0; p < profiles.length; p += Math.max(1, Math.floor(2000 / perProfile))) {
    const rows = new RowSet();
    const slotRows: {
      project_id: string;
      owner: string;
      slot_at: string;
      post_id: string;
      created_at: string;
    }[] = [];
    for (const owner of profiles.slice(p, p + Math.max(1, Math.floor(2000 / perProfile)))) {
      for (let i = 0; i < perProfile; i++) {
        const id = newId('post');
        const slotAt = new Date(Math.floor(base / 1_800_000 + i + 1) * 1_800_000).toISOString();
        rows.add('posts', {
          id,
          project_id: projectId,
          content: 'seeded',
          media: '[]',
          status: 'scheduled',
          scheduled_for: slotAt,
          timezone: 'Europe/Berlin',
          was_scheduled: 1,
          raw_request: '{}',
          series_id: null,
          series_index: null,
          first_comment: null,
          created_at: at,
          updated_at: at,
        });
        slotRows.push({ project_id: projectId, owner, slot_at: slotAt, post_id: id, created_at: at });
      }
    }
    rows.add('queue_slots', ...slotRows);
    await ctx.store.db.transaction().execute((trx) => rows.write(trx, ctx.store.dialect));
    written += slotRows.length;
  }
  console.log(
    `seeded ${written} queued posts over ${profiles.length} profiles in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
}

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'sps-bench-queue-'));
  const schema = PG_URL ? await createBenchSchema(PG_URL) : null;
  const config = loadConfig({
    env: {
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      ROLE: 'api',
      PORT: '0',
      MONTHLY_CREDITS: '100000000',
      PUBLISH_WAIT_MS: '0',
      SIMULATOR_URL: 'http://127.0.0.1:9',
      ...(PG_URL ? { DATABASE_URL: PG_URL } : {}),
    },
  });
  const store = openStore({
    databaseUrl: PG_URL,
    dataDir,
    ...(schema ? { pgSchema: schema.name, poolSize: 10 } : {}),
  });
  const service = await startService(createContext(config, { store }), { listen: true, rateLimit: false });
  const { ctx } = service;
  const address = service.server?.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const pool = new Pool(`http://127.0.0.1:${port}`, { connections: CLIENTS });
  console.log(`bench:queue on ${PG_URL ? 'PostgreSQL' : 'SQLite'}, ${new Date().toISOString()}`);
  try {
    const one = await createProject(ctx, 'contention');
    const [only] = await addProfiles(ctx, one.projectId, 1, true);
    if (!only) throw new Error('no profile');
    await runAdds(
      pool,
      [{ key: one.accessKey, ...only }],
      'baseline: the same creates with scheduledFor',
      'scheduled',
    );
    await runAdds(pool, [{ key: one.accessKey, ...only }], 'contention (1 profile)');

    const spread: Target[] = [];
    for (let p = 0; p < 100; p++) {
      const project = await createProject(ctx, `spread ${p}`);
      for (const x of await addProfiles(ctx, project.projectId, 10, true))
        spread.push({ key: project.accessKey, ...x });
    }
    await runAdds(pool, spread, 'spread baseline: the same creates with scheduledFor', 'scheduled');
    await runAdds(pool, spread, 'spread (1,000 profiles over 100 projects)');

    const big = await createProject(ctx, 'reads');
    const profiles = (await addProfiles(ctx, big.projectId, SEED_PROFILES, false)).map((x) => x.profileId);
    await seedQueued(ctx, big.projectId, profiles);
    if (ctx.store.dialect === 'postgres') await store.maintenance((db) => sql`analyze`.execute(db));
    const latencies: number[] = [];
    for (let i = 0; i < READS; i++) {
      const profileId = profiles[Math.floor(Math.random() * profiles.length)] as string;
      const t0 = performance.now();
      const res = await pool.request({
        method: 'GET',
        path: `/v1/queue/slots?profileId=${profileId}&count=10`,
        headers: { 'x-access-key': big.accessKey },
      });
      const body = (await res.body.json()) as { slots: unknown[] };
      latencies.push(performance.now() - t0);
      if (res.statusCode !== 200 || body.slots.length !== 10)
        throw new Error(`slots answered ${res.statusCode}`);
    }
    latencies.sort((a, b) => a - b);
    console.log(
      `reads: ${READS} GET /v1/queue/slots?count=10 one at a time: p50 ${ms(pct(latencies, 0.5))}, p99 ${ms(pct(latencies, 0.99))}`,
    );
  } finally {
    await pool.close();
    await service.stop();
    await schema?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
