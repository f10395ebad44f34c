/**
 * Threads' error answers (Graph shape; some with `type: THApiException`) →
 * PlatformError through Meta's common reading (shared/meta-errors.ts). Threads
 * documents its 24 h quotas (250 posts, 100 deletes) but not the code of their
 * refusal; a code 4 is read as the app rate limit it is elsewhere in Graph.
 * 24/4279009 ("Media Not Found") is handled by the container flow: right after a
 * container is made it is a known race, tried again on the same container.
 */
import { metaErrorReader } from '../shared/meta-errors.ts';

export const readThreadsError = metaErrorReader({ label: 'Threads' });

/** The `error_message` values of an ERROR container, in words. */
const REASONS: Record<string, string> = {
  FAILED_DOWNLOADING_VIDEO: 'the video could not be downloaded from its URL (it must be public)',
  FAILED_PROCESSING_AUDIO: 'the audio could not be processed',
  FAILED_PROCESSING_VIDEO: 'the video could not be processed',
  INVALID_ASPEC_RATIO: 'the aspect ratio is out of range (0.01:1 to 10:1)',
  INVALID_BIT_RATE: 'the bit rate is too high',
  INVALID_DURATION: 'the video is too long (5 minutes at most)',
  INVALID_FRAME_RATE: 'the frame rate is out of range (23 to 60 fps)',
  INVALID_AUDIO_CHANNELS: 'the audio channels are not supported',
  INVALID_AUDIO_CHANNEL_LAYOUT: 'the audio channel layout is not supported',
};

export function containerErrorReason(message: string | undefined): string {
  const known = message ? REASONS[message] : undefined;
  return known ? `${known} (${message})` : (message ?? 'UNKNOWN');
}
