/**
 * What happens after init, shared by publish (a job continuing from its
 * checkpoint) and reconcile (the engine's path while a create is in flight): an
 * upload left unfinished is resumed where TikTok's `uploaded_bytes` says, then
 * only `POST /v2/post/publish/status/fetch/` is asked, never a second init:
 * - PROCESSING_UPLOAD / PROCESSING_DOWNLOAD: `pending`, looking again sooner at
 *   first and less often as time goes by (status allows 30 calls a minute);
 * - PUBLISH_COMPLETE with `publicaly_available_post_id` (sic): published. The id
 *   is an int64 sent as a bare JSON number, which JSON.parse would round, so it
 *   is read from the answer's text. An empty list means moderation is not over:
 *   pending, until ID_WAIT_MS after init, then published under the publish id
 *   and the profile URL, with a warning (TikTok may hold ids of private posts);
 * - SEND_TO_USER_INBOX (drafts): done; the creator finishes in the app;
 * - FAILED: TikTok's `fail_reason` as the target's message; a reason that says
 *   TikTok failed on its side (internal, a pull that failed) may start over with a
 *   new init, at most twice, because a FAILED publish made no post. So may an
 *   upload resumed after its `upload_url` expired (about an hour): TikTok never
 *   got all the bytes, so that publish can not become a post.
 */
import { type ExistingPost, PlatformError, type PublishContext, type PublishResult } from '../contract.ts';
import { platformCall } from '../shared/http.ts';
import { pick, str } from '../shared/json.ts';
import { stageOne } from '../shared/media.ts';
import { jsonHeaders, postUrl, profileUrl, usernameOf } from './account.ts';
import { checkOk, readTikTokError } from './errors.ts';
import { type ChunkPlan, uploadChunks } from './media.ts';

/** What publishing keeps between runs. */
export interface TikTokCheckpoint {
  /** Set the moment init answers; from then on only the status is asked. */
  publishId?: string | null;
  /** FILE_UPLOAD: where the bytes go and how they are cut; `done` once TikTok has them all. */
  upload?: { url: string; plan: ChunkPlan; done: boolean } | null;
  kind?: 'video' | 'photo';
  draft?: boolean;
  initAt?: string;
  /** Inits whose publish TikTok failed on its own side and that were started over. */
  failedInits?: number;
}

/** After this long without a released post id, the post is reported under its publish id. */
export const ID_WAIT_MS = 60 * 60_000;
const RETRYABLE_FAILURES = new Set(['internal', 'internal_error', 'video_pull_failed', 'photo_pull_failed']);
const MAX_FAILED_INITS = 2;

/** The status answer, with the post id read from the text (an int64 must not pass through a double). */
export interface TikTokStatus {
  status: string;
  failReason: string;
  uploadedBytes: number;
  postId: string | undefined;
}

export async function fetchStatus(ctx: PublishContext, publishId: string): Promise<TikTokStatus> {
  const res = checkOk(
    await platformCall({
      url: `${ctx.baseUrl}/v2/post/publish/status/fetch/`,
      bearer: ctx.account.accessToken,
      headers: jsonHeaders,
      json: { publish_id: publishId },
      signal: ctx.signal,
      what: 'TikTok: publish status',
      readError: readTikTokError,
    }),
  );
  const data = pick(res.json, 'data');
  const ids = /"publicaly_available_post_id"\s*:\s*\[\s*"?(\d+)/.exec(res.text);
  return {
    status: str(data, 'status') ?? '',
    failReason: str(data, 'fail_reason') ?? '',
    uploadedBytes: Number(pick(data, 'uploaded_bytes') ?? 0) || 0,
    postId: ids?.[1],
  };
}

/** The upload_url refused as unknown or expired (404/410): the publish will never get its bytes. */
const uploadUrlGone = (err: unknown) =>
  err instanceof PlatformError &&
  err.errorClass === 'permanent' &&
  (err.status === 404 || err.status === 410);

/**
 * TikTok holds the publish once it has the media (the upload done, or the photos'
 * init accepted): known by its publish id and the creator's profile until TikTok
 * releases the post id. Recorded so that losing the account while TikTok processes
 * it publishes it with a warning instead of failing it.
 */
export const heldByTikTok = (ctx: PublishContext, publishId: string): ExistingPost => ({
  platformPostId: publishId,
  platformPostUrl: profileUrl(ctx.account),
  awaiting: `TikTok's processing of it (publish id ${publishId})`,
});

/** Start over with a new init: the publish failed on TikTok's side, or lost its upload, and made no post. */
export const START_OVER = Symbol('start over');

/** Moves a publish on from its checkpoint: resume the upload, then read the status. */
export async function advance(
  ctx: PublishContext,
  cp: TikTokCheckpoint & { publishId: string },
): Promise<PublishResult | typeof START_OVER> {
  let status: TikTokStatus | undefined;
  const upload = cp.upload;
  if (upload && !upload.done) {
    status = await fetchStatus(ctx, cp.publishId);
    if (status.status === 'PROCESSING_UPLOAD' && status.uploadedBytes < upload.plan.videoSize) {
      const item = ctx.target.mediaItems.find((m) => m.type === 'video');
      if (!item) throw new PlatformError('permanent', 'TikTok: the post has no video to upload');
      const staged = await stageOne(ctx.media, item, 'media item 1', ctx.signal);
      try {
        await uploadChunks(ctx, upload.url, staged, upload.plan, status.uploadedBytes);
      } catch (err) {
        if (!uploadUrlGone(err) || (cp.failedInits ?? 0) >= MAX_FAILED_INITS) throw err;
        // The upload_url lives about an hour; TikTok lacks bytes, so no post can come of this publish.
        await ctx.saveCheckpoint({ publishId: null, upload: null, failedInits: (cp.failedInits ?? 0) + 1 });
        return START_OVER;
      } finally {
        await staged.dispose();
      }
      await ctx.recordExists(heldByTikTok(ctx, cp.publishId), { upload: { ...upload, done: true } });
      return lookAgain(ctx, cp, 'TikTok received the video');
    }
    await ctx.recordExists(heldByTikTok(ctx, cp.publishId), { upload: { ...upload, done: true } });
  }
  status ??= await fetchStatus(ctx, cp.publishId);
  return interpret(ctx, cp, status);
}

async function interpret(
  ctx: PublishContext,
  cp: TikTokCheckpoint & { publishId: string },
  s: TikTokStatus,
): Promise<PublishResult | typeof START_OVER> {
  const what = cp.kind === 'photo' ? 'photo post' : 'video';
  switch (s.status) {
    case 'PUBLISH_COMPLETE': {
      if (s.postId)
        return {
          state: 'published',
          platformPostId: s.postId,
          platformPostUrl: postUrl(ctx.account, s.postId),
        };
      if (sinceInit(ctx, cp) < ID_WAIT_MS)
        return lookAgain(
          ctx,
          cp,
          'TikTok published the post and is moderating it before releasing its id',
          2000,
        );
      return {
        state: 'published',
        platformPostId: cp.publishId,
        platformPostUrl: profileUrl(ctx.account),
        warningMessage: `TikTok published the ${what} but has not released its post id (moderation, or a private post); it is listed under its publish id ${cp.publishId} and the creator's profile`,
      };
    }
    case 'SEND_TO_USER_INBOX':
      return {
        state: 'published',
        platformPostId: cp.publishId,
        platformPostUrl: profileUrl(ctx.account),
        warningMessage: `TikTok sent the ${what} to ${creator(ctx)}'s inbox as a draft: the creator finishes and posts it in the TikTok app${
          cp.kind === 'video' ? ' (an inbox video carries no caption or settings)' : ''
        }`,
      };
    case 'FAILED': {
      const reason = s.failReason || 'no reason given';
      const tries = cp.failedInits ?? 0;
      if (RETRYABLE_FAILURES.has(reason) && tries < MAX_FAILED_INITS) {
        await ctx.saveCheckpoint({ publishId: null, upload: null, failedInits: tries + 1 });
        return START_OVER;
      }
      throw new PlatformError('permanent', `TikTok: the ${what} failed: ${reason}`, { platformCode: reason });
    }
    default:
      return lookAgain(ctx, cp, `TikTok is processing the ${what} (${s.status || 'no status yet'})`);
  }
}

const creator = (ctx: PublishContext) => {
  const u = usernameOf(ctx.account);
  return u ? `@${u}` : 'the creator';
};

const sinceInit = (ctx: PublishContext, cp: TikTokCheckpoint) =>
  ctx.now().getTime() - Date.parse(cp.initAt ?? ctx.now().toISOString());

/** Pending: half the time spent so far, between `floorMs` and 30 s (5 min while moderating). */
function lookAgain(ctx: PublishContext, cp: TikTokCheckpoint, reason: string, floorMs = 1000): PublishResult {
  const ceiling = floorMs > 1000 ? 5 * 60_000 : 30_000;
  const retryInMs = Math.round(Math.min(Math.max(sinceInit(ctx, cp) / 2, floorMs), ceiling));
  return { state: 'pending', retryInMs, reason };
}
