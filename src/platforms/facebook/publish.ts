/**
 * Publishing to a Facebook Page as resumable steps. Text and link posts go to
 * `/{page}/feed`; one photo to `/{page}/photos`; several photos are uploaded
 * unpublished (ids checkpointed) and attached to one `/feed` post; a video goes
 * to `/{page}/videos` on the video host (graph-video.facebook.com, as Meta documents
 * for uploads). Files are sent as multipart `source`, read from disk while
 * sent. After the post exists (checkpointed), `videoThumbnailUrl` is applied; its
 * failure becomes the result's warningMessage and the post still succeeds.
 * `contentType` "reel" and "story" go through video-flow.ts and photo-story.ts.
 */
import { PlatformError, type PublishContext, type Published, type PublishResult } from '../contract.ts';
import { str } from '../shared/http.ts';
import { assertThumbnail, disposeAll, stageAll, stageOne } from '../shared/media.ts';
import { postUrl, videoUrl } from './account.ts';
import { type GraphTarget, graph, multipart } from './graph.ts';
import { publishPhotoStory } from './photo-story.ts';
import { type FacebookCheckpoint, type FacebookOptions, facebookOptions, graphTarget } from './steps.ts';
import { publishVideoFormat } from './video-flow.ts';

/** Meta's host for video uploads, unless the settings name another (sandbox, a proxy). */
const VIDEO_HOST = 'https://graph-video.facebook.com';
const videoTarget = (ctx: PublishContext): GraphTarget => ({
  ...graphTarget(ctx),
  baseUrl: ctx.extraBaseUrls?.video ?? VIDEO_HOST,
});

/** The module's publish: a Reel or a Story by its own flow, else a feed post. */
export function publishFacebookTarget(ctx: PublishContext): Promise<PublishResult> {
  const opts = facebookOptions(ctx.target.platformSpecificData);
  const video = ctx.target.mediaItems.some((m) => m.type === 'video');
  if (opts.contentType === 'reel') return publishVideoFormat(ctx, 'video_reels');
  if (opts.contentType === 'story')
    return video ? publishVideoFormat(ctx, 'video_stories') : publishPhotoStory(ctx);
  return publishToFacebook(ctx);
}

/** A feed post: text, link, photos or a video. */
export async function publishToFacebook(ctx: PublishContext): Promise<Published> {
  const opts = facebookOptions(ctx.target.platformSpecificData);
  let cp = ctx.checkpoint as FacebookCheckpoint;
  if (!cp.postId) {
    const created = await createPost(ctx, opts, cp);
    await ctx.saveCheckpoint({ ...created });
    cp = { ...cp, ...created };
  }
  const pageId = ctx.account.platformUserId;
  const postId = cp.postId as string;
  const result: Published = {
    state: 'published',
    platformPostId: postId,
    platformPostUrl: cp.videoId ? videoUrl(pageId, cp.videoId) : postUrl(postId),
  };
  if (cp.videoId && opts.videoThumbnailUrl && !cp.thumbnailDone) {
    const warning = await applyThumbnail(ctx, cp.videoId, opts.videoThumbnailUrl);
    if (warning) result.warningMessage = warning;
    else await ctx.saveCheckpoint({ thumbnailDone: true });
  }
  return result;
}

const publishedField = (opts: FacebookOptions) => ({
  published: opts.published === false ? 'false' : 'true',
});

async function createPost(
  ctx: PublishContext,
  opts: FacebookOptions,
  cp: FacebookCheckpoint,
): Promise<FacebookCheckpoint> {
  const t = graphTarget(ctx);
  const page = encodeURIComponent(ctx.account.platformUserId);
  const items = ctx.target.mediaItems;
  const message = ctx.target.content;
  const video = items.find((m) => m.type === 'video');
  if (video) {
    const [staged] = await stageAll(ctx.media, [video], ctx.signal);
    if (!staged) throw new PlatformError('permanent', 'media item 1 is missing');
    try {
      const form = multipart(
        { description: message, ...publishedField(opts) },
        { blob: await staged.blob(), name: staged.filename },
      );
      await ctx.beginCreate();
      const res = await graph(videoTarget(ctx), `${page}/videos`, {
        body: form,
        createCall: true,
        timeoutMs: 900_000,
        what: 'Facebook: create video post',
      });
      const id = requireId(res.json, 'id');
      return { postId: id, videoId: id };
    } finally {
      await staged.dispose();
    }
  }
  if (items.length === 1) {
    const [staged] = await stageAll(ctx.media, items, ctx.signal);
    if (!staged) throw new PlatformError('permanent', 'media item 1 is missing');
    try {
      const form = multipart(
        { message, ...publishedField(opts) },
        { blob: await staged.blob(), name: staged.filename },
      );
      await ctx.beginCreate();
      const res = await graph(t, `${page}/photos`, {
        body: form,
        createCall: true,
        timeoutMs: 300_000,
        what: 'Facebook: create photo post',
      });
      return { postId: str(res.json, 'post_id') ?? requireId(res.json, 'id') };
    } finally {
      await staged.dispose();
    }
  }
  const form: Record<string, string> = { message, ...publishedField(opts) };
  if (items.length > 1) {
    const photoIds = cp.photoIds ?? (await uploadUnpublishedPhotos(ctx, t, page));
    if (!cp.photoIds) await ctx.saveCheckpoint({ photoIds });
    photoIds.forEach((id, i) => {
      form[`attached_media[${i}]`] = JSON.stringify({ media_fbid: id });
    });
  } else if (opts.link) form.link = opts.link;
  await ctx.beginCreate();
  const res = await graph(t, `${page}/feed`, { form, createCall: true, what: 'Facebook: create post' });
  return { postId: requireId(res.json, 'id') };
}

async function uploadUnpublishedPhotos(ctx: PublishContext, t: GraphTarget, page: string): Promise<string[]> {
  const staged = await stageAll(ctx.media, ctx.target.mediaItems, ctx.signal);
  try {
    const ids: string[] = [];
    for (const s of staged) {
      const form = multipart({ published: 'false' }, { blob: await s.blob(), name: s.filename });
      const res = await graph(t, `${page}/photos`, {
        body: form,
        timeoutMs: 300_000,
        what: `Facebook: upload of ${s.label}`,
      });
      ids.push(requireId(res.json, 'id'));
    }
    return ids;
  } finally {
    await disposeAll(staged);
  }
}

function requireId(json: unknown, key: string): string {
  const id = str(json, key);
  if (!id) throw new PlatformError('unknown_outcome', `Facebook answered without ${key}`);
  return id;
}

/** Sets the video's preferred thumbnail; answers a warning instead of failing. */
async function applyThumbnail(
  ctx: PublishContext,
  videoId: string,
  url: string,
): Promise<string | undefined> {
  try {
    const staged = await stageOne(ctx.media, { type: 'image', url }, 'videoThumbnailUrl', ctx.signal);
    try {
      assertThumbnail(staged);
      const form = multipart({ is_preferred: 'true' }, { blob: await staged.blob(), name: staged.filename });
      await graph(graphTarget(ctx), `${encodeURIComponent(videoId)}/thumbnails`, {
        body: form,
        what: 'Facebook: set video thumbnail',
      });
    } finally {
      await staged.dispose();
    }
    return undefined;
  } catch (err) {
    if (!(err instanceof PlatformError)) throw err;
    return `The video was published but its thumbnail was not applied: ${err.message}`;
  }
}
