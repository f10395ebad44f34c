/**
 * A photo Story on a Page (Meta's Page Stories API): the photo is uploaded
 * unpublished (`POST /{page}/photos`, `published=false`; its id checkpointed),
 * then `beginCreate` and `POST /{page}/photo_stories` with `photo_id`, which
 * answers the Story's `post_id`. A photo used once is not taken again for a Story
 * (Meta's page), so a repeat keeps the uploaded photo and only repeats the
 * publish, after reconcile has looked for the Story (`findPhotoStory`).
 */
import { PlatformError, type PublishContext, type Published, type ReconcileResult } from '../contract.ts';
import { pick, str } from '../shared/http.ts';
import { stageAll } from '../shared/media.ts';
import { graph, multipart } from './graph.ts';
import { type FacebookCheckpoint, graphTarget } from './steps.ts';
import { storyUrl } from './video-flow.ts';

export async function publishPhotoStory(ctx: PublishContext): Promise<Published> {
  let cp = ctx.checkpoint as FacebookCheckpoint;
  const page = encodeURIComponent(ctx.account.platformUserId);
  if (!cp.storyPhotoId) {
    const [staged] = await stageAll(ctx.media, ctx.target.mediaItems.slice(0, 1), ctx.signal);
    if (!staged) throw new PlatformError('permanent', 'media item 1 is missing');
    try {
      const form = multipart({ published: 'false' }, { blob: await staged.blob(), name: staged.filename });
      const res = await graph(graphTarget(ctx), `${page}/photos`, {
        body: form,
        timeoutMs: 300_000,
        what: 'Facebook: upload the Story photo',
      });
      const id = str(res.json, 'id');
      if (!id) throw new PlatformError('transient', 'Facebook answered the photo upload without id');
      await ctx.saveCheckpoint({ storyPhotoId: id });
      cp = { ...cp, storyPhotoId: id };
    } finally {
      await staged.dispose();
    }
  }
  if (!cp.postId) {
    await ctx.beginCreate();
    const res = await graph(graphTarget(ctx), `${page}/photo_stories`, {
      form: { photo_id: cp.storyPhotoId },
      createCall: true,
      what: 'Facebook: publish the photo Story',
    });
    const postId = str(res.json, 'post_id');
    if (!postId || pick(res.json, 'success') === false)
      throw new PlatformError('unknown_outcome', 'Facebook answered the photo Story without post_id');
    await ctx.saveCheckpoint({ postId });
    cp = { ...cp, postId };
  }
  return {
    state: 'published',
    platformPostId: cp.postId as string,
    platformPostUrl: storyUrl(cp.postId as string),
  };
}

/**
 * After a lost `photo_stories` call: the Page's Stories (`GET /{page}/stories`)
 * name the media each shows; ours is the one showing the uploaded photo.
 */
export async function findPhotoStory(ctx: PublishContext): Promise<ReconcileResult> {
  const cp = ctx.checkpoint as FacebookCheckpoint;
  if (!cp.storyPhotoId) return { state: 'absent' };
  const since = Math.floor(ctx.now().getTime() / 1000) - 24 * 3600;
  const res = await graph(
    graphTarget(ctx),
    `${encodeURIComponent(ctx.account.platformUserId)}/stories?since=${since}`,
    { what: 'Facebook: list the Page Stories' },
  );
  const stories = (pick(res.json, 'data') as unknown[] | undefined) ?? [];
  const match = stories.find((s) => str(s, 'media_id') === cp.storyPhotoId);
  const id = str(match, 'post_id');
  if (!id) return { state: 'absent' };
  return { state: 'published', platformPostId: id, platformPostUrl: storyUrl(id) };
}
