/**
 * A setting that is unknown or malformed: the start (or a CLI command) stops with
 * its message. Apart from config.ts so that a command that reads no settings can
 * recognise it without loading the settings catalog (which loads every platform module).
 */
export class ConfigError extends Error {
  override name = 'ConfigError';
}
