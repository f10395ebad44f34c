/**
 * What every Facebook publishing flow shares (feed posts in publish.ts, Reels and
 * video Stories in video-flow.ts, photo Stories in photo-story.ts): the options as
 * the adapter reads them, the checkpoint each step writes, and the Graph target of
 * a publish.
 */
import type { PublishContext } from '../contract.ts';
import type { GraphTarget } from './graph.ts';

export interface FacebookOptions {
  contentType?: 'reel' | 'story';
  link?: string;
  published?: boolean;
  videoThumbnailUrl?: string;
}

export interface FacebookCheckpoint {
  photoIds?: string[];
  postId?: string;
  videoId?: string;
  thumbnailDone?: boolean;
  /** Reels and video Stories: the bytes reached Facebook (video-flow.ts). */
  uploaded?: boolean;
  /** A photo Story's unpublished photo (photo-story.ts). */
  storyPhotoId?: string;
}

export const facebookOptions = (d: Record<string, unknown>) => d as FacebookOptions;
export const graphTarget = (ctx: PublishContext): GraphTarget => ({
  baseUrl: ctx.baseUrl,
  account: ctx.account,
  signal: ctx.signal,
});
