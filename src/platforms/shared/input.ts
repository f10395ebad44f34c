/**
 * What a platform's validation sees: one target of a create (or edit) request and
 * the post it belongs to. Shapes are already checked against the request schema.
 */
import type { MediaFactsForRules } from '../../media/rules.ts';
import type { Platform } from '../names.ts';

type MediaType = 'image' | 'video' | 'gif' | 'document';

export interface MediaInput {
  type: MediaType;
  url: string;
  thumbnail?: string;
  /** What create found out about the file (headers, image header, probe); absent: nothing known yet. */
  facts?: Omit<MediaFactsForRules, 'kind'>;
}

/** `auto`: convert what a target would refuse; `off`: refuse it at create. */
export type MediaProcessing = 'auto' | 'off';

export interface TargetInput {
  platform: Platform;
  accountId: string;
  content?: string;
  platformSpecificData?: object;
}

export interface PostInput {
  content: string;
  mediaItems: readonly MediaInput[];
  /** The post's top-level first comment, if any. */
  firstComment?: string;
  /** Whether media a target would refuse is converted (default) or refused. */
  mediaProcessing?: MediaProcessing;
  /** How converted media is fitted to an allowed aspect ratio (a target's platformSpecificData may override). */
  fit?: 'pad' | 'crop';
  /** Whether a video longer than a platform allows is trimmed to its limit (else refused). */
  trim?: boolean;
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

/** A target's text as its platform counts it, and the platform's limit (for clients' counters). */
export interface TextMeasure {
  length: number;
  limit: number;
  /** What is counted: "characters", "graphemes (user-perceived characters)", "bytes"... */
  unit: string;
}

/** How long the target's text is for its platform; null when the platform does not limit it here. */
export type TextMeasurer = (target: TargetInput, post: PostInput) => TextMeasure | null;

/** A measurer counting the target's text with `count` against a fixed limit. */
export const measureWith =
  (count: (text: string) => number, limit: number, unit: string): TextMeasurer =>
  (target, post) => ({ length: count(targetText(target, post).text), limit, unit });

/** The too-long message for a measured text, if it is over its limit. */
export function overLimit(field: string, m: TextMeasure | null): string[] {
  return m && m.length > m.limit ? [tooLong(field, m.length, m.limit, m.unit)] : [];
}

/** "content is 312 characters (X's weighted count); the limit is 280" */
export function tooLong(field: string, length: number, limit: number, unit: string): string {
  return `${field} is ${length} ${unit}; the limit is ${limit}`;
}
