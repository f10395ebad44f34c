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

/**
 * The simulated Telegram bot and channel a sandbox connects with
 * (`POST /v1/connect/telegram/auth`): Telegram has no app to register, a bot token is
 * the credential. The simulator seeds the bot as an administrator of the channel.
 */
export const SANDBOX_TELEGRAM = { botToken: 'sim-telegram-bot-token', chatId: '@sim_channel' } as const;
