/**
 * A platform that takes media by URL (Instagram, Threads, Pinterest, TikTok's
 * PULL_FROM_URL) fetches it itself; so does the simulator, so a URL that does not
 * answer its content fails here as it would live instead of publishing.
 */

/** Whether a media URL answers its content: a 4xx/5xx, a refused connection or an unknown host all fail. */
export async function fetchable(url: string): Promise<boolean> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    await res.body?.cancel();
    return res.ok;
  } catch {
    return false;
  }
}

/** Whether every URL answers its content (fetched at once). */
export const allFetchable = async (urls: readonly string[]): Promise<boolean> =>
  (await Promise.all(urls.map(fetchable))).every(Boolean);
