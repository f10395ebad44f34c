// How the library words a file's size and where a post that uses it opens.

export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The page where a post using a file is edited, when its state has one. */
export function postPage(user: { postId: string; status: string }): string | null {
  const id = encodeURIComponent(user.postId);
  if (user.status === 'draft') return `/compose?draft=${id}`;
  if (user.status === 'scheduled') return `/compose?edit=${id}`;
  return null;
}
