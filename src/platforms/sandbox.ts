/**
 * Sandbox mode at start: when some platforms have no client credentials (and
 * SANDBOX=auto), the simulator serves them. Without SIMULATOR_URL one is started
 * in this process on SIMULATOR_PORT and its URL written into the config, so every
 * unconfigured platform points at it (see endpoints.ts). The log says so plainly.
 */
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { createSimulator } from '../simulator/index.ts';
import { sandboxPlatforms } from './endpoints.ts';

export interface Sandbox {
  url: string;
  close(): Promise<void>;
}

export async function startSandbox(config: Config, log: Logger): Promise<Sandbox | null> {
  if (config.SANDBOX !== 'auto') return null;
  const platforms = sandboxPlatforms(config);
  if (platforms.length === 0) return null;
  if (config.SIMULATOR_URL) {
    log.info(`sandbox mode: ${platforms.join(', ')} use the simulator at ${config.SIMULATOR_URL}`);
    return null;
  }
  const sim = await createSimulator({ port: config.SIMULATOR_PORT, host: '127.0.0.1' });
  config.SIMULATOR_URL = sim.url;
  log.info(
    { simulator: sim.url, platforms },
    `sandbox mode: ${platforms.join(', ')} use the simulator at ${sim.url} (set <PLATFORM>_CLIENT_ID and <PLATFORM>_CLIENT_SECRET to use the real platform)`,
  );
  return { url: sim.url, close: () => sim.close() };
}
