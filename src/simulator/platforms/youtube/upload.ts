/**
 * YouTube's resumable `videos.insert` on the simulator:
 * - `POST /upload/youtube/v3/videos?uploadType=resumable&part=snippet,status`
 *   checks the metadata and the quota and answers 200 with the session URI in
 *   `Location`; nothing exists on the channel yet.
 * - `PUT <session URI>` with `Content-Range: bytes a-b/total` takes a chunk (a
 *   multiple of 256 KiB except the last): 308 Resume Incomplete with
 *   `Range: bytes=0-n`, or, with the last byte, 200 and the new video. The bytes
 *   of an upload up to MAX_KEPT are kept until it completes, for YouTube's media
 *   rules; a larger upload is counted and dropped, so it costs no memory here.
 * - A completed video that breaks YouTube's media rules (the platform module's
 *   media-rules.ts) is created, as YouTube's upload always succeeds, and its
 *   processing ends as YouTube's does (videos resource, status.uploadStatus,
 *   https://developers.google.com/youtube/v3/docs/videos#status.uploadStatus):
 *   `failed` with failureReason `invalidFile` for a container YouTube does not
 *   take, `rejected` with rejectionReason `length` for one over its length.
 * - `PUT <session URI>` with an empty body and `Content-Range: bytes * /total`
 *   probes: 308 with the `Range` received so far (none when nothing came), or 200
 *   and the video when the upload completed. An unknown or expired session is 404.
 * Every video created is a post of kind `video` (tests count them).
 */
import { randomBytes } from 'node:crypto';
import type { Breach } from '../../../media/rules.ts';
import { youtubeMediaRules } from '../../../platforms/youtube/media-rules.ts';
import { authOf, headerValue, json, type SimResponse } from '../../core/http.ts';
import type { SimRouter } from '../../core/router.ts';
import type { Simulator } from '../../core/simulator-api.ts';
import { googleError } from '../_shared/google.ts';
import { videoBreachesOf } from '../_shared/media-rules.ts';
import { charge, uploadCapReached } from './quota.ts';
import { metadataProblem, newVideo, type VideoData, videoId, videoResource } from './video.ts';

/** Chunks other than the last must be multiples of this. */
export const CHUNK_UNIT = 256 * 1024;
/** Sessions live about a week. */
const SESSION_TTL_MS = 7 * 24 * 3600_000;
/** Uploads larger than this are not held for the media rules (test media stays far smaller). */
const MAX_KEPT = 64 * 1024 * 1024;

export interface UploadSession {
  id: string;
  accountId: string;
  clientId: string;
  metadata: unknown;
  /** X-Upload-Content-Length, or the total a Content-Range named. */
  total?: number;
  received: number;
  /** The chunks so far by first byte, while the upload is at most MAX_KEPT (for the media rules). */
  chunks?: Map<number, Buffer>;
  createdAt: number;
  videoId?: string;
}

const PATH = '/upload/youtube/v3/videos';

const badRequest = (message: string): SimResponse =>
  googleError(400, 'INVALID_ARGUMENT', message, [{ message, domain: 'global', reason: 'badRequest' }]);

/** 308 Resume Incomplete with the bytes received so far (no Range header when none). */
const incomplete = (s: UploadSession): SimResponse => ({
  status: 308,
  headers: {
    ...(s.received > 0 ? { range: `bytes=0-${s.received - 1}` } : {}),
    'x-guploader-uploadid': s.id,
    'content-length': '0',
  },
});

export const register = (r: SimRouter, sim: Simulator): void => {
  const sessions = sim.state.collection<UploadSession>('youtube', 'uploads');

  r.post(
    PATH,
    (req) => {
      const { account, token } = authOf(req);
      if (req.query.uploadType !== 'resumable')
        return badRequest('The simulator takes uploadType=resumable uploads only.');
      const parts = (req.query.part ?? '').split(',');
      if (!parts.includes('snippet'))
        return googleError(400, 'INVALID_ARGUMENT', "'part' must include snippet", [
          { message: 'Required parameter: part', domain: 'global', reason: 'required', location: 'part' },
        ]);
      const problem = metadataProblem(req.body, sim.clock.now());
      if (problem) return problem;
      const capped = uploadCapReached(sim, account.id);
      if (capped) return capped;
      const refused = charge(sim, token.clientId, 'insert');
      if (refused) return refused;
      const declared = headerValue(req, 'x-upload-content-length');
      const id = randomBytes(24).toString('base64url');
      sessions.set(id, {
        id,
        accountId: account.id,
        clientId: token.clientId,
        metadata: req.body,
        ...(declared !== undefined ? { total: Number(declared) } : {}),
        received: 0,
        createdAt: sim.clock.now(),
      });
      const location = `${sim.baseUrl('youtube')}${PATH}?uploadType=resumable&part=${encodeURIComponent(req.query.part ?? '')}&upload_id=${id}`;
      return { status: 200, headers: { location, 'x-guploader-uploadid': id }, body: '' };
    },
    { auth: true },
  );

  r.put(PATH, (req) => {
    const s = sessions.get(req.query.upload_id ?? '');
    if (!s || sim.clock.now() > s.createdAt + SESSION_TTL_MS)
      return googleError(404, 'NOT_FOUND', 'The upload session was not found or has expired.');
    const done = () => videoAnswer(sim, s);
    const range = /^bytes (?:(\d+)-(\d+)|\*)\/(\d+|\*)$/.exec(headerValue(req, 'content-range') ?? '');
    const bytes = req.rawBody.length;
    if (!range) {
      // A whole-file PUT without Content-Range.
      if (s.videoId) return done();
      if (s.received > 0) return incomplete(s);
      return take(s, 0, req.rawBody, bytes);
    }
    const total = range[3] === '*' ? s.total : Number(range[3]);
    if (total !== undefined && s.total !== undefined && total !== s.total)
      return badRequest(`Content-Range total ${total} does not match the declared ${s.total} bytes.`);
    if (range[1] === undefined) {
      if (bytes !== 0) return badRequest('A status request (bytes */total) must have an empty body.');
      if (total !== undefined) s.total = total;
      return s.videoId ? done() : incomplete(s);
    }
    if (s.videoId) return done();
    const first = Number(range[1]);
    const last = Number(range[2]);
    if (last - first + 1 !== bytes)
      return badRequest(`Content-Range names ${last - first + 1} bytes but the body has ${bytes}.`);
    if (first > s.received) return incomplete(s);
    const final = total !== undefined && last + 1 === total;
    if (!final && bytes % CHUNK_UNIT !== 0)
      return badRequest(
        `Invalid request. The number of bytes uploaded is required to be equal or greater than ${CHUNK_UNIT}, except for the final request (it's recommended to be the exact multiple of ${CHUNK_UNIT}). The received request contained ${bytes} bytes, which does not meet this requirement.`,
      );
    return take(s, first, req.rawBody, total);
  });

  /** Counts a chunk's new bytes (overlap with what came before is ignored); keeps them while small. */
  async function take(s: UploadSession, first: number, body: Buffer, total?: number): Promise<SimResponse> {
    if (total !== undefined) s.total = total;
    if (s.total !== undefined && s.total <= MAX_KEPT && first + body.length > s.received) {
      s.chunks ??= new Map();
      s.chunks.set(first, body);
    } else if (s.total !== undefined && s.total > MAX_KEPT) s.chunks = undefined;
    s.received = Math.max(s.received, first + body.length);
    if (s.total === undefined || s.received < s.total) return incomplete(s);
    const account = sim.state.account('youtube', s.accountId);
    if (!account) return googleError(404, 'NOT_FOUND', 'The channel no longer exists.');
    const verdict = await processingVerdict(s);
    const id = videoId();
    sim.state.createPost(
      'youtube',
      s.accountId,
      { ...newVideo(sim, account, s.metadata, s.total), ...verdict },
      { id, kind: 'video' },
    );
    s.videoId = id;
    return videoAnswer(sim, s);
  }
};

/** The whole file of a kept upload, each byte once (a re-sent chunk overlaps the one before). */
function fileOf(s: UploadSession): Buffer | undefined {
  if (!s.chunks || s.total === undefined) return undefined;
  const file = Buffer.alloc(s.total);
  let filled = 0;
  for (const [first, chunk] of [...s.chunks.entries()].sort((a, b) => a[0] - b[0])) {
    if (first > filled) return undefined;
    chunk.copy(file, first);
    filled = Math.max(filled, first + chunk.length);
  }
  s.chunks = undefined;
  return filled >= s.total ? file : undefined;
}

/**
 * How YouTube's processing ends for the uploaded file under its media rules: a
 * container it does not take fails (`invalidFile`), a video over its length is
 * rejected (`length`); nothing when the file fits or was too large to keep.
 */
async function processingVerdict(s: UploadSession): Promise<Partial<VideoData>> {
  const file = fileOf(s);
  const format = youtubeMediaRules.formats.video;
  if (!file || !format) return {};
  const breaches: Breach[] = await videoBreachesOf(file, format);
  if (breaches.length === 0) return {};
  if (breaches.some((b) => b.rule === 'duration_long'))
    return { outcome: 'rejected', rejectionReason: 'length' };
  return {
    outcome: 'failed',
    failureReason: breaches.some((b) => b.rule === 'video_codec') ? 'codec' : 'invalidFile',
  };
}

/** 200 with the video the session made (as the final chunk and later probes answer). */
function videoAnswer(sim: Simulator, s: UploadSession): SimResponse {
  const post = sim.state.getPost('youtube', s.videoId ?? '');
  if (!post) return googleError(404, 'NOT_FOUND', 'The upload session was not found or has expired.');
  return json(200, videoResource(sim, post, ['snippet', 'status']));
}
