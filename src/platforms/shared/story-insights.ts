/**
 * Stories' insights expire: Meta keeps a Facebook or Instagram Story's metrics for
 * 24 hours after it is posted (the Page Stories and Instagram insights pages), then
 * answers none. The analytics answer says so in words instead of a bare error.
 */
import type { PublishedRef } from '../analytics-types.ts';

export const STORY_INSIGHTS_HOURS = 24;

export const isStory = (ref: PublishedRef): boolean => ref.platformSpecificData?.contentType === 'story';

/** The sentence for a Story whose insights are gone (or were refused); `detail` is the platform's own words. */
export const storyInsightsGone = (platform: string, detail?: string): string =>
  `${platform} keeps a Story's insights for ${STORY_INSIGHTS_HOURS} hours after it is posted; this Story's are no longer available${detail ? ` (${detail})` : ''}`;

/** True when the Story was posted more than 24 hours ago, so asking is pointless. */
export function storyInsightsExpired(ref: PublishedRef, nowMs = Date.now()): boolean {
  const at = Date.parse(ref.publishedAt ?? '');
  return isStory(ref) && Number.isFinite(at) && nowMs - at > STORY_INSIGHTS_HOURS * 3_600_000;
}
