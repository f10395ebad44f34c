/**
 * The context an admin command works in: the service's settings and store,
 * migrated, closed afterwards. Loaded on demand: the settings catalog and the
 * service (every platform module, the store drivers) take seconds to load, which a
 * user command, a client of the API, never needs.
 */
import { userInfo } from 'node:os';
import type { Config } from '../config.ts';
import type { AppContext } from '../context.ts';

export async function cliConfig(): Promise<Readonly<Config>> {
  const { loadConfig } = await import('../config.ts');
  return loadConfig({ env: process.env, cwd: process.cwd() });
}

export async function withCliContext<T>(
  config: Readonly<Config>,
  fn: (ctx: AppContext) => Promise<T>,
): Promise<T> {
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
    await migrateToLatest(ctx.store);
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
