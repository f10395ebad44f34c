/**
 * Publishing a pin (API v5) as resumable steps:
 * 1. the board is checked once (target-board.ts), before anything is uploaded;
 * 2. a video is registered and uploaded once (its media id checkpointed), then its
 *    processing is read: while Pinterest still processes it the run answers
 *    `pending` (the engine comes back later, no worker waits), `failed` is a
 *    permanent failure. Pinterest gives no reason for a failure, so the rule of
 *    its video pins that the file breaks by our own probe (media-rules.ts), noted
 *    at upload, is said with it;
 * 3. `beginCreate`, then the one create call, `POST /v5/pins`, with the pin's
 *    fields and its `media_source` (images as data or URLs, the video with
 *    `coverImageUrl` as its cover or else a key frame).
 * The title defaults to the first line of the text, cut to Pinterest's 100
 * characters; the text is the pin's description.
 */
import { checkMedia, probedVideoFacts } from '../../media/rules.ts';
import type { StagedMedia } from '../../media/stage.ts';
import { PlatformError, type PublishContext, type PublishResult } from '../contract.ts';
import { str } from '../shared/http.ts';
import { disposeAll, stageAll, stageOne } from '../shared/media.ts';
import {
  type ApiTarget,
  type PinterestCheckpoint,
  pinterestCall,
  pinterestOptions,
  pinUrl,
} from './account.ts';
import { coverFields, imageSource, uploadVideo, videoStatus } from './media.ts';
import { pinterestMediaRules } from './media-rules.ts';
import type { PinterestOptions } from './options.ts';
import { checkBoard } from './target-board.ts';

const TITLE_MAX = 100;

/** Waits between reads of a video's processing: 2 s doubling to 30 s. */
export const processingWaitMs = (polls: number) => Math.min(2000 * 2 ** Math.max(0, polls - 1), 30_000);

export const apiTarget = (ctx: PublishContext): ApiTarget => ({
  baseUrl: ctx.baseUrl,
  account: ctx.account,
  signal: ctx.signal,
  platformUrls: ctx.platformUrls,
});

/** The title a pin gets: the option, or the first non-empty line of the text (at most 100 characters). */
export function pinTitle(opts: Partial<PinterestOptions>, content: string): string | undefined {
  if (opts.title !== undefined) return opts.title;
  const line = content
    .split(/\r?\n/)
    .map((l) => l.trim())
    .find((l) => l !== '');
  return line ? [...line].slice(0, TITLE_MAX).join('') : undefined;
}

/** The PinCreate fields besides `media_source`. */
export interface PinFields {
  board_id: string;
  title?: string;
  description?: string;
  link?: string;
  alt_text?: string;
  dominant_color?: string;
}

/** The PinCreate fields besides `media_source`, as sent (and as reconcile looks for them). */
export function pinFields(ctx: Pick<PublishContext, 'target'>): PinFields {
  const opts = pinterestOptions(ctx.target.platformSpecificData);
  const content = ctx.target.content;
  const fields: PinFields = { board_id: opts.boardId ?? '' };
  const title = pinTitle(opts, content);
  if (title) fields.title = title;
  if (content.trim()) fields.description = content;
  if (opts.link) fields.link = opts.link;
  if (opts.altText) fields.alt_text = opts.altText;
  if (opts.dominantColor) fields.dominant_color = opts.dominantColor;
  return fields;
}

export async function publishToPinterest(ctx: PublishContext): Promise<PublishResult> {
  const opts = pinterestOptions(ctx.target.platformSpecificData);
  const t = apiTarget(ctx);
  let cp = ctx.checkpoint as PinterestCheckpoint;
  if (!cp.boardChecked) {
    await checkBoard(t, opts.boardId);
    await ctx.saveCheckpoint({ boardChecked: true });
  }
  const video = ctx.target.mediaItems.find((m) => m.type === 'video');
  let source: Record<string, unknown>;
  if (video) {
    if (!cp.mediaId) {
      const staged = await stageOne(ctx.media, video, 'media item 1', ctx.signal);
      try {
        const mediaId = await uploadVideo(t, staged);
        const videoBreach = breachOf(staged);
        await ctx.saveCheckpoint({ mediaId, processingPolls: 0, ...(videoBreach ? { videoBreach } : {}) });
        cp = { ...cp, mediaId, processingPolls: 0, ...(videoBreach ? { videoBreach } : {}) };
      } finally {
        await staged.dispose();
      }
    }
    const mediaId = cp.mediaId as string;
    const status = await videoStatus(t, mediaId);
    if (status === 'failed')
      throw new PlatformError(
        'permanent',
        `Pinterest: the video could not be processed (media status failed)${cp.videoBreach ? `; media item 1 ${cp.videoBreach}` : ''}`,
      );
    if (status !== 'succeeded') {
      const polls = (cp.processingPolls ?? 0) + 1;
      await ctx.saveCheckpoint({ processingPolls: polls });
      return {
        state: 'pending',
        retryInMs: processingWaitMs(polls),
        reason: `Pinterest is processing the video (${status})`,
      };
    }
    source = { source_type: 'video_id', media_id: mediaId, ...(await videoCover(ctx, opts)) };
  } else {
    const staged = await stageAll(ctx.media, ctx.target.mediaItems, ctx.signal);
    try {
      if (!staged.length) throw new PlatformError('permanent', 'Pinterest: a pin needs an image or a video');
      source = await imageSource(staged);
    } finally {
      await disposeAll(staged);
    }
  }
  const createAfter = ctx.now().toISOString();
  // Into the checkpoint with the ledger's "create in flight" write (beginCreate's info).
  await ctx.beginCreate({ createAfter });
  const res = await pinterestCall(t, 'pins', {
    json: { ...pinFields(ctx), media_source: source },
    createCall: true,
    what: 'Pinterest: create pin',
  });
  const id = str(res.json, 'id');
  if (!id) throw new PlatformError('unknown_outcome', 'Pinterest: create pin answered without an id');
  return { state: 'published', platformPostId: id, platformPostUrl: pinUrl(id) };
}

/** The first rule of Pinterest's video pins the staged file breaks, in words ("is 2 s long; … at least 4 s"). */
function breachOf(staged: StagedMedia): string | undefined {
  const format = pinterestMediaRules.formats.video;
  if (!format || staged.probeStatus !== 'probed') return undefined;
  const [breach] = checkMedia(format, probedVideoFacts(staged, staged.mimeType, staged.size));
  return breach?.message;
}

async function videoCover(ctx: PublishContext, opts: Partial<PinterestOptions>) {
  if (!opts.coverImageUrl) return coverFields(undefined);
  const cover = await stageOne(
    ctx.media,
    { type: 'image', url: opts.coverImageUrl },
    'platformSpecificData.coverImageUrl',
    ctx.signal,
  );
  try {
    return await coverFields(cover);
  } finally {
    await cover.dispose();
  }
}
