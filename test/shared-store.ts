/**
 * Several contexts on ONE database, as several service processes would have:
 * on PostgreSQL, one schema reached through separate pools; on SQLite, one file
 * opened by separate connections. For tests of runners that share work.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createContext } from '../src/app.ts';
import { loadConfig, type SettingName } from '../src/config.ts';
import type { AppContext } from '../src/context.ts';
import { createLogger } from '../src/log.ts';
import { type Dialect, openStore } from '../src/store/db.ts';
import { migrateToLatest } from '../src/store/migrate.ts';
import { createPgSchema, PG_URL } from './harness.ts';

export interface SharedStores {
  contexts: AppContext[];
  /** For child processes: DATABASE_URL/DATA_DIR and the schema's search_path. */
  dataDir: string;
  pgSchema: string | null;
  close(): Promise<void>;
}

export async function openSharedStores(
  dialect: Dialect,
  count: number,
  settings: Partial<Record<SettingName, string>> = {},
): Promise<SharedStores> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sps-shared-'));
  const schema = dialect === 'postgres' ? await createPgSchema() : null;
  const config = loadConfig({
    env: {
      DATA_DIR: dataDir,
      LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
      ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      ...(dialect === 'postgres' ? { DATABASE_URL: PG_URL } : {}),
      ...settings,
    },
  });
  const contexts: AppContext[] = [];
  for (let i = 0; i < count; i++) {
    const store = openStore({
      databaseUrl: config.DATABASE_URL,
      dataDir,
      ...(schema ? { pgSchema: schema.schema, poolSize: 5 } : {}),
    });
    contexts.push(createContext(config, { store, log: createLogger(config.LOG_LEVEL) }));
  }
  await migrateToLatest((contexts[0] as AppContext).store);
  return {
    contexts,
    dataDir,
    pgSchema: schema?.schema ?? null,
    async close() {
      for (const c of contexts) await c.store.close();
      await schema?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Waits for `predicate` to hold. The default limit is generous on purpose: on a machine with
 * a load average many times its cores, work that takes milliseconds when quiet takes seconds;
 * the limit is there to end a test that is stuck, not to time one that is slow.
 */
export async function until(predicate: () => boolean | Promise<boolean>, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await predicate())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 5));
  }
}

/**
 * Resolves with `read()`'s value once `done` holds of it, however long that takes
 * while the value keeps changing: it fails only when the value stood still for
 * `stallMs`. A busy machine makes work slow, not stuck; a budget for the whole wait
 * would call the first a failure.
 */
export async function untilSettled<T>(
  read: () => T | Promise<T>,
  done: (value: T) => boolean,
  what: string,
  stallMs = 60_000,
): Promise<T> {
  let value = await read();
  let seen = JSON.stringify(value);
  let movedAt = Date.now();
  while (!done(value)) {
    if (Date.now() - movedAt > stallMs)
      throw new Error(`${what}: no progress for ${stallMs} ms (still ${seen})`);
    await new Promise((r) => setTimeout(r, 20));
    value = await read();
    const now = JSON.stringify(value);
    if (now !== seen) {
      seen = now;
      movedAt = Date.now();
    }
  }
  return value;
}
