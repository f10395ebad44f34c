/**
 * The context an admin command works in: the service's settings and store,
 * migrated, closed afterwards. Loaded on demand: the settings catalog and the
 * service (every platform module, the store drivers) take seconds to load, which a
 * user command, a client of the API, never needs.
 */
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
  const [{ createContext }, { createLogger }, { migrateToLatest }] = await Promise.all([
    import('../app.ts'),
    import('../log.ts'),
    import('../store/migrate.ts'),
  ]);
  const ctx = createContext(config, { log: createLogger('warn') });
  try {
    await migrateToLatest(ctx.store);
    return await fn(ctx);
  } finally {
    await ctx.store.close();
  }
}
