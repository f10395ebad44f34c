/**
 * What domain functions receive: settings, storage, a logger, the clock, and the
 * parts that other areas plug in (the platform modules, account access, the
 * engine's part of the post lifecycle). Built once in app.ts createContext (or by
 * the test harness, which may substitute parts) and passed down: no module keeps
 * wiring of its own.
 */
import type { Logger } from 'pino';
import type { Registry } from 'prom-client';
import type { Config } from './config.ts';
import type { Sealer } from './domain/crypto.ts';
import type { AccountAccessProvider } from './domain/integrations/account-access.ts';
import type { PostLifecycle } from './domain/posts/hooks.ts';
import type { MediaStager } from './media/stage.ts';
import type { MediaStorage } from './media/storage/types.ts';
import type { OutboundClient } from './net/outbound.ts';
import type { PlatformEndpoints } from './platforms/endpoints.ts';
import type { PlatformRegistry } from './platforms/module.ts';
import type { Platform } from './platforms/names.ts';
import type { Store } from './store/db.ts';

export interface AppContext {
  /** The settings, validated and frozen at start. */
  readonly config: Readonly<Config>;
  readonly store: Store;
  log: Logger;
  /** The current time; tests may substitute their own clock. */
  now: () => Date;
  /** Prometheus registry served at /metrics. */
  readonly metrics: Registry;
  /** Encrypts and decrypts secrets stored at rest. */
  readonly sealer: Sealer;
  /** Every platform's module (src/platforms/registry.ts unless a test gives its own). */
  readonly platforms: PlatformRegistry;
  /** Each platform's hosts, app and mode under these settings (real, sandbox or unavailable). */
  readonly endpoints: Readonly<Record<Platform, PlatformEndpoints>>;
  /**
   * The one client for requests to addresses that came from outside (users, AI
   * providers): address filter (OUTBOUND_ALLOWLIST), checked redirects, time limit;
   * callers read bodies with `readLimited`. The media stager uses it too.
   */
  readonly outbound: OutboundClient;
  /** Fetches user media for the publishers through the safe outbound client. */
  readonly media: MediaStager;
  /** Where uploaded media and AI images are stored (MEDIA_STORAGE: local disk or S3-compatible). */
  readonly mediaStore: MediaStorage;
  /** Credentials of connected accounts for platform calls, and the refresh after an auth error. */
  readonly accounts: AccountAccessProvider;
  /** What the publishing engine does when posts are accepted, changed or published now. */
  readonly lifecycle: PostLifecycle;
}

/**
 * Runs `work` with a context whose store answers in maintenance scope (Store.maintenance):
 * its statements are held to `statementTimeoutMs` (default DATABASE_MAINTENANCE_TIMEOUT_MS)
 * instead of the request deadline. For background maintenance: retention sweeps, a
 * benchmark's set-up. `work` gets one connection: it must not wait on two queries at once.
 */
export function inMaintenanceScope<T>(
  ctx: AppContext,
  work: (ctx: AppContext) => Promise<T>,
  statementTimeoutMs: number = ctx.config.DATABASE_MAINTENANCE_TIMEOUT_MS,
): Promise<T> {
  return ctx.store.maintenance((db) => work({ ...ctx, store: { ...ctx.store, db } }), { statementTimeoutMs });
}
