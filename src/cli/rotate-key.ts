/**
 * `rotate-key`: re-encrypts every stored secret under a new key while the
 * service runs.
 *
 * With key files (the embedded default, no ENCRYPTION_KEY): the current key is
 * kept as `encryption.previous.key`, a new `encryption.key` takes its place (the
 * running service notices and seals with it from then on, and reads both), every
 * value is re-encrypted (every column declared sealed in src/store/sealed.ts, job
 * payloads included), a last pass a moment later catches values sealed just
 * before the switch, and a check then opens every stored value with the new key
 * alone: only when all of them open is the previous key file deleted. Interrupted
 * (or stopped with --limit), the next run finds the previous key file and continues.
 *
 * With ENCRYPTION_KEY: the operator has set the new key as ENCRYPTION_KEY and the
 * old one in ENCRYPTION_PREVIOUS_KEYS on every node; the command re-encrypts every
 * value under ENCRYPTION_KEY and checks that each opens with it alone, after
 * which the old key can be removed.
 */
import { randomBytes } from 'node:crypto';
import {
  closeSync,
  existsSync,
  fsyncSync,
  openSync,
  readFileSync,
  renameSync,
  rmSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import type { Command } from 'commander';
import type { Config } from '../config.ts';
import {
  createSealer,
  KEY_FILE,
  keyId,
  keyRingFromConfig,
  PREVIOUS_KEY_FILE,
  readKeyFiles,
} from '../domain/crypto.ts';
import { AppError } from '../errors.ts';
import { cliConfig, withCliContext } from './cli-context.ts';

/** How long after the last re-encryption the old key stays readable, for values sealed just before the switch. */
const GRACE_MS = 2000;

function writeDurably(path: string, text: string, flag: 'wx' | 'w'): void {
  const fd = openSync(path, flag, 0o600);
  try {
    writeSync(fd, text);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** Starts a rotation of the key files: old key kept as the previous one, a new primary in place. */
function switchKeyFiles(dataDir: string): { from: string; to: string } {
  const current = readKeyFiles(dataDir).primary;
  // The old key is safe on disk before the new one replaces it: a crash between leaves both readable.
  writeDurably(join(dataDir, PREVIOUS_KEY_FILE), current.toString('base64'), 'wx');
  return { from: keyId(current), to: replacePrimary(dataDir) };
}

/** A new random primary key, put in place atomically (written aside, then renamed over the old file). */
function replacePrimary(dataDir: string): string {
  const next = randomBytes(32);
  const tmp = join(dataDir, `${KEY_FILE}.new`);
  writeDurably(tmp, next.toString('base64'), 'w');
  renameSync(tmp, join(dataDir, KEY_FILE));
  return keyId(next);
}

async function rotate(config: Readonly<Config>, o: { limit?: string; json?: boolean }): Promise<void> {
  const limit = o.limit === undefined ? undefined : /^\d+$/.test(o.limit) ? Number(o.limit) : Number.NaN;
  if (limit !== undefined && !(limit > 0))
    throw new AppError('invalid', '--limit must be a positive whole number');
  const say = (text: string) => {
    if (!o.json) process.stdout.write(`${text}\n`);
  };
  const usesFiles = !config.ENCRYPTION_KEY;
  const previousFile = join(config.DATA_DIR, PREVIOUS_KEY_FILE);
  let resumed = false;
  if (usesFiles) {
    if (existsSync(previousFile)) {
      resumed = true;
      const previous = keyId(Buffer.from(readFileSync(previousFile, 'utf8').trim(), 'base64'));
      // Stopped after keeping the old key but before the new one was in place: put it in place now.
      if (previous === keyId(readKeyFiles(config.DATA_DIR).primary)) replacePrimary(config.DATA_DIR);
      say(`Resuming the rotation away from key ${previous}.`);
    } else {
      const { from, to } = switchKeyFiles(config.DATA_DIR);
      say(
        `New key ${to} in ${join(config.DATA_DIR, KEY_FILE)}; key ${from} kept readable until every value moved.`,
      );
    }
  }
  const { checkAll, resealAll, valuesByKey } = await import('../domain/secrets/rotate.ts');
  // The new key alone: the check proves that nothing stored needs the old one any more.
  const newKeyOnly = createSealer(
    usesFiles
      ? readKeyFiles(config.DATA_DIR).primary
      : keyRingFromConfig(config.ENCRYPTION_KEY, [], '').primary,
  );
  const result = await withCliContext(config, async (ctx) => {
    let run = await resealAll(ctx, limit === undefined ? {} : { limit });
    let finished = run.remaining === 0;
    let checked = 0;
    if (finished) {
      // A value the service sealed with the old key just before it saw the new one is caught by a last pass.
      if (usesFiles) await new Promise((r) => setTimeout(r, GRACE_MS));
      const last = await resealAll(ctx);
      run = { ...run, resealed: run.resealed + last.resealed };
      const check = await checkAll(ctx, newKeyOnly);
      checked = check.checked;
      finished = last.remaining === 0 && check.unreadableCount === 0;
      if (check.unreadableCount > 0) {
        const where = check.unreadable.map((u) => `${u.table}.${u.column} ${u.id}`).join(', ');
        throw new AppError(
          'conflict',
          `${check.unreadableCount} stored values do not open with the new key (${where}); the old key is kept. Run rotate-key again.`,
        );
      }
      // Only now, after every stored value was read under the new key, may the old one go.
      if (finished && usesFiles) rmSync(previousFile, { force: true });
    }
    return { ...run, finished, resumed, checked, byKey: await valuesByKey(ctx) };
  });
  if (o.json) process.stdout.write(`${JSON.stringify(result)}\n`);
  else if (result.finished)
    say(
      `Re-encrypted ${result.resealed} values; all ${result.checked} stored secrets read under key ${result.keyId}` +
        (usesFiles
          ? '; the old key file is deleted.'
          : '; the previous keys can be removed from ENCRYPTION_PREVIOUS_KEYS.'),
    );
  else
    say(
      `Re-encrypted ${result.resealed} values; ${result.remaining} remain under the old key. Run rotate-key again to continue.`,
    );
}

export function registerRotateKey(program: Command): void {
  program
    .command('rotate-key')
    .description('Re-encrypt every stored secret under a new key (safe while the service runs; resumable)')
    .option('--limit <n>', 're-encrypt at most n values, then stop (run again to continue)')
    .option('--json', 'print JSON')
    .action(async (o: { limit?: string; json?: boolean }) => rotate(await cliConfig(), o));
}
