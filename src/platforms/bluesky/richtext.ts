/**
 * Facets for links, mentions and hashtags with UTF-8 byte offsets, found by
 * `@atproto/api`'s RichText. Mentions are resolved to DIDs with
 * `com.atproto.identity.resolveHandle`; a handle that does not resolve stays plain text.
 */
import { PlatformError } from '../contract.ts';
import { str } from '../shared/http.ts';
import { type XrpcTarget, xrpc } from './xrpc.ts';

export interface Facet {
  index: { byteStart: number; byteEnd: number };
  features: Record<string, unknown>[];
}

/**
 * `@atproto/api` is loaded on the first Bluesky text, not at start: importing the whole
 * client (for RichText alone) took about a second of every process's start-up.
 */
let richText: Promise<typeof import('@atproto/api').RichText> | null = null;
const loadRichText = () => {
  richText ??= import('@atproto/api').then((m) => m.RichText);
  return richText;
};

export async function facetsOf(t: XrpcTarget, text: string): Promise<Facet[]> {
  const RichText = await loadRichText();
  const rt = new RichText({ text });
  rt.detectFacetsWithoutResolution();
  const out: Facet[] = [];
  for (const facet of (rt.facets ?? []) as unknown as Facet[]) {
    const features = [];
    for (const feature of facet.features) {
      if (feature.$type !== 'app.bsky.richtext.facet#mention') {
        features.push(feature);
        continue;
      }
      const did = await resolveHandle(t, String(feature.did));
      if (did) features.push({ $type: feature.$type, did });
    }
    if (features.length) out.push({ index: facet.index, features });
  }
  return out;
}

async function resolveHandle(t: XrpcTarget, handle: string): Promise<string | undefined> {
  try {
    const res = await xrpc(t, 'com.atproto.identity.resolveHandle', {
      query: { handle },
      what: 'Bluesky: resolve handle',
    });
    return str(res.json, 'did');
  } catch (err) {
    if (err instanceof PlatformError && err.errorClass === 'permanent') return undefined;
    throw err;
  }
}

/** The first link of the text (for the link card). */
export const firstLink = (facets: Facet[]): string | undefined =>
  facets.flatMap((f) => f.features).find((f) => f.$type === 'app.bsky.richtext.facet#link')?.uri as
    | string
    | undefined;
