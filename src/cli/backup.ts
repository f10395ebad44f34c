/**
 * `backup --to DIR`: a consistent copy of the embedded SQLite database, safe while
 * the service runs and publishes, in a new directory that is itself a data
 * directory (restore: start the service with DATA_DIR=DIR, or copy DIR in place).
 * The key files are copied beside it unless --without-key: a backup without its
 * key can not decrypt the tokens and secrets in it, and one with its key gives
 * whoever reads it every token, so keep it where only operators can read it.
 * On PostgreSQL the command explains how to back up with pg_dump instead.
 */
import { resolve } from 'node:path';
import type { Command } from 'commander';
import type { Config } from '../config.ts';
import { keyId, readKeyFiles } from '../domain/crypto.ts';
import { AppError } from '../errors.ts';
import { backupSqlite } from '../store/backup.ts';
import { cliConfig } from './cli-context.ts';

const POSTGRES_ADVICE =
  'This service runs on PostgreSQL: back it up with pg_dump (for example `pg_dump --format=custom --file=social.dump "$DATABASE_URL"`, consistent while the service runs) and keep ENCRYPTION_KEY (and any ENCRYPTION_PREVIOUS_KEYS) with the dump, stored apart from it: without the key the tokens and secrets in the dump can not be read.';

/**
 * Where the uploaded media are and how to back them up: a post that names an
 * upload whose file did not come back with a restore is refused at create and validate.
 */
function mediaAdvice(config: Readonly<Config>, copied: number | null): string {
  if (config.MEDIA_STORAGE === 's3')
    return `Uploaded media are in the bucket ${config.S3_BUCKET ?? '(S3_BUCKET)'}, not in this backup: back the bucket up with the store's own tools at the same time (for example \`aws s3 sync s3://${config.S3_BUCKET ?? '<bucket>'} <dir>\`${config.S3_ENDPOINT ? ` --endpoint-url ${config.S3_ENDPOINT}` : ''}, or bucket versioning or replication).`;
  if (copied === null)
    return `Uploaded media are files under ${resolve(config.DATA_DIR, 'media')}: copy that directory with the dump (for example \`cp -a ${resolve(config.DATA_DIR, 'media')} <backup dir>/\`).`;
  return `Uploaded media: ${copied} file(s) copied into media/.`;
}

function backup(config: Readonly<Config>, o: { to: string; withoutKey?: boolean; json?: boolean }): void {
  if (config.DATABASE_URL) throw new AppError('invalid', `${POSTGRES_ADVICE} ${mediaAdvice(config, null)}`);
  const withKeys = !o.withoutKey && !config.ENCRYPTION_KEY;
  let result: ReturnType<typeof backupSqlite>;
  try {
    result = backupSqlite(config.DATA_DIR, resolve(o.to), withKeys);
  } catch (err) {
    throw new AppError('invalid', (err as Error).message);
  }
  const key = config.ENCRYPTION_KEY
    ? 'The key is ENCRYPTION_KEY, not part of this backup: keep it (stored apart) with the backup, or the tokens in it can not be read.'
    : withKeys
      ? 'The encryption key is in the backup (encryption.key): anyone who can read the backup can decrypt every token in it. Keep it where only operators can read it.'
      : `The key is not in the backup: keep ${config.DATA_DIR}/encryption.key (key ${keyId(readKeyFiles(config.DATA_DIR).primary)}) with it, stored apart, or the tokens in it can not be read.`;
  const media = mediaAdvice(config, result.mediaFiles);
  if (o.json) process.stdout.write(`${JSON.stringify({ ...result, note: key, media })}\n`);
  else
    process.stdout.write(
      `Backup written to ${result.file} (${result.bytes} bytes).\n${key}\n${media}\nRestore: start the service with DATA_DIR=${resolve(o.to)}.\n`,
    );
}

export function registerBackup(program: Command): void {
  program
    .command('backup')
    .description('Write a consistent backup of the SQLite database while the service runs')
    .requiredOption('--to <dir>', 'a new (or empty) directory for the backup')
    .option('--without-key', 'leave the key files out (keep the key with the backup some other way)')
    .option('--json', 'print JSON')
    .action(async (o: { to: string; withoutKey?: boolean; json?: boolean }) => backup(await cliConfig(), o));
}
