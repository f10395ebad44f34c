/**
 * What domain functions receive: settings, storage, a logger and the clock.
 * Built once in main.ts (or by the test harness) and passed down.
 */
import type { Logger } from 'pino';
import type { Registry } from 'prom-client';
import type { Config } from './config.ts';
import type { Sealer } from './domain/crypto.ts';
import type { Store } from './store/db.ts';

export interface AppContext {
  config: Config;
  store: Store;
  log: Logger;
  /** The current time; tests may substitute their own clock. */
  now: () => Date;
  /** Prometheus registry served at /metrics. */
  metrics: Registry;
  /** Encrypts and decrypts secrets stored at rest. */
  sealer: Sealer;
}
