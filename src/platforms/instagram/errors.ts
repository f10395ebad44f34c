/**
 * Instagram's error answers (Graph shape, section 2.7 of the platform facts) →
 * PlatformError, and the reasons of a container in ERROR. Besides Meta's common
 * codes: the daily publishing limit 9/2207042 is a rate limit (the 24 h window
 * moves, and the API does not say when the next slot frees: look again in an
 * hour); -1/2207001, -2/2207003 and -1/2207032 are worth trying again; 4/2207051
 * (activity restricted as suspected spam) is final although code 4 is otherwise
 * the app rate limit.
 */
import { metaErrorReader } from '../shared/meta-errors.ts';

/** How long to wait after the content publishing limit (9/2207042) refused a publish. */
export const PUBLISHING_LIMIT_WAIT_MS = 60 * 60_000;

export const readInstagramError = metaErrorReader({
  label: 'Instagram',
  rateCodes: { '9/2207042': PUBLISHING_LIMIT_WAIT_MS },
  transientSubcodes: new Set([2207001, 2207003, 2207032]),
  permanentSubcodes: new Set([2207051, 2207050]),
});

/** What the `status` of an ERROR container (an error subcode, maybe `code/subcode`) means. */
const STATUS_REASONS: Record<string, string> = {
  '2207004': 'the image is larger than 8 MB',
  '2207005': 'the image format is not supported (JPEG only)',
  '2207009': 'the aspect ratio is out of range (4:5 to 1.91:1 for images)',
  '2207020': 'the media expired before it was processed',
  '2207026': 'the video format is not supported (MOV or MP4, H.264 or HEVC)',
  '2207052': 'the media could not be fetched from its URL (it must be public)',
  '2207053': 'an unknown error happened while uploading the video',
  '2207057': 'thumbOffset is not within the video',
};

export function containerErrorReason(status: string | undefined): string {
  const subcode = (status ?? '').split('/').at(-1)?.trim() ?? '';
  const known = STATUS_REASONS[subcode];
  return known ? `${known} (${status})` : `error ${status || 'without a reason'}`;
}
