/**
 * Editing a published video's title, description (the text) and tags:
 * `videos.update` with `part=snippet` (PUT /youtube/v3/videos, 50 quota units).
 * The call replaces the whole snippet, so the unchanged fields are sent too, with
 * the category the video was uploaded with (YouTube requires title and categoryId
 * in it). Visibility, audience and the file itself stay as they are. Sending the
 * same snippet twice leaves the video as once, so a retry after a lost answer is safe.
 */
import type { PlatformEditor } from '../edit-types.ts';
import { platformCall } from '../shared/http.ts';
import { authHeader } from './account.ts';
import { readYouTubeError } from './errors.ts';
import { videoMetadata } from './metadata.ts';

export const youtubeEditor: PlatformEditor = {
  options: ['title', 'tags'],
  idempotent: true,
  async edit(ctx) {
    const { snippet } = videoMetadata({
      platform: 'youtube',
      integrationId: '',
      content: ctx.target.content,
      mediaItems: [...ctx.target.mediaItems],
      platformSpecificData: { ...ctx.target.platformSpecificData },
    });
    await platformCall({
      method: 'PUT',
      url: `${ctx.baseUrl}/youtube/v3/videos`,
      query: { part: 'snippet' },
      headers: authHeader(ctx.account),
      json: { id: ctx.platformPostId, snippet },
      signal: ctx.signal,
      createCall: true,
      what: 'YouTube: edit the video’s title, description and tags',
      readError: (r) => readYouTubeError(r),
    });
    return {};
  },
};
