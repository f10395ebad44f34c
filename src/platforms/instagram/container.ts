/**
 * Instagram's part of the container flow (src/platforms/shared/meta-container.ts),
 * with Instagram Login on graph.instagram.com: one image (`image_url`), one video
 * published as a Reel (`media_type=REELS`, `share_to_feed`, `cover_url`,
 * `thumb_offset`: since 2023 every single feed video is a Reel, and `VIDEO` is
 * only for carousel items), or a carousel of 2 to 10 images and videos (children
 * with `is_carousel_item=true`, then `media_type=CAROUSEL` with `children` and
 * the caption). InstagramConfigurations apply to the Reel only (interface.md:
 * image posts ignore them; a carousel is not a Reel). `contentType: "story"`
 * makes a Story (`media_type=STORIES` with `image_url` or `video_url`, no caption);
 * `collaborators` go on the feed image, the Reel or the carousel parent.
 */
import type { MediaItem, PublishContext } from '../contract.ts';
import { str } from '../shared/json.ts';
import { GRAPH_VERSION } from '../shared/meta.ts';
import type { ContainerFlow } from '../shared/meta-container.ts';
import { containerErrorReason, readInstagramError } from './errors.ts';
import type { InstagramOptions } from './options.ts';

const STATES = new Set(['IN_PROGRESS', 'FINISHED', 'PUBLISHED', 'EXPIRED']);

function reelParams(ctx: PublishContext, item: MediaItem): Record<string, string> {
  const o = ctx.target.platformSpecificData as InstagramOptions;
  const params: Record<string, string> = {
    media_type: 'REELS',
    video_url: item.url,
    share_to_feed: o.shareToFeed === false ? 'false' : 'true',
  };
  // cover_url overrides thumb_offset on Instagram's side; send only the one that applies.
  if (o.coverUrl) params.cover_url = o.coverUrl;
  else if (o.thumbOffset !== undefined) params.thumb_offset = String(o.thumbOffset);
  return params;
}

export const instagramFlow: ContainerFlow = {
  label: 'Instagram',
  version: GRAPH_VERSION,
  readError: readInstagramError,
  containerEdge: 'media',
  publishEdge: 'media_publish',
  statusFields: 'status_code,status',
  readStatus(json) {
    const code = str(json, 'status_code') ?? '';
    if (code === 'ERROR') return { state: 'ERROR', reason: containerErrorReason(str(json, 'status')) };
    if (STATES.has(code)) return { state: code as 'IN_PROGRESS' };
    return { state: 'IN_PROGRESS' };
  },
  childParams: (_ctx, item): Record<string, string> =>
    item.type === 'video'
      ? { is_carousel_item: 'true', media_type: 'VIDEO', video_url: item.url }
      : { is_carousel_item: 'true', image_url: item.url },
  mainParams(ctx, children): Record<string, string> {
    const o = ctx.target.platformSpecificData as InstagramOptions;
    const item = ctx.target.mediaItems[0] as MediaItem;
    // A Story has no caption and no collaborators (validation refused the options that do not apply).
    if (o.contentType === 'story')
      return item.type === 'video'
        ? { media_type: 'STORIES', video_url: item.url }
        : { media_type: 'STORIES', image_url: item.url };
    const caption = ctx.target.content;
    // Graph takes a list as a JSON array; each username must accept the invitation in Instagram.
    const collaborators: Record<string, string> = o.collaborators?.length
      ? { collaborators: JSON.stringify(o.collaborators) }
      : {};
    if (children) return { media_type: 'CAROUSEL', children: children.join(','), caption, ...collaborators };
    if (item.type === 'video') return { ...reelParams(ctx, item), caption, ...collaborators };
    return { image_url: item.url, caption, ...collaborators };
  },
  notReady: (err) => err.platformCode === '9007/2207027',
  notReadyTries: 10,
  notReadyWaitMs: 10_000,
  settleMs: () => 0,
  textField: 'caption',
};
