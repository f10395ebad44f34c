/**
 * Keeping the simulator's memory across restarts (sandbox mode keeps it under the
 * service's data directory). What is kept is what a user of the sandbox sees:
 * apps, accounts, tokens (so connected accounts still work), posts, token
 * policies. Work in flight inside a platform (uploads, containers, sessions of a
 * resumable upload) is not: a publish that spans a restart is retried by the
 * service. Saved a moment after every change and on close, written to a temporary
 * file and renamed, so a crash leaves the previous copy whole.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Platform } from '../../facts/platforms.ts';
import type { SimState } from './state.ts';
import type { SimAccount, SimApp, SimPost, SimToken, TokenPolicy } from './types.ts';

export interface SimSnapshot {
  version: 1;
  apps: SimApp[];
  accounts: SimAccount[];
  tokens: SimToken[];
  posts: SimPost[];
  policies: [Platform, TokenPolicy][];
}

/** Binary bodies (uploaded media kept on a post) are not written out: they are large and never read back. */
const withoutBytes = (_key: string, value: unknown) =>
  value instanceof Uint8Array || (value as { type?: unknown })?.type === 'Buffer' ? undefined : value;

export function snapshotOf(state: SimState): SimSnapshot {
  return {
    version: 1,
    apps: [...state.apps.values()],
    accounts: [...state.accounts.values()].flatMap((m) => [...m.values()]),
    tokens: [...state.tokens.values()],
    posts: [...state.posts.values()].flatMap((m) => [...m.values()]),
    policies: [...state.policies.entries()],
  };
}

export function restoreSnapshot(state: SimState, snap: SimSnapshot): void {
  for (const a of snap.apps) state.addApp(a.platform, a);
  for (const a of snap.accounts) state.addAccount(a.platform, a);
  for (const t of snap.tokens) state.tokens.set(t.value, t);
  for (const p of snap.posts) {
    const post = state.createPost(p.platform, p.accountId, p.data, { id: p.id, kind: p.kind });
    Object.assign(post, { createdAt: p.createdAt, deleted: p.deleted });
  }
  for (const [platform, policy] of snap.policies) state.policies.set(platform, policy);
}

/** Reads the saved state into `state`; false when there is none yet. */
export function loadState(state: SimState, file: string): boolean {
  if (!existsSync(file)) return false;
  const snap = JSON.parse(readFileSync(file, 'utf8')) as SimSnapshot;
  if (snap.version !== 1) throw new Error(`${file}: unknown simulator state version ${String(snap.version)}`);
  restoreSnapshot(state, snap);
  return true;
}

export function saveState(state: SimState, file: string): void {
  mkdirSync(dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(snapshotOf(state), withoutBytes), { mode: 0o600 });
  renameSync(tmp, file);
}

/** Saves `delayMs` after the last change, so a burst of calls writes once. */
export function debouncedSaver(state: SimState, file: string, delayMs = 100) {
  let timer: NodeJS.Timeout | null = null;
  return {
    changed(): void {
      if (timer) return;
      timer = setTimeout(() => {
        timer = null;
        saveState(state, file);
      }, delayMs);
      timer.unref();
    },
    /** Writes now (on close). */
    flush(): void {
      if (timer) clearTimeout(timer);
      timer = null;
      saveState(state, file);
    },
  };
}
