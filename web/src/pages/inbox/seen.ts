// What the person has already seen in the inbox. The API keeps no read state for
// comments or conversations, so this browser remembers it (localStorage, per
// project key hash-free: per item id, which the platforms make unique), and another
// browser shows the same items as unread again.
const KEY = 'sps.inbox.seen';
const MAX = 2000;

function read(): Record<string, string> {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) ?? '{}');
    return v && typeof v === 'object' ? v : {};
  } catch {
    return {};
  }
}

/** Whether the item (a comment id, or a conversation at its last update) has been seen. */
export function isSeen(id: string, version = ''): boolean {
  const v = read()[id];
  return v !== undefined && v >= version;
}

export function markSeen(ids: readonly { id: string; version?: string }[]): void {
  const all = read();
  for (const { id, version } of ids) all[id] = version ?? '';
  // The oldest marks go first once there are many: a mark is only worth keeping for recent items.
  const keys = Object.keys(all);
  for (const k of keys.slice(0, Math.max(0, keys.length - MAX))) delete all[k];
  localStorage.setItem(KEY, JSON.stringify(all));
}
