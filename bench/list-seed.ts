/**
 * The data of bench/list.ts, written straight into the tables in batched multi-row
 * INSERTs (one statement per BATCH rows, many statements per transaction): profiles
 * and integrations of every project, then posts in creation order, each with its
 * three targets on three platforms. Projects are interleaved over time as real
 * traffic is, so one project's rows are spread over the whole table. A seeded
 * pseudo-random generator makes every run write the same shape.
 */
import { DatabaseSync } from 'node:sqlite';
import pg from 'pg';
import { newId } from '../src/domain/ids.ts';
import { PLATFORMS } from '../src/platforms/names.ts';

/** Rows per INSERT statement (19 columns × 1000 stays under both databases' parameter limits). */
const BATCH = 1000;
/** INSERT statements per transaction. */
const STATEMENTS_PER_COMMIT = 20;
const DAY = 86_400_000;
/** Posts are created over the year before this instant. */
export const YEAR_END = Date.parse('2026-11-01T00:00:00Z');
export const YEAR_START = YEAR_END - 365 * DAY;

/** Where the rows go: SQLite through its own connection to the file, or a PostgreSQL client in the run's schema. */
export interface BulkWriter {
  insert(table: string, columns: readonly string[], rows: unknown[][]): Promise<void>;
  commit(): Promise<void>;
  close(): Promise<void>;
}

export function sqliteWriter(path: string): BulkWriter {
  const db = new DatabaseSync(path);
  db.exec('PRAGMA busy_timeout = 5000');
  db.exec('PRAGMA cache_size = -512000');
  db.exec('BEGIN');
  const statements = new Map<string, ReturnType<DatabaseSync['prepare']>>();
  return {
    async insert(table, columns, rows) {
      const key = `${table}:${rows.length}`;
      let stmt = statements.get(key);
      if (!stmt) {
        const tuple = `(${columns.map(() => '?').join(',')})`;
        stmt = db.prepare(
          `insert into ${table} (${columns.join(',')}) values ${rows.map(() => tuple).join(',')}`,
        );
        statements.set(key, stmt);
      }
      stmt.run(...(rows.flat() as (string | number | null)[]));
    },
    async commit() {
      db.exec('COMMIT');
      db.exec('BEGIN');
    },
    async close() {
      db.exec('COMMIT');
      db.close();
    },
  };
}

export async function postgresWriter(url: string, schema: string): Promise<BulkWriter> {
  const client = new pg.Client({ connectionString: url, options: `-c search_path=${schema}` });
  await client.connect();
  await client.query('begin');
  return {
    async insert(table, columns, rows) {
      const tuples = rows.map(
        (_, r) => `(${columns.map((_c, c) => `$${r * columns.length + c + 1}`).join(',')})`,
      );
      // Named: PostgreSQL parses and plans each statement shape once.
      await client.query({
        name: `bulk_${table}_${rows.length}`,
        text: `insert into ${table} (${columns.join(',')}) values ${tuples.join(',')}`,
        values: rows.flat(),
      });
    },
    async commit() {
      await client.query('commit');
      await client.query('begin');
    },
    async close() {
      await client.query('commit');
      await client.end();
    },
  };
}

/** mulberry32: small, fast, and the same sequence on every run. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)] as T,
  };
}

/** Post statuses in the proportions of a busy account: mostly published, some queued, a few failures. */
const STATUS_WEIGHTS: [string, number][] = [
  ['published', 0.6],
  ['scheduled', 0.14],
  ['draft', 0.1],
  ['failed', 0.05],
  ['partial', 0.05],
  ['pending', 0.03],
  ['publishing', 0.03],
];

function statusOf(x: number): string {
  let acc = 0;
  for (const [status, w] of STATUS_WEIGHTS) {
    acc += w;
    if (x < acc) return status;
  }
  return 'published';
}

export interface SeedProject {
  id: string;
  accessKey: string;
  profiles: string[];
}

export interface SeedCounts {
  posts: number;
  integrations: number;
  profilesPerProject: number;
}

/** Collects rows and writes them BATCH at a time; `add` answers true when it wrote. */
class Batcher {
  private rows: unknown[][] = [];
  private statements = 0;
  private readonly writer: BulkWriter;
  private readonly table: string;
  private readonly columns: readonly string[];
  private readonly autoFlush: boolean;
  constructor(writer: BulkWriter, table: string, columns: readonly string[], autoFlush = true) {
    this.writer = writer;
    this.table = table;
    this.columns = columns;
    this.autoFlush = autoFlush;
  }
  async add(row: unknown[]): Promise<boolean> {
    this.rows.push(row);
    if (!this.autoFlush || this.rows.length < BATCH) return false;
    await this.flush();
    return true;
  }
  async flush() {
    for (let i = 0; i < this.rows.length; i += BATCH) {
      await this.writer.insert(this.table, this.columns, this.rows.slice(i, i + BATCH));
      if (++this.statements % STATEMENTS_PER_COMMIT === 0) await this.writer.commit();
    }
    this.rows = [];
  }
}

const INTEGRATION_COLUMNS = [
  'id',
  'project_id',
  'profile_id',
  'platform',
  'platform_user_id',
  'username',
  'display_name',
  'profile_url',
  'image_url',
  'platform_metadata',
  'scopes',
  'access_token_enc',
  'access_token_expires_at',
  'auth_status',
  'created_at',
  'updated_at',
] as const;
const POST_COLUMNS = [
  'id',
  'project_id',
  'content',
  'media',
  'status',
  'scheduled_for',
  'timezone',
  'was_scheduled',
  'raw_request',
  'created_at',
  'updated_at',
] as const;
const TARGET_COLUMNS = [
  'id',
  'project_id',
  'post_id',
  'position',
  'platform',
  'integration_id',
  'content',
  'platform_specific_data',
  'status',
  'platform_post_id',
  'platform_post_url',
  'published_at',
  'error_message',
  'attempt',
  'created_at',
  'updated_at',
] as const;

const WORDS = 'launch update team product morning news thread sale event recap video photo tips week'.split(
  ' ',
);
const iso = (t: number) => new Date(t).toISOString();

/**
 * Writes profiles, integrations, posts and targets for `projects` (already created,
 * with their access keys). Fills in each project's profile ids.
 */
export async function seed(writer: BulkWriter, projects: SeedProject[], counts: SeedCounts): Promise<void> {
  const rnd = generator(20);
  const profiles = new Batcher(writer, 'profiles', ['id', 'project_id', 'name', 'created_at', 'updated_at']);
  const integrations = new Batcher(writer, 'integrations', INTEGRATION_COLUMNS);
  /** Per project, per platform: its integration ids with their profile. */
  const accounts = new Map<string, Map<string, string[]>>();
  const perProject = Math.max(PLATFORMS.length, Math.floor(counts.integrations / projects.length));
  for (const p of projects) {
    const at = iso(YEAR_START - 30 * DAY);
    for (let i = 0; i < counts.profilesPerProject; i++) {
      const id = newId('prof', YEAR_START - 30 * DAY);
      p.profiles.push(id);
      await profiles.add([id, p.id, `Brand ${i + 1}`, at, at]);
    }
    const byPlatform = new Map<string, string[]>(PLATFORMS.map((pl) => [pl, []]));
    accounts.set(p.id, byPlatform);
    for (let i = 0; i < perProject; i++) {
      const platform = PLATFORMS[i % PLATFORMS.length] as string;
      const created = YEAR_START - 30 * DAY + rnd.int(390 * DAY);
      const id = newId('int', created);
      // One integration in (profiles + 1) has no profile (profileId=null lists them).
      const slot = i % (counts.profilesPerProject + 1);
      const profileId = slot < counts.profilesPerProject ? (p.profiles[slot] as string) : null;
      byPlatform.get(platform)?.push(id);
      const user = `${platform}user${i}`;
      await integrations.add([
        id,
        p.id,
        profileId,
        platform,
        `${platform}-${rnd.int(1e12)}`,
        user,
        `${rnd.pick(WORDS)} ${rnd.pick(WORDS)} ${i}`,
        `https://${platform}.example/${user}`,
        null,
        '{}',
        '["publish"]',
        'sealed:v1:0000000000000000000000000000000000000000000000000000000000000000',
        iso(created + 60 * DAY),
        i % 50 === 0 ? 'needs_reconnect' : 'active',
        iso(created),
        iso(created),
      ]);
    }
  }
  await profiles.flush();
  await integrations.flush();

  const posts = new Batcher(writer, 'posts', POST_COLUMNS);
  // Targets are written after their posts (the foreign key wants the post first).
  const targets = new Batcher(writer, 'post_targets', TARGET_COLUMNS, false);
  const span = YEAR_END - YEAR_START;
  for (let n = 0; n < counts.posts; n++) {
    const project = projects[rnd.int(projects.length)] as SeedProject;
    const created = YEAR_START + Math.floor((n / counts.posts) * span) + rnd.int(60_000);
    const status = statusOf(rnd.next());
    const wasScheduled = status === 'scheduled' || (status !== 'draft' && rnd.next() < 0.4);
    const scheduledFor = wasScheduled ? created + 3_600_000 + rnd.int(45 * DAY) : null;
    const postId = newId('post', created);
    const content = `${rnd.pick(WORDS)} ${rnd.pick(WORDS)}: our ${rnd.pick(WORDS)} ${rnd.pick(WORDS)} is here, read more at https://example.com/${n} #${rnd.pick(WORDS)}`;
    const at = iso(created);
    const byPlatform = accounts.get(project.id) as Map<string, string[]>;
    const chosen: string[] = [];
    while (chosen.length < 3) {
      const platform = rnd.pick(PLATFORMS);
      if (!chosen.includes(platform)) chosen.push(platform);
    }
    const targetRows = chosen.map((platform, position) => {
      const integrationId = rnd.pick(byPlatform.get(platform) as string[]);
      const tStatus = status === 'partial' ? (position === 2 ? 'failed' : 'published') : status;
      const published = tStatus === 'published';
      const publishedAt = published ? iso((scheduledFor ?? created) + 2000 + rnd.int(60_000)) : null;
      return [
        newId('tgt', created),
        project.id,
        postId,
        position,
        platform,
        integrationId,
        null,
        '{}',
        tStatus,
        published ? `${rnd.int(1e15)}` : null,
        published ? `https://${platform}.example/p/${rnd.int(1e15)}` : null,
        publishedAt,
        tStatus === 'failed' ? 'The platform refused the post: rate limited' : null,
        published || tStatus === 'failed' ? 1 : 0,
        at,
        publishedAt ?? at,
      ];
    });
    const rawRequest = JSON.stringify({
      content,
      platforms: targetRows.map((t) => ({ platform: t[4], accountId: t[5] })),
      ...(scheduledFor ? { scheduledFor: iso(scheduledFor), timezone: 'Europe/Paris' } : {}),
    });
    const wrotePosts = await posts.add([
      postId,
      project.id,
      content,
      '[]',
      status,
      scheduledFor === null ? null : iso(scheduledFor),
      wasScheduled ? 'Europe/Paris' : 'UTC',
      wasScheduled ? 1 : 0,
      rawRequest,
      at,
      targetRows[0]?.[15] ?? at,
    ]);
    for (const t of targetRows) await targets.add(t);
    if (wrotePosts) await targets.flush();
  }
  await posts.flush();
  await targets.flush();
}
