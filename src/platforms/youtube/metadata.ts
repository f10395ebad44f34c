/**
 * The video resource sent when the upload starts, from the target: the title
 * (YouTubeConfigurations.title, else the first 100 characters of the text on one
 * line, else a fixed label), the text as the description, tags, category (22,
 * People & Blogs, by default) and the status part. A scheduled post uploads as
 * private and is given its visibility once processed (finish.ts), so nobody sees
 * it before its time or half processed; a publish-now post uploads with it.
 */
import type { StagedMedia } from '../../media/stage.ts';
import type { TargetInput } from '../contract.ts';
import type { YouTubeOptions } from './options.ts';

export const UNTITLED = 'Untitled video';
const DEFAULT_CATEGORY = '22';

export const optionsOf = (target: Pick<TargetInput, 'platformSpecificData'>) =>
  target.platformSpecificData as YouTubeOptions;

/** The visibility the video has in the end (YouTubeConfigurations.visibility, default public). */
export const finalVisibility = (target: TargetInput): string => optionsOf(target).visibility ?? 'public';

/** The privacy the upload starts with: private for scheduled posts, else the final visibility. */
export const uploadPrivacy = (target: TargetInput): string =>
  target.scheduledFor ? 'private' : finalVisibility(target);

export function titleOf(target: TargetInput): string {
  const given = optionsOf(target).title?.trim();
  if (given) return given;
  const oneLine = target.content.replace(/[<>]/g, '').replace(/\s+/g, ' ').trim();
  return [...oneLine].slice(0, 100).join('').trim() || UNTITLED;
}

/** The status part; videos.update replaces the whole part, so it is always sent whole. */
export function statusPart(target: TargetInput, privacyStatus: string): Record<string, unknown> {
  const o = optionsOf(target);
  return {
    privacyStatus,
    selfDeclaredMadeForKids: o.madeForKids ?? false,
    containsSyntheticMedia: o.containsSyntheticMedia ?? false,
    embeddable: true,
    license: 'youtube',
    publicStatsViewable: true,
  };
}

export function videoMetadata(target: TargetInput): Record<string, unknown> {
  const o = optionsOf(target);
  return {
    snippet: {
      title: titleOf(target),
      description: target.content,
      ...(o.tags?.length ? { tags: o.tags } : {}),
      categoryId: o.categoryId ?? DEFAULT_CATEGORY,
    },
    status: statusPart(target, uploadPrivacy(target)),
  };
}

/**
 * Whether YouTube will make the video a Short: since 2024-10-15 every square or
 * vertical video of at most 3 minutes is one (the API has no flag). Shorts take
 * no custom thumbnail (interface.md, MediaItem.thumbnail). Unknown facts (ffprobe
 * could not read the file): not a Short.
 */
export function isShort(
  staged: Pick<StagedMedia, 'probeStatus' | 'width' | 'height' | 'durationSec'>,
): boolean {
  const { width, height, durationSec } = staged;
  if (staged.probeStatus !== 'probed' || !width || !height || durationSec === undefined) return false;
  return width <= height && durationSec <= 180;
}
