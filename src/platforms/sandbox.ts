/**
 * Sandbox mode at start: when some platforms have no client credentials (and
 * SANDBOX=auto), the simulator serves them. Without SIMULATOR_URL one is started
 * in this process on SIMULATOR_PORT, and the service runs with a copy of the
 * settings that names its URL, so every unconfigured platform points at it (see
 * endpoints.ts). The log says so plainly.
 */
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import { createSimulator } from '../simulator/index.ts';
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
  const sim = await createSimulator({ port: config.SIMULATOR_PORT, host: '127.0.0.1' });
  log.info(
    { simulator: sim.url, platforms },
    `sandbox mode: ${platforms.join(', ')} use the simulator at ${sim.url} (set <PLATFORM>_CLIENT_ID and <PLATFORM>_CLIENT_SECRET to use the real platform)${config.AI_BASE_URL ? '' : '; /v1/ai uses its OpenAI-compatible fake until AI_BASE_URL is set'}`,
  );
  return {
    config: Object.freeze({ ...config, SIMULATOR_URL: sim.url }),
    sandbox: { url: sim.url, close: () => sim.close() },
  };
}
