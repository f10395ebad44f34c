/**
 * Reels and video Stories: Meta's three-phase video flow on a Page, the same for
 * both edges (`video_reels`, `video_stories`), as resumable steps:
 * 1. `POST /{page}/{edge}` `upload_phase=start` → the video's id (checkpointed);
 * 2. the bytes to `rupload.facebook.com/video-upload/{version}/{video_id}` with
 *    `Authorization: OAuth <page token>`, `offset: 0`, `file_size` (checkpointed);
 * 3. `beginCreate`, then `upload_phase=finish` with `video_state` and the
 *    description: the one create call. The video then exists (recordExists) and
 *    its processing is awaited by reading `GET /{video_id}?fields=status`.
 * A repeat after a lost finish goes through reconcile (`videoStatus` says whether
 * Facebook took the finish), never straight to a second finish.
 * The video's length is checked once fetched, before anything is sent: Meta's
 * limits (formats.ts DURATION) would otherwise show up only after processing.
 */
import { PlatformError, type PublishContext, type PublishResult } from '../contract.ts';
import { pick, platformCall, str } from '../shared/http.ts';
import { stageAll } from '../shared/media.ts';
import { GRAPH_VERSION } from '../shared/meta.ts';
import { readGraphError } from './errors.ts';
import { DURATION } from './formats.ts';
import { graph } from './graph.ts';
import { type FacebookCheckpoint, facebookOptions, graphTarget } from './steps.ts';

export type VideoEdge = 'video_reels' | 'video_stories';

/** Meta's host for the bytes of a Reel or video Story, unless the settings name another (sandbox). */
const RUPLOAD_HOST = 'https://rupload.facebook.com';
/** How often processing is looked at again. */
const PROCESSING_POLL_MS = 10_000;

export const reelUrl = (videoId: string) => `https://www.facebook.com/reel/${videoId}`;
/** A Story is shown on the Page's story tray; its post id opens it. */
export const storyUrl = (postId: string) => `https://www.facebook.com/${postId}`;

const urlOf = (edge: VideoEdge, cp: FacebookCheckpoint) =>
  edge === 'video_reels' ? reelUrl(cp.videoId as string) : storyUrl(cp.postId as string);

export async function publishVideoFormat(ctx: PublishContext, edge: VideoEdge): Promise<PublishResult> {
  let cp = ctx.checkpoint as FacebookCheckpoint;
  const page = encodeURIComponent(ctx.account.platformUserId);
  if (!cp.videoId) {
    const res = await graph(graphTarget(ctx), `${page}/${edge}`, {
      form: { upload_phase: 'START' },
      what: `Facebook: start the ${what(edge)} upload`,
    });
    const videoId = str(res.json, 'video_id');
    if (!videoId)
      throw new PlatformError('transient', `Facebook answered the ${what(edge)} start without video_id`);
    await ctx.saveCheckpoint({ videoId });
    cp = { ...cp, videoId };
  }
  if (!cp.uploaded) {
    await upload(ctx, edge, cp.videoId as string);
    await ctx.saveCheckpoint({ uploaded: true });
    cp = { ...cp, uploaded: true };
  }
  if (!cp.postId) {
    const opts = facebookOptions(ctx.target.platformSpecificData);
    await ctx.beginCreate();
    const res = await graph(graphTarget(ctx), `${page}/${edge}`, {
      form: {
        upload_phase: 'FINISH',
        video_id: cp.videoId,
        video_state: opts.published === false ? 'DRAFT' : 'PUBLISHED',
        // A Story shows no text (validation refused a target's own); a Reel's text is its description.
        ...(edge === 'video_reels' ? { description: ctx.target.content } : {}),
      },
      createCall: true,
      what: `Facebook: publish the ${what(edge)}`,
    });
    if (pick(res.json, 'success') === false)
      throw new PlatformError('permanent', `Facebook refused to publish the ${what(edge)}`);
    // A Reel is known by its video; a Story by the post Facebook answers (its video until then).
    const postId = edge === 'video_reels' ? cp.videoId : (str(res.json, 'post_id') ?? cp.videoId);
    cp = { ...cp, postId };
    await ctx.recordExists(
      { platformPostId: postId as string, platformPostUrl: urlOf(edge, cp), awaiting: 'its processing' },
      { postId },
    );
  }
  return settleProcessing(ctx, edge, cp);
}

/** After finish: published once processed, pending while processing, the platform's refusal if it failed. */
export async function settleProcessing(
  ctx: PublishContext,
  edge: VideoEdge,
  cp: FacebookCheckpoint,
): Promise<PublishResult> {
  const status = await videoStatus(ctx, cp.videoId as string);
  if (status.failed)
    throw new PlatformError('permanent', `Facebook could not publish the ${what(edge)}: ${status.failed}`);
  if (status.ready)
    return { state: 'published', platformPostId: cp.postId as string, platformPostUrl: urlOf(edge, cp) };
  return {
    state: 'pending',
    retryInMs: PROCESSING_POLL_MS,
    reason: `Facebook is processing the ${what(edge)}`,
  };
}

export interface VideoStatus {
  /** Facebook took the finish call (its publishing phase started or the video is processing). */
  finished: boolean;
  ready: boolean;
  /** Facebook's words when processing or publishing failed. */
  failed?: string;
}

/** `GET /{video_id}?fields=status`: Meta's upload, processing and publishing phases. */
export async function videoStatus(ctx: PublishContext, videoId: string): Promise<VideoStatus> {
  const res = await graph(graphTarget(ctx), `${encodeURIComponent(videoId)}?fields=status`, {
    what: 'Facebook: read the video status',
  });
  const s = pick(res.json, 'status');
  const videoState = str(s, 'video_status') ?? '';
  const processing = pick(s, 'processing_phase');
  const publishing = pick(s, 'publishing_phase');
  const failed =
    str(pick(processing, 'error'), 'message') ??
    str(pick(publishing, 'error'), 'message') ??
    (videoState === 'error' || str(processing, 'status') === 'error' ? 'processing failed' : undefined);
  const publishStatus = str(publishing, 'publish_status') ?? '';
  const publishPhase = str(publishing, 'status') ?? 'not_started';
  return {
    finished: publishPhase !== 'not_started' || ['processing', 'ready'].includes(videoState) || !!failed,
    ready:
      videoState === 'ready' &&
      (publishPhase === 'complete' || ['published', 'draft'].includes(publishStatus)),
    ...(failed ? { failed } : {}),
  };
}

async function upload(ctx: PublishContext, edge: VideoEdge, videoId: string): Promise<void> {
  const video = ctx.target.mediaItems.find((m) => m.type === 'video');
  if (!video) throw new PlatformError('permanent', `${DURATION[kindOf(edge)].what} needs a video`);
  const [staged] = await stageAll(ctx.media, [video], ctx.signal);
  if (!staged) throw new PlatformError('permanent', 'media item 1 is missing');
  try {
    const rule = DURATION[kindOf(edge)];
    const s = staged.durationSec;
    if (s !== undefined && (s < rule.min || s > rule.max))
      throw new PlatformError(
        'permanent',
        `${rule.what} runs ${rule.min} to ${rule.max} seconds; media item 1 runs ${Math.round(s * 10) / 10} s`,
      );
    const base = (ctx.extraBaseUrls?.rupload ?? RUPLOAD_HOST).replace(/\/$/, '');
    await platformCall({
      method: 'POST',
      url: `${base}/video-upload/${GRAPH_VERSION}/${encodeURIComponent(videoId)}`,
      headers: {
        authorization: `OAuth ${ctx.account.accessToken}`,
        offset: '0',
        file_size: String(staged.size),
        'content-type': 'application/octet-stream',
      },
      body: await staged.blob(),
      timeoutMs: 900_000,
      signal: ctx.signal,
      what: `Facebook: upload the ${what(edge)} video`,
      readError: readGraphError,
    });
  } finally {
    await staged.dispose();
  }
}

const kindOf = (edge: VideoEdge) => (edge === 'video_reels' ? 'reel' : 'story');
const what = (edge: VideoEdge) => (edge === 'video_reels' ? 'Reel' : 'video Story');
