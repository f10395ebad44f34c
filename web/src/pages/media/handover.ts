// Files the library hands to a new post: "Use in a new post" keeps them here and opens
// Compose, whose media editor takes them once when it opens (as a draft's save answer is
// handed over to the form that opens it).
import type { MediaRow } from './Media.tsx';

let waiting: MediaRow[] = [];

export function handToNewPost(rows: MediaRow[]): void {
  waiting = rows;
}

/** The files handed over since the last take, once. */
export function takeHandedMedia(): MediaRow[] {
  const rows = waiting;
  waiting = [];
  return rows;
}
