/**
 * Assembles the service from a Config: context (store, logger, metrics, sealer),
 * migrations, the HTTP server and the background workers, by role. main.ts and
 * the test harness both start the service through here.
 */

import type { FastifyInstance } from 'fastify';
import type { Logger } from 'pino';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import { keyRingFromConfig, sealerFromConfig } from './domain/crypto.ts';
import { type AccountAccessProvider, storedAccounts } from './domain/integrations/account-access.ts';
import type { PostLifecycle } from './domain/posts/hooks.ts';
import { publishingLifecycle } from './domain/publishing/lifecycle.ts';
import { assertKeysHeld } from './domain/secrets/held-keys.ts';
import { createMetricsRegistry } from './http/metrics.ts';
import { type MetricsServer, serveMetrics } from './http/metrics-server.ts';
import { registerServiceMetrics } from './http/service-metrics.ts';
import { createLogger } from './log.ts';
import { createMediaStager } from './media/stage.ts';
import { createMediaStorage, localMediaFile } from './media/storage/index.ts';
import { createOutboundClient } from './net/outbound.ts';
import { watchPlatformCalls } from './platforms/call-metrics.ts';
import { platformEndpoints } from './platforms/endpoints.ts';
import type { PlatformRegistry } from './platforms/module.ts';
import { PLATFORMS } from './platforms/names.ts';
import { DEFAULT_REGISTRY } from './platforms/registry.ts';
import { type OpenOptions, openStore, type Store } from './store/db.ts';
import { migrateToLatest } from './store/migrate.ts';
import { startWorkers, type Workers } from './workers.ts';

export interface ContextOptions {
  log?: Logger;
  store?: Store;
  storeOptions?: Partial<OpenOptions>;
  now?: () => Date;
  /** Tests: other platform modules (a scripted publisher), account access or lifecycle. */
  platforms?: PlatformRegistry;
  accounts?: AccountAccessProvider;
  lifecycle?: PostLifecycle;
}

export function createContext(config: Readonly<Config>, options: ContextOptions = {}): AppContext {
  const mediaStore = createMediaStorage(
    config,
    keyRingFromConfig(config.ENCRYPTION_KEY, config.ENCRYPTION_PREVIOUS_KEYS, config.DATA_DIR),
  );
  const outbound = createOutboundClient({ allowlist: config.OUTBOUND_ALLOWLIST });
  const store =
    options.store ??
    openStore({
      databaseUrl: config.DATABASE_URL,
      dataDir: config.DATA_DIR,
      connectTimeoutMs: config.DATABASE_CONNECT_TIMEOUT_MS,
      statementTimeoutMs: config.DATABASE_STATEMENT_TIMEOUT_MS,
      ...options.storeOptions,
    });
  return {
    config,
    store,
    log: options.log ?? createLogger(config.LOG_LEVEL),
    now: options.now ?? (() => new Date()),
    metrics: createMetricsRegistry(),
    sealer: sealerFromConfig(config.ENCRYPTION_KEY, config.ENCRYPTION_PREVIOUS_KEYS, config.DATA_DIR),
    platforms: options.platforms ?? DEFAULT_REGISTRY,
    endpoints: Object.fromEntries(
      PLATFORMS.map((p) => [p, platformEndpoints(config, p)]),
    ) as AppContext['endpoints'],
    outbound,
    media: createMediaStager({
      outbound,
      maxBytes: config.MEDIA_MAX_BYTES,
      fetchTimeoutMs: config.MEDIA_FETCH_TIMEOUT_MS,
      localFile: (url) => localMediaFile(mediaStore, config.PUBLIC_URL ?? '', url),
    }),
    mediaStore,
    accounts: options.accounts ?? storedAccounts,
    lifecycle: options.lifecycle ?? publishingLifecycle,
  };
}

export interface Service {
  ctx: AppContext;
  server: FastifyInstance | null;
  workers: Workers | null;
  /** Where METRICS_PORT serves /metrics alone, when it is set. */
  metricsUrl: string | null;
  /** Stops taking requests, lets in-flight work finish, hands back leases, closes the store. */
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Listen on the configured port; tests use `server.inject` or listen themselves. */
  listen?: boolean;
  rateLimit?: boolean;
}

export async function startService(ctx: AppContext, options: StartOptions = {}): Promise<Service> {
  await migrateToLatest(ctx.store);
  // Before anything answers: a secret under a key this service lacks stops the start with its name.
  await assertKeysHeld(ctx).catch(async (err) => {
    await ctx.store.close();
    throw err;
  });
  const role = ctx.config.ROLE;
  const server = role === 'worker' ? null : await buildApiServer(ctx, options);
  if (server && options.listen) await server.listen({ port: ctx.config.PORT, host: ctx.config.HOST });
  const workers = role === 'api' ? null : startWorkers(ctx);
  // Publishing figures (docs/operating.md) are registered at start so /metrics lists them from the first scrape.
  let unwatch: (() => void) | null = null;
  let metricsServer: MetricsServer | null = null;
  if (ctx.config.METRICS_ENABLED) {
    registerServiceMetrics(ctx);
    unwatch = watchPlatformCalls(ctx);
    if (ctx.config.METRICS_PORT !== undefined)
      metricsServer = await serveMetrics(ctx, ctx.config.METRICS_PORT, ctx.config.HOST);
  }
  let stopping: Promise<void> | null = null;
  return {
    ctx,
    server,
    workers,
    metricsUrl: metricsServer?.url ?? null,
    stop() {
      stopping ??= (async () => {
        await server?.close();
        await workers?.stop();
        unwatch?.();
        await metricsServer?.close();
        await ctx.store.close();
      })();
      return stopping;
    },
  };
}

/**
 * The HTTP layer (Fastify, every route, the API reference page) is loaded only by
 * the roles that serve it: a worker process keeps tens of megabytes less heap,
 * which under load the garbage collector would multiply.
 */
async function buildApiServer(ctx: AppContext, options: StartOptions): Promise<FastifyInstance> {
  const [{ buildServer }, { allRoutes, allWebhooks }] = await Promise.all([
    import('./http/server.ts'),
    import('./routes/index.ts'),
  ]);
  return buildServer(ctx, { routes: allRoutes, webhooks: allWebhooks, rateLimit: options.rateLimit });
}
