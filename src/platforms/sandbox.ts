/**
 * Sandbox mode at start: when some platforms have no client credentials (and
 * SANDBOX=auto), the simulator serves them. Without SIMULATOR_URL one is started
 * in this process on SIMULATOR_PORT, and the service runs with a copy of the
 * settings that names its URL, so every unconfigured platform points at it (see
 * endpoints.ts). The log says so plainly.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Simulator } from '../simulator/index.ts';
import { sandboxPlatforms } from './endpoints.ts';

export interface Sandbox {
  url: string;
  close(): Promise<void>;
}

/** The settings to run with (with the started simulator's URL), and the simulator to stop, if one was started. */
export interface SandboxStart {
  config: Readonly<Config>;
  sandbox: Sandbox | null;
}

export async function startSandbox(config: Readonly<Config>, log: Logger): Promise<SandboxStart> {
  const unchanged = { config, sandbox: null };
  if (config.SANDBOX !== 'auto') return unchanged;
  const platforms = sandboxPlatforms(config);
  if (platforms.length === 0) return unchanged;
  if (config.SIMULATOR_URL) {
    log.info(`sandbox mode: ${platforms.join(', ')} use the simulator at ${config.SIMULATOR_URL}`);
    return unchanged;
  }
  // Its state lives under the data directory, so a restart keeps connected sandbox accounts and their posts.
  const dir = join(config.DATA_DIR, 'sandbox');
  const stateFile = join(dir, 'simulator.json');
  const sim = await startOnStablePort(config.SIMULATOR_PORT, join(dir, 'simulator.port'), stateFile, log);
  log.info(
    { simulator: sim.url, platforms, state: stateFile },
    `sandbox mode: ${platforms.join(', ')} use the simulator at ${sim.url} (set <PLATFORM>_CLIENT_ID and <PLATFORM>_CLIENT_SECRET to use the real platform)${config.AI_BASE_URL ? '' : '; /v1/ai uses its OpenAI-compatible fake until AI_BASE_URL is set'}`,
  );
  return {
    config: Object.freeze({ ...config, SIMULATOR_URL: sim.url }),
    sandbox: { url: sim.url, close: () => sim.close() },
  };
}

/**
 * With no SIMULATOR_PORT the simulator takes a free port, but the port it had last
 * time first: a connected sandbox Bluesky account remembers its server's address,
 * so keeping the port keeps such accounts working after a restart. When that port
 * is taken now, a free one it is (and the log says what that means).
 */
async function startOnStablePort(
  configured: number,
  portFile: string,
  stateFile: string,
  log: Logger,
): Promise<Simulator> {
  // The simulator (every platform's twin, about a hundred modules) is loaded only when a
  // sandbox is started here: a service with credentials, or with SIMULATOR_URL, never loads it.
  const { createSimulator } = await import('../simulator/index.ts');
  const start = (port: number) => createSimulator({ port, host: '127.0.0.1', stateFile });
  if (configured !== 0) return start(configured);
  const last = existsSync(portFile) ? Number(readFileSync(portFile, 'utf8').trim()) : 0;
  let sim: Simulator;
  if (Number.isInteger(last) && last > 0 && last < 65536) {
    sim = await start(last).catch(async (err: NodeJS.ErrnoException) => {
      if (err.code !== 'EADDRINUSE') throw err;
      log.warn(
        { port: last },
        'the sandbox simulator could not take its previous port; sandbox Bluesky accounts connected before need connecting again',
      );
      return start(0);
    });
  } else sim = await start(0);
  mkdirSync(join(portFile, '..'), { recursive: true });
  writeFileSync(portFile, `${sim.port}\n`);
  return sim;
}

/**
 * The settings of a command run beside a service in sandbox mode (`cli analytics
 * collect`): the simulator that service started, found by the port it keeps under
 * the data directory, so the command's platform calls reach the same simulator and
 * not the real platforms. Unchanged outside sandbox mode, with SIMULATOR_URL set, or
 * when no sandbox simulator ever started here.
 */
export function besideRunningSandbox(config: Readonly<Config>): Readonly<Config> {
  if (config.SANDBOX !== 'auto' || config.SIMULATOR_URL || sandboxPlatforms(config).length === 0)
    return config;
  const port =
    config.SIMULATOR_PORT ||
    Number(
      (() => {
        const file = join(config.DATA_DIR, 'sandbox', 'simulator.port');
        return existsSync(file) ? readFileSync(file, 'utf8').trim() : '0';
      })(),
    );
  if (!Number.isInteger(port) || port <= 0 || port >= 65536) return config;
  return Object.freeze({ ...config, SIMULATOR_URL: `http://127.0.0.1:${port}` });
}
