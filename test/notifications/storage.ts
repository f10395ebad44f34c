/**
 * One storage (a SQLite directory or a PostgreSQL schema) that several services
 * start on one after another, to prove that work survives a stop or a crash.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createContext, type Service, startService } from '../../src/app.ts';
import { loadConfig, type SettingName } from '../../src/config.ts';
import { createLogger } from '../../src/log.ts';
import type { Dialect } from '../../src/store/db.ts';
import { createPgSchema, PG_URL } from '../harness.ts';

export interface SharedStorage {
  start(settings?: Partial<Record<SettingName, string>>): Promise<Service>;
  drop(): Promise<void>;
}

export async function sharedStorage(
  dialect: Dialect,
  base: Partial<Record<SettingName, string>> = {},
): Promise<SharedStorage> {
  const dataDir = mkdtempSync(join(tmpdir(), 'sps-shared-'));
  const pgSchema = dialect === 'postgres' ? await createPgSchema() : null;
  const key = randomBytes(32).toString('base64');
  return {
    async start(settings = {}) {
      const config = loadConfig({
        env: {
          DATA_DIR: dataDir,
          LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
          ENCRYPTION_KEY: key,
          OUTBOUND_ALLOWLIST: '127.0.0.1,::1,localhost',
          ...(dialect === 'postgres' ? { DATABASE_URL: PG_URL } : {}),
          ...base,
          ...settings,
        },
      });
      const ctx = createContext(config, {
        log: createLogger(config.LOG_LEVEL),
        storeOptions: pgSchema ? { pgSchema: pgSchema.schema, poolSize: 5 } : {},
      });
      return startService(ctx);
    },
    async drop() {
      await pgSchema?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
