/**
 * Media for a status: `POST /api/v2/media` (multipart `file`, alt text as
 * `description`) answers 200 when the file is ready or 202 while the instance still
 * processes it (`url` null); `GET /api/v1/media/:id` then answers 206 until it is
 * ready and 200 after. A status may only attach processed media.
 */
import type { StagedMedia } from '../../media/stage.ts';
import { PlatformError } from '../contract.ts';
import { type InstanceTarget, idOf, instanceCall, objectAnswer } from './api.ts';
import type { InstanceLimits } from './limits.ts';

export interface UploadedMedia {
  id: string;
  ready: boolean;
}

export async function uploadMedia(
  t: InstanceTarget,
  staged: StagedMedia,
  alt: string | undefined,
  limits: InstanceLimits,
): Promise<UploadedMedia> {
  const video = staged.mimeType.startsWith('video/');
  const max = video ? limits.videoMaxBytes : limits.imageMaxBytes;
  if (staged.size > max)
    throw new PlatformError(
      'permanent',
      `Mastodon: ${staged.label} is ${staged.size} bytes; this instance takes ${video ? 'videos' : 'images'} up to ${max}`,
    );
  if (limits.supportedMimeTypes.length > 0 && !limits.supportedMimeTypes.includes(staged.mimeType))
    throw new PlatformError(
      'permanent',
      `Mastodon: this instance does not take ${staged.mimeType} (${staged.label})`,
    );
  const body = new FormData();
  body.append('file', await staged.blob(), staged.filename);
  if (alt) body.append('description', alt);
  const res = await instanceCall(t, '/api/v2/media', {
    method: 'POST',
    body,
    what: `Mastodon: upload ${staged.label}`,
  });
  const answer = objectAnswer(res.json, 'Mastodon: the upload');
  return { id: idOf(answer.id, 'Mastodon: the upload'), ready: res.status === 200 && answer.url != null };
}

/** Whether the instance finished processing the media (206 while it works). */
export async function mediaReady(t: InstanceTarget, id: string): Promise<boolean> {
  const res = await instanceCall(t, `/api/v1/media/${encodeURIComponent(id)}`, {
    accept: [206],
    what: 'Mastodon: read the media state',
  });
  if (res.status === 206) return false;
  return objectAnswer(res.json, 'Mastodon: the media').url != null;
}
