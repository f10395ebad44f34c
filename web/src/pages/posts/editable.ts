// Which platforms can change a live post, and why the others can not, in a sentence
// (as PATCH /v1/posts/{postId}/published documents it). Said before saving; the
// service's answer per account, shown after saving, is what counts.
import { PLATFORM_LABELS, type PlatformName } from '../../api/client.ts';

const EDITABLE = new Set(['facebook', 'linkedin', 'youtube', 'pinterest', 'googlebusiness']);

const WHY_NOT: Record<string, string> = {
  twitter: 'X does not let a post be changed once it is live.',
  bluesky: 'Bluesky does not let a post be changed once it is live.',
  threads: 'Threads does not let a post be changed once it is live.',
  tiktok: 'TikTok does not let a video’s caption be changed once it is live.',
  instagram: 'Instagram does not let apps change a caption once it is live.',
  telegram: 'Messages sent to Telegram are not edited from here.',
};

export const canEditLive = (platform: string): boolean => EDITABLE.has(platform);

export const whyNotEditable = (platform: string): string =>
  WHY_NOT[platform] ??
  `${PLATFORM_LABELS[platform as PlatformName] ?? platform} does not let a post be changed once it is live.`;

const ANSWER_WORDS: Record<string, string> = {
  editing: 'being edited; its new text shows here once the platform has it',
  not_editable: 'not edited',
  refused: 'not edited',
  skipped: 'unchanged',
};

/** One account's part of the answer, in words. */
export const editAnswerWords = (status: string): string => ANSWER_WORDS[status] ?? status.replace(/_/g, ' ');
