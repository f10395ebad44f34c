/**
 * The simulator holds media to the same rules as the service (each platform
 * module's media-rules.ts, checked by media/rules.ts): it reads the file a
 * platform would pull (its sniffed type, its size, an image's dimensions) and
 * answers with the platform's own refusal, so the sandbox refuses what the
 * network would instead of publishing it.
 */
import { fileTypeFromBuffer } from 'file-type';
import { imageSize } from 'image-size';
import { type Breach, checkMedia, type MediaFormat } from '../../../media/rules.ts';

/** Files larger than this are not read whole here (the service's own limits keep test media far smaller). */
const MAX_READ = 64 * 1024 * 1024;

/** The breaches of the image at `url` against `format`; [] when it fits or can not be read. */
export async function imageBreachesAt(url: string, format: MediaFormat): Promise<Breach[]> {
  let bytes: Buffer;
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    const declared = Number(res.headers.get('content-length') ?? 0);
    if (!res.ok || declared > MAX_READ) {
      await res.body?.cancel();
      return [];
    }
    bytes = Buffer.from(await res.arrayBuffer());
  } catch {
    return [];
  }
  const sniffed = await fileTypeFromBuffer(bytes);
  let width: number | undefined;
  let height: number | undefined;
  try {
    const d = imageSize(bytes);
    width = d.width;
    height = d.height;
  } catch {
    // Not an image whose size can be read: its type speaks for it.
  }
  return checkMedia(format, {
    kind: 'image',
    mimeType: sniffed?.mime ?? null,
    size: bytes.length,
    width: width ?? null,
    height: height ?? null,
  });
}
