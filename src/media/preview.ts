/**
 * Link previews for platforms that want the client to build the card (Bluesky's
 * external embed): the page is fetched through the safe outbound client, at most
 * 1 MB of it, and its Open Graph (or <title>/description) tags are read.
 */
import { type OutboundClient, readLimited } from '../net/outbound.ts';

export interface LinkPreview {
  url: string;
  title: string;
  description: string;
  imageUrl?: string;
}

const MAX_PAGE_BYTES = 1024 * 1024;

const decode = (s: string) =>
  s
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .trim();

function meta(html: string, names: string[]): string | undefined {
  for (const tag of html.match(/<meta\b[^>]*>/gi) ?? []) {
    const key = /(?:property|name)\s*=\s*["']([^"']+)["']/i.exec(tag)?.[1]?.toLowerCase();
    if (!key || !names.includes(key)) continue;
    const content = /content\s*=\s*["']([^"']*)["']/i.exec(tag)?.[1];
    if (content !== undefined) return decode(content);
  }
  return undefined;
}

/** Reads the card facts of an HTML page; undefined when it can not be fetched or is not HTML. */
export async function fetchLinkPreview(
  outbound: OutboundClient,
  url: string,
  signal: AbortSignal,
  timeoutMs = 10_000,
): Promise<LinkPreview | undefined> {
  try {
    const res = await outbound.request(url, { signal, timeoutMs, headers: { accept: 'text/html' } });
    if (!res.ok || !(res.headers.get('content-type') ?? '').includes('html')) {
      await res.body?.cancel().catch(() => {});
      return undefined;
    }
    const html = (await readLimited(res, MAX_PAGE_BYTES)).toString('utf8');
    const title =
      meta(html, ['og:title', 'twitter:title']) ??
      decode(/<title[^>]*>([^<]*)<\/title>/i.exec(html)?.[1] ?? '');
    const description = meta(html, ['og:description', 'twitter:description', 'description']) ?? '';
    const image = meta(html, ['og:image', 'og:image:url', 'twitter:image']);
    const preview: LinkPreview = { url, title: title || url, description };
    if (image) preview.imageUrl = new URL(image, url).toString();
    return preview;
  } catch {
    return undefined;
  }
}
