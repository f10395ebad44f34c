/**
 * Deleting a post published as a thread: the root and each thread item are
 * separate posts on the platform. They are deleted newest first, so a failure
 * never leaves a reply whose parent is gone, and the walk stops at the first
 * part that could not be deleted: what is left is then that part and every part
 * before it, still a whole thread from its root, and the error names them so
 * the user knows. Deleting again resumes there (parts already gone count as deleted).
 */
import { PlatformError } from '../contract.ts';

/** One platform post of a thread: `index` 0 is the root, n the n-th thread item. */
export interface ThreadPart {
  index: number;
  id: string;
}

/**
 * The parts to delete, root first: the thread items recorded in the checkpoint
 * (`ids` by unit index) and the root by its platform post id, which is what the
 * service stored for the target even when the checkpoint does not have it.
 */
export function threadParts(rootId: string, ids: Readonly<Record<string, string | undefined>>): ThreadPart[] {
  const items = Object.entries(ids)
    .map(([key, id]) => ({ index: Number(key), id: id ?? '' }))
    .filter((p) => Number.isInteger(p.index) && p.index > 0 && p.id !== '')
    .sort((a, b) => a.index - b.index);
  return [{ index: 0, id: rootId }, ...items];
}

export const partName = (index: number) => (index === 0 ? 'the post' : `thread item ${index}`);

/** What is still on the platform when deleting `failed` did not succeed. */
function leftOver(failed: ThreadPart, parts: readonly ThreadPart[]): string {
  const left = parts.filter((p) => p.index <= failed.index).map((p) => partName(p.index));
  if (left.length === 1) return `${left[0]} (its thread items were deleted)`;
  return `${left.slice(0, -1).join(', ')} and ${left.at(-1)}`;
}

/**
 * Deletes every part, last first, with `remove` (which treats a part already
 * gone as deleted). A single-part post fails with the platform's own error; in a
 * thread the error keeps its class and says which part failed and what is left.
 */
export async function deleteThread(
  platformName: string,
  parts: readonly ThreadPart[],
  remove: (part: ThreadPart) => Promise<void>,
): Promise<void> {
  for (const part of [...parts].reverse()) {
    try {
      await remove(part);
    } catch (err) {
      if (parts.length === 1) throw err;
      const cause = err as Error;
      const name = partName(part.index);
      const message = `${name[0]?.toUpperCase()}${name.slice(1)} could not be deleted (${cause.message}); still on ${platformName}: ${leftOver(part, parts)}`;
      if (!(err instanceof PlatformError)) throw new Error(message, { cause });
      throw new PlatformError(err.errorClass, message, {
        ...(err.retryAfterMs !== undefined ? { retryAfterMs: err.retryAfterMs } : {}),
        ...(err.status !== undefined ? { status: err.status } : {}),
        ...(err.platformCode !== undefined ? { platformCode: err.platformCode } : {}),
      });
    }
  }
}
