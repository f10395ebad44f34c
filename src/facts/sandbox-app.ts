/**
 * The app every simulated platform has from the start: the simulator seeds it, and
 * the service uses it in sandbox mode for platforms without their own client id and
 * secret. Both sides read it here so neither imports the other.
 */
import type { Platform } from './platforms.ts';

/** The client id and secret of a platform's sandbox app (`sim-<platform>-client` / `-secret`). */
export const sandboxApp = (platform: Platform): { clientId: string; clientSecret: string } => ({
  clientId: `sim-${platform}-client`,
  clientSecret: `sim-${platform}-secret`,
});
