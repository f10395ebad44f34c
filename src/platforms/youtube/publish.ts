/**
 * Publishing a video to YouTube as resumable steps, each checkpointed:
 * 1. stage the video on disk; start a resumable session and checkpoint its URI
 *    (before any byte is sent: the session is the commit point reconcile probes);
 * 2. upload the chunks from the offset the session reports (a resumed job probes
 *    the checkpointed session first and goes on from there; a session that is
 *    gone is started again, it never made a video); `beginCreate` right before
 *    the final chunk, the one call that creates the video; checkpoint its id. A
 *    run that has uploaded for a minute answers `pending` (look again at once)
 *    and the next run goes on from the session's offset, so a large upload on a
 *    slow link spans runs instead of running into the attempt's time limit;
 * 3. finish (finish.ts): thumbnail, processing (answered `pending`), visibility
 *    of scheduled posts, first comment.
 * A checkpoint with a video id never uploads again: publish goes straight to finish.
 */
import type { PublishContext, PublishResult } from '../contract.ts';
import { PlatformError } from '../contract.ts';
import { str } from '../shared/json.ts';
import { stageOne } from '../shared/media.ts';
import { videoUrl } from './account.ts';
import { type Progress, progressOf } from './checkpoint.ts';
import { finishVideo } from './finish.ts';
import { isShort, videoMetadata } from './metadata.ts';
import { probeSession, startSession, uploadFrom } from './upload.ts';

/**
 * Bytes per chunk and how long one run uploads (upload.ts defaults); tests make
 * them small to cut uploads at chosen offsets.
 */
export const uploadSettings = {
  chunkBytes: undefined as number | undefined,
  runBudgetMs: undefined as number | undefined,
};

export async function publishToYouTube(ctx: PublishContext): Promise<PublishResult> {
  const p = progressOf(ctx);
  if (p.cp.videoId) return finishVideo(ctx, p);
  const item = ctx.target.mediaItems.find((m) => m.type === 'video') ?? ctx.target.mediaItems[0];
  if (!item) throw new PlatformError('permanent', 'YouTube: a video is required');
  // A checkpointed session is asked first: a complete one needs no staging at all.
  const saved = p.cp.upload;
  const session = saved ? await probeSession(ctx, saved.uri, saved.total) : undefined;
  if (session?.state === 'complete') return created(ctx, p, session.video);
  const staged = await stageOne(ctx.media, item, 'media item 1', ctx.signal);
  try {
    let uri: string | undefined;
    let offset = 0;
    if (saved && session?.state === 'incomplete' && saved.total === staged.size) {
      uri = saved.uri;
      offset = session.offset;
    }
    if (!uri) {
      // No session yet, or one that is gone (no video came of it: publish runs only
      // when no final chunk is in flight) or was for other bytes: a new one.
      uri = await startSession(ctx, videoMetadata(ctx.target), staged.size, staged.mimeType);
      await p.save({ upload: { uri, total: staged.size, ...(isShort(staged) ? { short: true } : {}) } });
    }
    const sent = await uploadFrom(ctx, uri, staged, offset, {
      ...(uploadSettings.chunkBytes ? { chunkBytes: uploadSettings.chunkBytes } : {}),
      ...(uploadSettings.runBudgetMs !== undefined ? { runBudgetMs: uploadSettings.runBudgetMs } : {}),
      beforeFinal: () => ctx.beginCreate({ uploadUri: uri }),
    });
    if ('pausedAt' in sent)
      return {
        state: 'pending',
        retryInMs: 0,
        reason: `uploading the video to YouTube: ${sent.pausedAt} of ${staged.size} bytes sent`,
      };
    return await created(ctx, p, sent.video);
  } finally {
    await staged.dispose();
  }
}

/**
 * Checkpoints the id of the video the upload made, recording that YouTube holds it
 * (so losing the account while it processes publishes it with a warning, never
 * fails it), then finishes it.
 */
export async function created(ctx: PublishContext, p: Progress, video: unknown): Promise<PublishResult> {
  const id = str(video, 'id');
  if (!id) throw new PlatformError('unknown_outcome', 'YouTube: the upload answered without a video id');
  if (p.cp.videoId !== id)
    await p.exists(
      { platformPostId: id, platformPostUrl: videoUrl(id), awaiting: 'its processing' },
      { videoId: id },
    );
  return finishVideo(ctx, p);
}
