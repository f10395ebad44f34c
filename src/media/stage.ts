/**
 * The media pipeline's entry point for adapters: fetch a media item through the
 * safe outbound client straight onto local disk (flat memory whatever the size),
 * sniff its real type, describe it (size, type, file name, image dimensions,
 * video facts via ffprobe), and hand out streams of it for uploads (whole or by
 * byte range, for chunked uploads). Platforms need the total size before the
 * first byte (X INIT, LinkedIn initializeUpload) and chunks may be re-sent, which
 * a single pass over the source could not give; the temporary file can.
 */
import { createReadStream, createWriteStream, openAsBlob } from 'node:fs';
import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { imageSizeFromFile } from 'image-size/fromFile';
import { type OutboundClient, OutboundError } from '../net/outbound.ts';
import { MediaError, type MediaErrorKind } from './errors.ts';
import { fileType } from './file-type.ts';
import { type Inspection, inspectMediaUrl, rememberInspections } from './inspect.ts';
import { fitsKind, kindPhrase, type MediaSource } from './kinds.ts';
import { fetchLinkPreview, type LinkPreview } from './preview.ts';
import { probeVideo, type VideoFacts } from './probe.ts';

/** A media item fetched to disk and described. Dispose of it when the upload is done. */
export interface StagedMedia extends VideoFacts {
  item: MediaSource;
  /** "media item 2" — how messages name it. */
  label: string;
  path: string;
  size: number;
  /** The sniffed type (what the bytes are), not what the source claimed. */
  mimeType: string;
  filename: string;
  /** Image dimensions (images and GIFs), or the video's from ffprobe. */
  width?: number;
  height?: number;
  /** Bytes [start, end) as a stream; the whole file without arguments. */
  stream(start?: number, end?: number): NodeJS.ReadableStream & AsyncIterable<Uint8Array>;
  /**
   * The file as a disk-backed Blob typed with the sniffed MIME type: usable as a
   * fetch body or a multipart part, and `slice(start, end)` gives chunks that are
   * read from disk only while being sent.
   */
  blob(): Promise<Blob>;
  dispose(): Promise<void>;
}

export interface MediaStager {
  /** Fetches and describes one item; failures are MediaErrors that name the item and say why. */
  stage(item: MediaSource, label: string, signal: AbortSignal): Promise<StagedMedia>;
  /** The Open Graph card facts of a page (for link cards), or undefined when unavailable. */
  preview(url: string, signal: AbortSignal): Promise<LinkPreview | undefined>;
  /** Size and type of a media URL from its headers, or why it may never be fetched (inspect.ts). */
  inspect(url: string, kind: string): Promise<Inspection>;
}

interface MediaStagerOptions {
  outbound: OutboundClient;
  /** Largest media file accepted. */
  maxBytes: number;
  /** Time allowed for fetching one item, body included. */
  fetchTimeoutMs: number;
  /** Where temporary files go (default: the OS temp directory). */
  tmpDir?: string;
  /**
   * Media uploaded to the service's own disk: the file's path for one of its public
   * URLs (null when the URL is ours but names no stored file), undefined for any
   * other URL. Such items are read from disk, never fetched back over HTTP.
   */
  localFile?: (url: string) => string | null | undefined;
}

const INSPECT_TIMEOUT_MS = 5_000;
/** How long a URL's headers are taken as still true (they only describe the post; publishing fetches for real). */
const INSPECTION_TTL_MS = 60_000;
const INSPECTIONS_KEPT = 10_000;

export function createMediaStager(options: MediaStagerOptions): MediaStager {
  // Headers only, at create: a short budget so an unreachable server does not hold the answer.
  const inspect = rememberInspections(
    (url, kind) =>
      inspectMediaUrl(options.outbound, url, kind, Math.min(options.fetchTimeoutMs, INSPECT_TIMEOUT_MS)),
    { ttlMs: INSPECTION_TTL_MS, maxEntries: INSPECTIONS_KEPT },
  );
  return {
    stage: (item, label, signal) => stageMedia(options, item, label, signal),
    preview: (url, signal) => fetchLinkPreview(options.outbound, url, signal),
    inspect,
  };
}

async function stageMedia(
  options: MediaStagerOptions,
  item: MediaSource,
  label: string,
  signal: AbortSignal,
): Promise<StagedMedia> {
  const local = options.localFile?.(item.url);
  const dir = await mkdtemp(join(options.tmpDir ?? tmpdir(), 'media-'));
  // An uploaded file is read where it is; disposing removes only the temporary directory.
  const path = local ?? join(dir, 'body');
  const dispose = () => rm(dir, { recursive: true, force: true });
  try {
    const fetched =
      local === undefined
        ? await download(options, item, label, path, signal)
        : await readLocal(item, label, local);
    const sniffed = await (await fileType()).fileTypeFromFile(path);
    if (!sniffed)
      throw new MediaError(
        'wrong_type',
        label,
        item.url,
        `is not ${kindPhrase(item.type)}: its content type is not recognised`,
      );
    if (!fitsKind(item.type, sniffed.mime)) {
      throw new MediaError(
        'wrong_type',
        label,
        item.url,
        `is not ${kindPhrase(item.type)}: its content is ${sniffed.mime}`,
      );
    }
    const staged: StagedMedia = {
      item,
      label,
      path,
      size: fetched.size,
      mimeType: sniffed.mime,
      filename: fetched.filename ?? `media.${sniffed.ext}`,
      probeStatus: 'skipped',
      stream: (start, end) =>
        createReadStream(path, {
          ...(start !== undefined ? { start } : {}),
          ...(end !== undefined ? { end: end - 1 } : {}),
          highWaterMark: 256 * 1024,
        }),
      blob: () => openAsBlob(path, { type: sniffed.mime }),
      dispose,
    };
    if (sniffed.mime.startsWith('image/')) {
      try {
        const dims = await imageSizeFromFile(path);
        staged.width = dims.width;
        staged.height = dims.height;
      } catch {
        throw new MediaError('wrong_type', label, item.url, `is not a readable image (${sniffed.mime})`);
      }
    } else if (sniffed.mime.startsWith('video/')) {
      Object.assign(staged, await probeVideo(path));
    }
    return staged;
  } catch (err) {
    await dispose();
    throw err;
  }
}

async function download(
  options: MediaStagerOptions,
  item: MediaSource,
  label: string,
  path: string,
  signal: AbortSignal,
): Promise<{ size: number; filename: string | undefined }> {
  let res: Response;
  try {
    res = await options.outbound.request(item.url, { signal, timeoutMs: options.fetchTimeoutMs });
  } catch (err) {
    throw outboundFailure(label, item.url, err);
  }
  if (!res.ok || !res.body) {
    await res.body?.cancel().catch(() => {});
    throw new MediaError(statusKind(res.status), label, item.url, `could not be fetched: HTTP ${res.status}`);
  }
  const declared = Number(res.headers.get('content-length') ?? Number.NaN);
  if (declared > options.maxBytes) {
    await res.body.cancel().catch(() => {});
    throw new MediaError(
      'too_large',
      label,
      item.url,
      `is ${declared} bytes, more than the limit of ${options.maxBytes}`,
    );
  }
  let size = 0;
  const limit = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.byteLength;
      if (size > options.maxBytes)
        done(
          new MediaError(
            'too_large',
            label,
            item.url,
            `is larger than the limit of ${options.maxBytes} bytes`,
          ),
        );
      else done(null, chunk);
    },
  });
  try {
    await pipeline(res.body as unknown as AsyncIterable<Uint8Array>, limit, createWriteStream(path));
  } catch (err) {
    if (err instanceof MediaError) throw err;
    throw outboundFailure(label, item.url, err);
  }
  if (size === 0) throw new MediaError('empty', label, item.url, 'is empty');
  return { size, filename: fileNameOf(item, res) };
}

/** An uploaded file on this machine: its size and name, or not_found when it was deleted. */
async function readLocal(
  item: MediaSource,
  label: string,
  path: string | null,
): Promise<{ size: number; filename: string | undefined }> {
  const found = path === null ? undefined : await stat(path).catch(() => undefined);
  if (!found?.isFile())
    throw new MediaError('not_found', label, item.url, 'is no longer stored (deleted or never uploaded)');
  if (found.size === 0) throw new MediaError('empty', label, item.url, 'is empty');
  return { size: found.size, filename: item.filename ?? (path ? basename(path) : undefined) };
}

/** The source's HTTP answer as a kind: 5xx and 429 may pass, other refusals will not. */
function statusKind(status: number): MediaErrorKind {
  if (status >= 500 || status === 429) return 'unreachable';
  return status === 404 || status === 410 ? 'not_found' : 'refused';
}

/** What the outbound client's reasons mean for the item; anything else is taken as a network failure. */
const OUTBOUND_KINDS: Record<OutboundError['reason'], MediaErrorKind> = {
  blocked: 'refused',
  invalid: 'refused',
  redirect: 'refused',
  too_large: 'too_large',
  timeout: 'timeout',
  network: 'unreachable',
};

function outboundFailure(label: string, url: string, err: unknown): MediaError {
  if (err instanceof MediaError) return err;
  const kind = err instanceof OutboundError ? OUTBOUND_KINDS[err.reason] : 'unreachable';
  return new MediaError(kind, label, url, `could not be fetched: ${(err as Error).message}`);
}

/** The item's own file name, else Content-Disposition's, else the URL's last segment. */
function fileNameOf(item: MediaSource, res: Response): string | undefined {
  if (item.filename) return item.filename;
  const disposition = res.headers.get('content-disposition') ?? '';
  const quoted = /filename="?([^";]+)"?/i.exec(disposition)?.[1];
  if (quoted) return basename(quoted);
  try {
    const last = basename(new URL(item.url).pathname);
    return last && last !== '/' ? decodeURIComponent(last) : undefined;
  } catch {
    return undefined;
  }
}

/** Stages several items, disposing of the ones already staged when one fails. */
export async function stageAll(
  stager: MediaStager,
  items: readonly MediaSource[],
  signal: AbortSignal,
  labelOf: (index: number) => string = (i) => `media item ${i + 1}`,
): Promise<StagedMedia[]> {
  const staged: StagedMedia[] = [];
  try {
    for (const [i, item] of items.entries()) staged.push(await stager.stage(item, labelOf(i), signal));
    return staged;
  } catch (err) {
    await disposeAll(staged);
    throw err;
  }
}

export async function disposeAll(staged: readonly StagedMedia[]): Promise<void> {
  await Promise.all(staged.map((s) => s.dispose()));
}
