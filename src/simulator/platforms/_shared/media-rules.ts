/**
 * The simulator holds media to the same rules as the service (each platform
 * module's media-rules.ts, checked by media/rules.ts): it reads the file a
 * platform would pull (its sniffed type, its size, an image's dimensions) and
 * answers with the platform's own refusal, so the sandbox refuses what the
 * network would instead of publishing it.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { imageSize } from 'image-size';
import { probeVideo } from '../../../media/probe.ts';
import { type Breach, checkMedia, type MediaFormat, probedVideoFacts } from '../../../media/rules.ts';

/** Files larger than this are not read whole here (the service's own limits keep test media far smaller). */
const MAX_READ = 64 * 1024 * 1024;

/** The breaches of the image at `url` against `format`; [] when it fits or can not be read. */
export async function imageBreachesAt(url: string, format: MediaFormat): Promise<Breach[]> {
  const bytes = await bytesAt(url);
  return bytes ? imageBreachesOf(bytes, format) : [];
}

/** The breaches of an image against `format`, from its bytes as the platform received them. */
export async function imageBreachesOf(bytes: Uint8Array, format: MediaFormat): Promise<Breach[]> {
  // Imported on the first media check: a sandbox service starts without file-type's modules.
  const sniffed = await (await import('file-type')).fileTypeFromBuffer(bytes);
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

/** The bytes at `url`, or undefined when they can not be had (the caller's fetch check answers that). */
async function bytesAt(url: string): Promise<Buffer | undefined> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(30_000) });
    const declared = Number(res.headers.get('content-length') ?? 0);
    if (!res.ok || declared > MAX_READ) {
      await res.body?.cancel();
      return undefined;
    }
    return Buffer.from(await res.arrayBuffer());
  } catch {
    return undefined;
  }
}

/**
 * The breaches of a video against `format`, from its bytes as the platform
 * received them: the sniffed container, the size and ffprobe's facts (codecs,
 * frame, frame rate, length, bitrate). [] when it fits or can not be probed.
 */
export async function videoBreachesOf(bytes: Buffer, format: MediaFormat): Promise<Breach[]> {
  const dir = await mkdtemp(join(tmpdir(), 'sim-video-'));
  try {
    const path = join(dir, 'video');
    await writeFile(path, bytes);
    const sniffed = await (await import('file-type')).fileTypeFromBuffer(bytes);
    const facts = await probeVideo(path);
    if (facts.probeStatus !== 'probed') return [];
    return checkMedia(format, probedVideoFacts(facts, sniffed?.mime ?? null, bytes.length));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** The breaches of the video at `url` against `format` (a platform that pulls it); [] when it fits or can not be read. */
export async function videoBreachesAt(url: string, format: MediaFormat): Promise<Breach[]> {
  const bytes = await bytesAt(url);
  return bytes ? videoBreachesOf(bytes, format) : [];
}
