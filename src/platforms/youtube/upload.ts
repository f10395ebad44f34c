/**
 * YouTube's resumable upload (`videos.insert`, uploadType=resumable):
 * 1. `POST /upload/youtube/v3/videos?uploadType=resumable&part=snippet,status`
 *    with the metadata; the session URI comes back in `Location`. Nothing exists
 *    on the channel yet, and the caller checkpoints the URI before any byte goes.
 * 2. `PUT <session>` chunks of `chunkBytes` (a multiple of 256 KiB; the last one
 *    is whatever is left), each read from the staged file on disk while it is
 *    sent (`blob().slice`), so a 2 GB video never sits in memory. A non-final
 *    chunk answers 308 with the `Range` received; the next chunk starts there. The
 *    final chunk answers 200/201 with the video: that one call creates the post,
 *    so `beforeFinal` (the caller's beginCreate) runs right before it.
 * 3. `PUT <session>` with no body and `Content-Range: bytes * /total` probes:
 *    308 (+ Range) says how much arrived, 200/201 gives the finished video, 404 or
 *    410 says the session is gone (start over). A dropped connection on a
 *    non-final chunk is answered by a probe and the upload goes on from there.
 */
import type { StagedMedia } from '../../media/stage.ts';
import type { PlatformUrlGuard } from '../../net/outbound.ts';
import { type AccountCredentials, PlatformError } from '../contract.ts';
import { type PlatformResponse, platformCall } from '../shared/http.ts';
import { authHeader } from './account.ts';
import { readYouTubeError } from './errors.ts';

/** Chunks are multiples of this (YouTube refuses other non-final sizes). */
export const CHUNK_UNIT = 256 * 1024;
/** 8 MiB chunks, 32 units: few round trips, little held per request on either side. */
export const DEFAULT_CHUNK_BYTES = 32 * CHUNK_UNIT;
/**
 * How long one run keeps uploading before it hands the job back (`paused`): a
 * publish attempt is bounded (PUBLISH_ATTEMPT_TIMEOUT_MS, 2 minutes by default),
 * and a large upload over a slow link goes on in the next run from the offset the
 * session reports, without using up an attempt.
 */
export const DEFAULT_RUN_BUDGET_MS = 60_000;
/** Probes and resumes after dropped chunks within one run before giving the job back. */
const MAX_RESUMES_PER_RUN = 3;
const CHUNK_TIMEOUT_MS = 120_000;

export interface UploadCall {
  account: AccountCredentials;
  signal: AbortSignal;
  /** Where the session URI YouTube answered with goes (PublishContext.platformUrls). */
  platformUrls?: PlatformUrlGuard | undefined;
}

/** Where an upload session stands. */
export type SessionState =
  | { state: 'incomplete'; offset: number }
  | { state: 'complete'; video: unknown }
  | { state: 'gone' };

const readError = (r: PlatformResponse) => readYouTubeError(r);

/** Starts a session for `total` bytes of `mimeType`; answers its URI. */
export async function startSession(
  ctx: UploadCall & { baseUrl: string },
  metadata: unknown,
  total: number,
  mimeType: string,
): Promise<string> {
  const res = await platformCall({
    url: `${ctx.baseUrl}/upload/youtube/v3/videos`,
    query: { uploadType: 'resumable', part: 'snippet,status' },
    headers: {
      ...authHeader(ctx.account),
      'x-upload-content-length': String(total),
      'x-upload-content-type': mimeType.startsWith('video/') ? mimeType : 'application/octet-stream',
    },
    json: metadata,
    signal: ctx.signal,
    what: 'YouTube: start of the video upload',
    readError,
  });
  const uri = res.headers.get('location');
  if (!uri) throw new PlatformError('transient', 'YouTube: the upload session came back without a Location');
  return uri;
}

/** The next offset from a 308's `Range: bytes=0-n` (none: nothing arrived). */
function offsetOf(res: PlatformResponse): number {
  const m = /bytes=0-(\d+)/.exec(res.headers.get('range') ?? '');
  return m ? Number(m[1]) + 1 : 0;
}

/** Asks the session how much it has (`bytes * /total`). */
export async function probeSession(ctx: UploadCall, uri: string, total: number): Promise<SessionState> {
  try {
    const res = await platformCall({
      method: 'PUT',
      url: uri,
      outside: ctx.platformUrls,
      headers: { ...authHeader(ctx.account), 'content-range': `bytes */${total}` },
      body: new Uint8Array(0),
      contentLength: 0,
      accept: [308],
      signal: ctx.signal,
      what: 'YouTube: upload status',
      readError,
    });
    if (res.status === 308) return { state: 'incomplete', offset: offsetOf(res) };
    return { state: 'complete', video: res.json };
  } catch (err) {
    if (err instanceof PlatformError && (err.status === 404 || err.status === 410)) return { state: 'gone' };
    throw err;
  }
}

/** The end of one run's upload: the video (the final chunk's answer), or where it paused. */
export type UploadOutcome = { video: unknown } | { pausedAt: number };

/**
 * Sends the file from `offset` to the end, or until `runBudgetMs` has passed
 * (checked after each chunk, so every run makes progress); answers the video
 * resource of the final chunk, or the offset it paused at. Failures of the final chunk are thrown as they are (a create call:
 * unknown_outcome unless the platform refused it); a non-final chunk that failed
 * transiently is followed by a probe and the upload goes on from the offset it gives.
 */
export async function uploadFrom(
  ctx: UploadCall,
  uri: string,
  staged: StagedMedia,
  startAt: number,
  options: { chunkBytes?: number; runBudgetMs?: number; beforeFinal: () => Promise<void> },
): Promise<UploadOutcome> {
  const chunkBytes = options.chunkBytes ?? DEFAULT_CHUNK_BYTES;
  const stopAt = performance.now() + (options.runBudgetMs ?? DEFAULT_RUN_BUDGET_MS);
  if (chunkBytes % CHUNK_UNIT !== 0) throw new Error(`chunk size ${chunkBytes} is not a multiple of 256 KiB`);
  const total = staged.size;
  const blob = await staged.blob();
  let offset = startAt;
  let resumes = 0;
  for (;;) {
    const end = Math.min(offset + chunkBytes, total);
    const final = end === total;
    if (final) await options.beforeFinal();
    let res: PlatformResponse;
    try {
      res = await platformCall({
        method: 'PUT',
        url: uri,
        outside: ctx.platformUrls,
        headers: {
          ...authHeader(ctx.account),
          'content-type': staged.mimeType,
          'content-range': `bytes ${offset}-${end - 1}/${total}`,
        },
        body: blob.slice(offset, end),
        accept: [308],
        createCall: final,
        timeoutMs: CHUNK_TIMEOUT_MS,
        signal: ctx.signal,
        what: final
          ? 'YouTube: upload of the last video chunk'
          : `YouTube: upload of bytes ${offset}-${end - 1}`,
        readError,
      });
    } catch (err) {
      if (final || !(err instanceof PlatformError) || err.errorClass !== 'transient') throw err;
      if (++resumes > MAX_RESUMES_PER_RUN || ctx.signal.aborted) throw err;
      const now = await probeSession(ctx, uri, total);
      if (now.state === 'complete') return { video: now.video };
      if (now.state === 'gone') throw new PlatformError('transient', 'YouTube: the upload session expired');
      offset = now.offset;
      continue;
    }
    if (res.status !== 308) return { video: res.json };
    offset = offsetOf(res);
    if (offset >= total) {
      // Everything arrived but the session did not answer with the video: ask it.
      const now = await probeSession(ctx, uri, total);
      if (now.state === 'complete') return { video: now.video };
      throw new PlatformError('unknown_outcome', 'YouTube: the upload ended without a video');
    }
    if (performance.now() >= stopAt) return { pausedAt: offset };
  }
}
