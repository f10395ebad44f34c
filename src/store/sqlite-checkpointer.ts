/**
 * Moves SQLite's WAL checkpoints off the event loop. A checkpoint copies the WAL
 * back into the database file and syncs it to disk; run as the automatic
 * checkpoint, it happens inside whichever commit crosses the threshold, so now
 * and then one commit (and every request waiting on the connection) takes many
 * milliseconds. Here a worker thread with a connection of its own runs PASSIVE
 * checkpoints (they never block the writer) every `intervalMs`, and the
 * automatic checkpoint only stays as a backstop should this thread fall behind.
 */
import { Worker } from 'node:worker_threads';

const WORKER_SOURCE = `
const { DatabaseSync } = require('node:sqlite');
const { workerData, parentPort } = require('node:worker_threads');
const db = new DatabaseSync(workerData.path);
db.exec('PRAGMA busy_timeout = 1000');
const timer = setInterval(() => {
  try { db.exec('PRAGMA wal_checkpoint(PASSIVE)'); } catch {}
}, workerData.intervalMs);
parentPort.once('message', () => { clearInterval(timer); db.close(); parentPort.close(); });
`;

/** Pages the WAL may hold before a commit checkpoints by itself (SQLite's default is 1000). */
export const BACKSTOP_PAGES = 20_000;

export interface Checkpointer {
  /** Asks the thread to close its connection and end (Kysely closes databases synchronously). */
  stop(): void;
}

export function startCheckpointer(path: string, intervalMs = 200): Checkpointer {
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { path, intervalMs } });
  // It only serves the writer: never the reason the process stays alive.
  worker.unref();
  worker.on('error', () => {});
  return {
    stop: () => worker.postMessage('stop'),
  };
}
