/**
 * The context an admin command works in: the service's settings, read as the service
 * reads them (the environment, `.env` in the working directory, and the flags
 * `--data-dir`, `--database-url`, `--public-url`), and its store, migrated, closed
 * afterwards. Each command says on stderr which database it opened and where links
 * point, with where each setting came from, so a command run against the wrong
 * service shows it. Only `project create` and `migrate` may start a new database;
 * any other command against a missing database, or one with no projects, says so.
 * Loaded on demand: the settings catalog and the service (every platform module, the
 * store drivers) take seconds to load, which a user command, a client of the API,
 * never needs.
 */
import { existsSync } from 'node:fs';
import { userInfo } from 'node:os';
import { join } from 'node:path';
import type { Config } from '../config.ts';
import { ConfigError } from '../config-error.ts';
import type { AppContext } from '../context.ts';
import { AppError } from '../errors.ts';

/** The service's settings a command line may give (`--data-dir DIR` or `--data-dir=DIR`), as the service takes them. */
const SETTING_FLAGS: Record<string, string> = {
  '--data-dir': 'DATA_DIR',
  '--database-url': 'DATABASE_URL',
  '--public-url': 'PUBLIC_URL',
};

let settingFlags: string[] = [];

/** Takes the setting flags out of the command line (kept for cliConfig); answers the rest for the commands. */
export function takeSettingFlags(argv: readonly string[]): string[] {
  const rest: string[] = [];
  settingFlags = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const flag = arg.split('=')[0] ?? '';
    if (!(flag in SETTING_FLAGS)) {
      rest.push(arg);
      continue;
    }
    settingFlags.push(arg);
    if (!arg.includes('=') && i + 1 < argv.length) settingFlags.push(argv[++i] ?? '');
  }
  return rest;
}

/** Where a setting's value came from, in the order the service reads them. */
function sourceOf(name: string, fileEnv: Record<string, string>): string {
  const flag = Object.entries(SETTING_FLAGS).find(([, n]) => n === name)?.[0];
  if (flag && settingFlags.some((a) => a === flag || a.startsWith(`${flag}=`))) return `from ${flag}`;
  if (process.env[name]) return 'from the environment';
  if (fileEnv[name]) return 'from .env';
  return 'not set: the default';
}

export interface CliConfig extends Readonly<Config> {
  /** "DATA_DIR from .env", for the operator. */
  readonly sourceOf?: (name: 'DATA_DIR' | 'DATABASE_URL' | 'PUBLIC_URL') => string;
}

export async function cliConfig(): Promise<CliConfig> {
  const { loadConfig, readEnvFile } = await import('../config.ts');
  // The service's own parser reads the flags, so they are checked as the service checks them.
  const config = loadConfig({ env: process.env, cwd: process.cwd(), argv: settingFlags });
  const fileEnv = readEnvFile(process.cwd());
  return Object.assign(Object.create(null), config, { sourceOf: (n: string) => sourceOf(n, fileEnv) });
}

/** One line on stderr: the database opened and where links point, with where each came from. */
function announce(config: CliConfig, describe: string): void {
  const database = config.DATABASE_URL
    ? `DATABASE_URL ${config.sourceOf?.('DATABASE_URL') ?? ''}`
    : `DATA_DIR ${config.sourceOf?.('DATA_DIR') ?? ''}`;
  process.stderr.write(
    `Database: ${describe} (${database}); links: ${config.PUBLIC_URL} (PUBLIC_URL ${config.sourceOf?.('PUBLIC_URL') ?? ''})\n`,
  );
}

export async function withCliContext<T>(
  config: CliConfig,
  fn: (ctx: AppContext) => Promise<T>,
  options: { mayStartDatabase?: boolean } = {},
): Promise<T> {
  const { SQLITE_FILE } = await import('../store/backup.ts');
  const sqlitePath = join(config.DATA_DIR, SQLITE_FILE);
  if (!config.DATABASE_URL && !options.mayStartDatabase && !existsSync(sqlitePath))
    throw new ConfigError(
      `No database at ${sqlitePath} (DATA_DIR ${config.sourceOf?.('DATA_DIR') ?? ''}): nothing was created. Give the CLI the service's DATA_DIR or DATABASE_URL (environment, .env, --data-dir, --database-url), or start a new database with \`project create\` or \`migrate\``,
    );
  const [{ createContext }, { createLogger }, { migrateToLatest }, { actingAs }] = await Promise.all([
    import('../app.ts'),
    import('../log.ts'),
    import('../store/migrate.ts'),
    import('../domain/audit/actor.ts'),
  ]);
  // An operator's command is maintenance (a key rotation rewrites every sealed value, a
  // migration may rewrite a table): no client waits on it, so its statements are not held
  // to the request deadline (DATABASE_STATEMENT_TIMEOUT_MS), as in Store.maintenance.
  const ctx = createContext(config, { log: createLogger('warn'), storeOptions: { statementTimeoutMs: 0 } });
  try {
    announce(config, ctx.store.describe);
    await migrateToLatest(ctx.store);
    if (!options.mayStartDatabase) {
      const any = await ctx.store.db.selectFrom('projects').select('id').limit(1).executeTakeFirst();
      if (!any)
        throw new AppError(
          'not_found',
          `The database ${ctx.store.describe} has no projects: it is not the one the service uses, or the service has not started on it yet. Give the CLI the service's DATA_DIR or DATABASE_URL, or create a project with \`project create\``,
        );
    }
    // The operator's changes are recorded in the audit log as the CLI's, with the system user's name.
    return await actingAs({ kind: 'cli', who: `cli:${operatorName()}`, address: null }, () => fn(ctx));
  } finally {
    await ctx.store.close();
  }
}

function operatorName(): string {
  try {
    return userInfo().username;
  } catch {
    return 'operator';
  }
}
