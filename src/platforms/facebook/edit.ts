/**
 * Editing a published Page post: `POST /{page_post_id}` with the new `message`
 * (Graph answers `{"success":true}`; only posts this app made can be edited, which
 * ours are). A video's text is its `description`, set on the video object
 * (`POST /{video_id}`). Links, media and the published flag can not change: only
 * the text is editable. Setting the same message twice leaves the post as once,
 * so a retry after a lost answer is safe. A Reel is a video (its description); a
 * Story has no text to change.
 */
import type { PlatformEditor } from '../edit-types.ts';
import { graph } from './graph.ts';
import type { FacebookCheckpoint } from './steps.ts';

export const facebookEditor: PlatformEditor = {
  options: [],
  idempotent: true,
  notEditableFormat: (psd) =>
    psd.contentType === 'story'
      ? 'A Facebook Story shows no text and can not be changed once posted, so nothing was sent there.'
      : undefined,
  async edit(ctx) {
    const cp = ctx.checkpoint as FacebookCheckpoint;
    const [id, field] = cp.videoId ? [cp.videoId, 'description'] : [ctx.platformPostId, 'message'];
    await graph(ctx, encodeURIComponent(id), {
      method: 'POST',
      form: { [field]: ctx.target.content },
      createCall: true,
      what: 'Facebook: edit post',
    });
    return {};
  },
};
