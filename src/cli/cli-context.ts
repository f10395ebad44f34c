/** The context an admin command works in: the service's settings and store, migrated, closed afterwards. */
import { createContext } from '../app.ts';
import { type Config, loadConfig } from '../config.ts';
import type { AppContext } from '../context.ts';
import { createLogger } from '../log.ts';
import { migrateToLatest } from '../store/migrate.ts';

export const cliConfig = (): Readonly<Config> => loadConfig({ env: process.env, cwd: process.cwd() });

export async function withCliContext<T>(
  config: Readonly<Config>,
  fn: (ctx: AppContext) => Promise<T>,
): Promise<T> {
  const ctx = createContext(config, { log: createLogger('warn') });
  try {
    await migrateToLatest(ctx.store);
    return await fn(ctx);
  } finally {
    await ctx.store.close();
  }
}
