/**
 * Starts the service: `node src/main.ts [--role api|worker|all] [--port N]`.
 * Reads the settings once, migrates, creates the `default` project on the first
 * start (printing its key once), and stops cleanly on SIGTERM or SIGINT.
 */
import { enableCompileCache } from 'node:module';
import { createContext, type Service, startService } from './app.ts';
import { type Config, ConfigError, loadConfig } from './config.ts';
import { bootstrapDefaultProject } from './domain/projects/projects.ts';
import { UnheldKeyError } from './domain/secrets/held-keys.ts';
import { createLogger } from './log.ts';
import { type Sandbox, startSandbox } from './platforms/sandbox.ts';

// Started as `node src/main.ts` (not through src/start.js): the HTTP layer, loaded on
// demand, still comes from the compile cache. Already enabled by start.js: no change.
enableCompileCache();

async function main(): Promise<void> {
  let config: Readonly<Config>;
  try {
    config = loadConfig({ env: process.env, argv: process.argv.slice(2), cwd: process.cwd() });
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`Configuration error: ${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }
  const log = createLogger(config.LOG_LEVEL);
  let service: Service | null = null;
  let sandbox: Sandbox | null = null;
  let stopRequested: string | null = null;

  const shutdown = (signal: string) => {
    if (stopRequested) return;
    stopRequested = signal;
    // A signal during start-up is acted on once the service is up.
    if (service) stop(service, signal);
  };
  const stop = (running: Service, signal: string) => {
    log.info({ signal }, 'stopping: no new requests, finishing work in flight');
    const timer = setTimeout(() => {
      log.error('in-flight work did not finish in time; exiting');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    running
      .stop()
      .then(() => sandbox?.close())
      .then(
        () => {
          log.info('stopped');
          process.exit(0);
        },
        (err) => {
          log.error({ err }, 'error while stopping');
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));

  try {
    // Sandbox mode first: the service runs with the settings that name the simulator it started.
    const started = await startSandbox(config, log);
    sandbox = started.sandbox;
    config = started.config;
    service = await startService(createContext(config, { log }), { listen: true });
  } catch (err) {
    // Said plainly too: the operator must act on it (restore the key it names).
    if (err instanceof UnheldKeyError) process.stderr.write(`Refusing to start: ${err.message}\n`);
    log.fatal({ err }, 'could not start');
    process.exit(1);
  }
  const { ctx } = service;
  const first = await bootstrapDefaultProject(ctx);
  if (first) process.stdout.write(`Access key for project default: ${first.accessKey}\n`);
  if (first?.ownerLink)
    process.stdout.write(`Owner ${config.OWNER_EMAIL} sets their password here (once): ${first.ownerLink}\n`);
  const address = service.server?.server.address();
  // The address people and platforms use (PUBLIC_URL, which links and OAuth callbacks are
  // built from), and separately where the socket listens: one address for the dashboard.
  const listening = address && typeof address === 'object' ? `http://${config.HOST}:${address.port}` : null;
  // PORT=0 (a free port) has no PUBLIC_URL default to agree with: the listening address is it.
  const url = listening ? (config.PORT === 0 ? listening : config.PUBLIC_URL) : null;
  ctx.log.info(
    {
      role: config.ROLE,
      store: ctx.store.describe,
      url,
      listening,
      docs: url ? `${url}/docs` : null,
      ...(service.metricsUrl ? { metrics: service.metricsUrl } : {}),
    },
    'service started',
  );
  if (stopRequested) stop(service, stopRequested);
}

await main();
