/**
 * After a lost create: look for the post among the Page's recent feed
 * (`GET /{page}/feed?since=…`), matching the message. Unpublished posts do not
 * appear in the feed, so for `published: false` the answer is unknown. A Reel or
 * a video Story is looked up by its video (the finish was taken when its status
 * has left the upload phase), a photo Story among the Page's Stories.
 */
import { PlatformError, type PublishContext, type ReconcileResult } from '../contract.ts';
import { pick, str } from '../shared/http.ts';
import { postUrl } from './account.ts';
import { graph } from './graph.ts';
import { findPhotoStory } from './photo-story.ts';
import { type FacebookCheckpoint, facebookOptions, graphTarget } from './steps.ts';
import { settleProcessing, type VideoEdge, videoStatus } from './video-flow.ts';

const LOOKBACK_S = 15 * 60;

export async function reconcileFacebook(ctx: PublishContext): Promise<ReconcileResult> {
  const opts = facebookOptions(ctx.target.platformSpecificData);
  if (opts.contentType) return reconcileFormat(ctx, opts.contentType);
  if (opts.published === false)
    return {
      state: 'unknown',
      reason: 'Facebook does not list unpublished posts; check the Page before publishing again',
    };
  if (ctx.target.mediaItems.some((m) => m.type === 'video'))
    return {
      state: 'unknown',
      reason: 'Facebook videos can not be matched reliably; check the Page before publishing again',
    };
  const since = Math.floor(ctx.now().getTime() / 1000) - LOOKBACK_S;
  let res: Awaited<ReturnType<typeof graph>>;
  try {
    res = await graph(
      graphTarget(ctx),
      `${encodeURIComponent(ctx.account.platformUserId)}/feed?fields=id,message,created_time&since=${since}&limit=100`,
      {
        what: 'Facebook: list recent posts',
      },
    );
  } catch (err) {
    if (err instanceof PlatformError && err.errorClass === 'permanent')
      return { state: 'unknown', reason: err.message };
    throw err;
  }
  const posts = (pick(res.json, 'data') as unknown[] | undefined) ?? [];
  const wanted = ctx.target.content.trim();
  const match = posts.find((p) => (str(p, 'message') ?? '').trim() === wanted);
  const id = str(match, 'id');
  if (!id) return { state: 'absent' };
  return { state: 'published', platformPostId: id, platformPostUrl: postUrl(id) };
}

async function reconcileFormat(ctx: PublishContext, contentType: 'reel' | 'story'): Promise<ReconcileResult> {
  const cp = ctx.checkpoint as FacebookCheckpoint;
  const video = ctx.target.mediaItems.some((m) => m.type === 'video');
  if (contentType === 'story' && !video) return findPhotoStory(ctx);
  if (!cp.videoId) return { state: 'absent' };
  const edge: VideoEdge = contentType === 'reel' ? 'video_reels' : 'video_stories';
  const status = await videoStatus(ctx, cp.videoId);
  if (!status.finished) return { state: 'absent' };
  // A Story's post id came with the finish answer; without it the video stands for it.
  const known = { ...cp, postId: cp.postId ?? cp.videoId };
  // Facebook's refusal after processing (a PlatformError) fails the target with its words.
  return settleProcessing(ctx, edge, known);
}
