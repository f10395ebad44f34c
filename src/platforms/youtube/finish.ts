/**
 * What follows the upload, once the video exists (from publish, or from
 * reconcile, which the engine calls while the create is recorded as in flight):
 * 1. the custom thumbnail of the media item (`thumbnails.set`); one that fails
 *    leaves the video published with a warning, not failed (so does one on a
 *    Short, which is not sent: Shorts take no custom thumbnail);
 * 2. processing: `videos.list?part=status,processingDetails` until `uploadStatus`
 *    is `processed`, answered as `pending` (no worker waits); `failed`, `rejected`
 *    or `deleted` fail the target with YouTube's reason;
 * 3. a scheduled post, uploaded private, gets its visibility (`videos.update`).
 * Each step is checkpointed, so a resumed run does none of them twice. The first
 * comment follows once the video is live: the engine posts it through the
 * module's first-comment capability (first-comment.ts).
 */
import { PlatformError as PlatformErrorClass, type PublishContext, type PublishResult } from '../contract.ts';
import { platformCall } from '../shared/http.ts';
import { arr, obj, pick, str } from '../shared/json.ts';
import { assertThumbnail, stageOne } from '../shared/media.ts';
import { authHeader, videoUrl } from './account.ts';
import type { Progress, YouTubeCheckpoint } from './checkpoint.ts';
import { readYouTubeError } from './errors.ts';
import { finalVisibility, statusPart } from './metadata.ts';

/** Bounds of the processing poll interval, around YouTube's own `timeLeftMs` estimate. */
const MIN_POLL_MS = 2_000;
const MAX_POLL_MS = 60_000;
const DEFAULT_POLL_MS = 15_000;

const readError = (r: Parameters<typeof readYouTubeError>[0]) => readYouTubeError(r);

export async function finishVideo(ctx: PublishContext, p: Progress): Promise<PublishResult> {
  const cp = (): Readonly<YouTubeCheckpoint> => p.cp;
  const videoId = cp().videoId as string;
  const warn = async (patch: YouTubeCheckpoint, warning: string) =>
    p.save({ ...patch, warnings: [...(cp().warnings ?? []), warning] });

  const thumbnail = ctx.target.mediaItems[0]?.thumbnail;
  if (thumbnail && !cp().thumbnail && cp().upload?.short) {
    await warn(
      { thumbnail: 'failed' },
      'The custom thumbnail was not set: YouTube makes square and vertical videos of up to 3 minutes Shorts, which take no custom thumbnail',
    );
  } else if (thumbnail && !cp().thumbnail) {
    try {
      await setThumbnail(ctx, videoId, thumbnail);
      await p.save({ thumbnail: 'set' });
    } catch (err) {
      if (!(err instanceof PlatformErrorClass) || err.errorClass === 'auth') throw err;
      await warn({ thumbnail: 'failed' }, `The custom thumbnail was not set: ${err.message}`);
    }
  }

  if (!cp().processed) {
    const waiting = await processingState(ctx, videoId);
    if (waiting) return waiting;
    const rest = stepsAfterProcessing(ctx, cp());
    // What a warning would name if the account were lost from here on.
    if (rest)
      await p.exists(
        { platformPostId: videoId, platformPostUrl: videoUrl(videoId), awaiting: rest },
        { processed: true },
      );
    else await p.save({ processed: true });
  }

  const visibility = finalVisibility(ctx.target);
  if (ctx.target.scheduledFor && visibility !== 'private' && !cp().visibility) {
    await platformCall({
      method: 'PUT',
      url: `${ctx.baseUrl}/youtube/v3/videos`,
      query: { part: 'status' },
      headers: authHeader(ctx.account),
      json: { id: videoId, status: statusPart(ctx.target, visibility) },
      signal: ctx.signal,
      what: `YouTube: making the video ${visibility}`,
      readError,
    });
    await p.save({ visibility });
  }

  const warnings = cp().warnings ?? [];
  return {
    state: 'published',
    platformPostId: videoId,
    platformPostUrl: videoUrl(videoId),
    ...(warnings.length ? { warningMessage: warnings.join('; ') } : {}),
  };
}

/** The steps left once the video is processed, in words ("making it public"), or undefined. */
function stepsAfterProcessing(ctx: PublishContext, cp: Readonly<YouTubeCheckpoint>): string | undefined {
  const visibility = finalVisibility(ctx.target);
  const steps = [
    ...(ctx.target.scheduledFor && visibility !== 'private' && !cp.visibility
      ? [`making it ${visibility}`]
      : []),
  ];
  return steps.length ? steps.join(' and ') : undefined;
}

/** Stages the thumbnail, checks the contract's rules, and sends it raw (`thumbnails.set`). */
async function setThumbnail(ctx: PublishContext, videoId: string, url: string): Promise<void> {
  const staged = await stageOne(
    ctx.media,
    { type: 'image', url },
    'the thumbnail of media item 1',
    ctx.signal,
  );
  try {
    assertThumbnail(staged);
    await platformCall({
      url: `${ctx.baseUrl}/upload/youtube/v3/thumbnails/set`,
      query: { videoId },
      headers: {
        ...authHeader(ctx.account),
        // thumbnails.set names JPEG and PNG; anything else goes as octet-stream.
        'content-type': ['image/jpeg', 'image/png'].includes(staged.mimeType)
          ? staged.mimeType
          : 'application/octet-stream',
      },
      body: await staged.blob(),
      signal: ctx.signal,
      what: 'YouTube: thumbnail',
      readError,
    });
  } finally {
    await staged.dispose();
  }
}

/** `pending` while YouTube processes the video; undefined once processed; throws when it failed. */
async function processingState(ctx: PublishContext, videoId: string): Promise<PublishResult | undefined> {
  const res = await platformCall({
    url: `${ctx.baseUrl}/youtube/v3/videos`,
    query: { part: 'status,processingDetails', id: videoId },
    headers: authHeader(ctx.account),
    signal: ctx.signal,
    what: 'YouTube: processing status',
    readError,
  });
  const video = arr(res.json, 'items')[0];
  if (!video)
    throw new PlatformErrorClass(
      'permanent',
      `YouTube: video ${videoId} is gone (deleted or removed while processing)`,
    );
  const status = obj(video, 'status');
  const state = str(status, 'uploadStatus');
  if (state === 'processed') return undefined;
  if (state === 'uploaded') {
    const left = Number(pick(video, 'processingDetails', 'processingProgress', 'timeLeftMs'));
    const wait = Number.isFinite(left) && left > 0 ? left : DEFAULT_POLL_MS;
    return {
      state: 'pending',
      retryInMs: Math.min(Math.max(wait, MIN_POLL_MS), MAX_POLL_MS),
      reason: 'YouTube is processing the video',
    };
  }
  const why =
    state === 'failed'
      ? `processing failed (${str(status, 'failureReason') ?? 'unknown reason'})`
      : state === 'rejected'
        ? `the video was rejected (${str(status, 'rejectionReason') ?? 'unknown reason'})`
        : `the video is ${state ?? 'in an unknown state'}`;
  throw new PlatformErrorClass('permanent', `YouTube: ${why}`);
}
