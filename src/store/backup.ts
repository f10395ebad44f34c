/**
 * A consistent copy of the embedded SQLite database, taken while the service
 * runs and publishes: `VACUUM INTO` reads the database in one read transaction
 * (WAL lets writers go on meanwhile) and writes a compact copy, so the backup is
 * the database exactly as it was at one instant. The copy goes into a new
 * directory laid out as a data directory (0700, files 0600): with the key files
 * beside it, starting the service with DATA_DIR pointing there restores it.
 *
 * The local media store (DATA_DIR/media, the files of uploads and AI images) is
 * copied after the database: every upload the copy of the database records as
 * stored has its file in the backup, except one deleted between the two copies,
 * which the restored service then refuses by name at create and validate.
 */
import { copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { KEY_FILE, PREVIOUS_KEY_FILE } from '../domain/crypto.ts';
import { prepareDataDir, privateFile } from './data-dir.ts';

export const SQLITE_FILE = 'service.sqlite';

export interface BackupResult {
  /** The backup's database file. */
  file: string;
  bytes: number;
  /** Key files copied beside it (none when the key comes from ENCRYPTION_KEY). */
  keyFiles: string[];
  /** Files of the local media store copied into `media/` (0 with the S3 driver). */
  mediaFiles: number;
}

export const MEDIA_DIR = 'media';

/** Copies the local media store into `toDir/media`, private like a data directory; returns the number of files. */
export function backupMedia(dataDir: string, toDir: string): number {
  const from = join(dataDir, MEDIA_DIR);
  if (!existsSync(from)) return 0;
  const to = join(toDir, MEDIA_DIR);
  let files = 0;
  cpSync(from, to, {
    recursive: true,
    // A PUT still arriving (.part-…) is not a file yet.
    filter: (source) => !basename(source).startsWith('.part-'),
  });
  for (const entry of readdirSync(to, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath, entry.name);
    if (entry.isDirectory()) prepareDataDir(path);
    else {
      privateFile(path);
      files++;
    }
  }
  prepareDataDir(to);
  return files;
}

/** Copies `<dataDir>/service.sqlite` (and the key files unless `withKeys` is false) into the new directory `toDir`. */
export function backupSqlite(dataDir: string, toDir: string, withKeys: boolean): BackupResult {
  const source = join(dataDir, SQLITE_FILE);
  if (!existsSync(source)) throw new Error(`${source} does not exist: nothing to back up`);
  if (existsSync(toDir) && readdirSync(toDir).length > 0)
    throw new Error(`${toDir} is not empty: give a new directory for the backup`);
  mkdirSync(toDir, { recursive: true, mode: 0o700 });
  const file = join(toDir, SQLITE_FILE);
  // SQLite fills an empty file it is given; created here it is private from the start.
  privateFile(file);
  const db = new DatabaseSync(source);
  try {
    db.exec('PRAGMA busy_timeout = 10000');
    db.prepare('VACUUM INTO ?').run(file);
  } finally {
    db.close();
  }
  const check = new DatabaseSync(file, { readOnly: true });
  try {
    const row = check.prepare('PRAGMA integrity_check').get() as { integrity_check?: string } | undefined;
    if (row?.integrity_check !== 'ok')
      throw new Error(`the backup failed its integrity check: ${row?.integrity_check}`);
  } finally {
    check.close();
  }
  const keyFiles: string[] = [];
  if (withKeys) {
    for (const name of [KEY_FILE, PREVIOUS_KEY_FILE]) {
      const from = join(dataDir, name);
      if (!existsSync(from)) continue;
      const to = join(toDir, name);
      copyFileSync(from, to);
      privateFile(to);
      keyFiles.push(to);
    }
  }
  return { file, bytes: statSync(file).size, keyFiles, mediaFiles: backupMedia(dataDir, toDir) };
}
