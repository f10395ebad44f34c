/**
 * Waiting for a post's outcome. POST /v1/posts with publishNow waits up to
 * PUBLISH_WAIT_MS for its targets: a target settled by this process wakes the
 * wait at once; one settled by another worker process is seen by a short poll.
 */
import type { AppContext } from '../../context.ts';
import { wakeJobRunners } from '../../jobs/enqueue.ts';

const waiting = new Map<string, Set<() => void>>();

/** Called after the transaction that gave a post its final status committed. */
export function notifyPostSettled(postId: string): void {
  const set = waiting.get(postId);
  if (!set) return;
  waiting.delete(postId);
  for (const wake of set) wake();
}

function settledSignal(postId: string): { promise: Promise<void>; cancel: () => void } {
  let wake!: () => void;
  const promise = new Promise<void>((r) => {
    wake = r;
  });
  let set = waiting.get(postId);
  if (!set) {
    set = new Set();
    waiting.set(postId, set);
  }
  set.add(wake);
  return {
    promise,
    cancel: () => {
      set.delete(wake);
      if (set.size === 0 && waiting.get(postId) === set) waiting.delete(postId);
    },
  };
}

const FINAL = new Set(['published', 'partial', 'failed']);

/**
 * Resolves when the post has a final status or `timeoutMs` passed, whichever is
 * first. Also wakes this process's job runner, since the post's jobs were just
 * committed.
 */
export async function waitForPostOutcome(ctx: AppContext, postId: string, timeoutMs: number): Promise<void> {
  wakeJobRunners();
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const signal = settledSignal(postId);
    try {
      const row = await ctx.store.db
        .selectFrom('posts')
        .select('status')
        .where('id', '=', postId)
        .executeTakeFirst();
      if (!row || FINAL.has(row.status)) return;
      const left = deadline - Date.now();
      if (left <= 0) return;
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        signal.promise,
        new Promise<void>((r) => {
          timer = setTimeout(r, Math.min(left, 200));
        }),
      ]);
      clearTimeout(timer);
    } finally {
      signal.cancel();
    }
  }
}
