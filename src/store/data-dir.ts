/**
 * The data directory holds the SQLite database and, unless ENCRYPTION_KEY is set,
 * the key that decrypts every token in it: only the service's own user may read
 * it. The directory is 0700 and its files 0600, whatever the process umask.
 */
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statSync } from 'node:fs';

/** Creates the directory 0700, or takes group and other permissions away from one we own. */
export function prepareDataDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const st = statSync(dir);
  // A directory someone else owns (a shared mount) is left as the operator set it up.
  if ((st.mode & 0o077) !== 0 && st.uid === process.getuid?.()) chmodSync(dir, st.mode & 0o700);
}

/**
 * Makes `path` a file only its owner can read and write, creating it empty when
 * absent. SQLite gives its -wal and -shm files the permissions of the database
 * file, so creating the database this way keeps those private too.
 */
export function privateFile(path: string): void {
  if (!existsSync(path)) closeSync(openSync(path, 'a', 0o600));
  if ((statSync(path).mode & 0o077) !== 0) chmodSync(path, 0o600);
}
