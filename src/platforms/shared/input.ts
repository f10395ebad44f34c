/**
 * What a platform's validation sees: one target of a create (or edit) request and
 * the post it belongs to. Shapes are already checked against the request schema.
 */
import type { Platform } from '../names.ts';

type MediaType = 'image' | 'video' | 'gif' | 'document';

export interface MediaInput {
  type: MediaType;
  url: string;
  thumbnail?: string;
}

export interface TargetInput {
  platform: Platform;
  accountId: string;
  content?: string;
  platformSpecificData?: object;
}

export interface PostInput {
  content: string;
  mediaItems: readonly MediaInput[];
}

/** A platform's own rules: messages naming the field, without the `platforms[i]` prefix. */
export type PlatformValidator = (target: TargetInput, post: PostInput) => string[];

/** The text published on this target and the field name to blame when it is wrong. */
export function targetText(target: TargetInput, post: PostInput): { text: string; field: string } {
  return target.content !== undefined
    ? { text: target.content, field: 'content' }
    : { text: post.content, field: "the post's content" };
}

export function countMedia(media: readonly MediaInput[]): Record<MediaType, number> {
  const counts: Record<MediaType, number> = { image: 0, video: 0, gif: 0, document: 0 };
  for (const m of media) counts[m.type]++;
  return counts;
}

/** "content is 312 characters (X's weighted count); the limit is 280" */
export function tooLong(field: string, length: number, limit: number, unit: string): string {
  return `${field} is ${length} ${unit}; the limit is ${limit}`;
}
