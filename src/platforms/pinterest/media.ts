/**
 * Pinterest media: images travel inside the create call, videos are uploaded
 * first.
 *
 * Images are staged (fetched, type checked) and sent as `image_base64` (one) or
 * `multiple_image_base64` (a carousel of 2 to 5) when they are JPEG or PNG, the
 * only types Pinterest takes as data; other image types (GIF, WebP...) go as
 * `image_url` / `multiple_image_urls` for Pinterest to fetch. Sending the bytes we
 * checked means Pinterest never has to reach a URL only this service can reach.
 *
 * A video is registered (`POST /v5/media {media_type: "video"}`), uploaded to the
 * answered `upload_url` as an S3 POST-policy form (every `upload_parameters` field,
 * then the `file` part; no Pinterest token goes to S3), and its processing is read
 * with `GET /v5/media/{id}` (registered | processing | succeeded | failed).
 */
import type { StagedMedia } from '../../media/stage.ts';
import { PlatformError } from '../contract.ts';
import { platformCall } from '../shared/http.ts';
import { obj, pick, str } from '../shared/json.ts';
import { type ApiTarget, pinterestCall } from './account.ts';
import { readUploadError } from './errors.ts';

const DATA_TYPES = new Set(['image/jpeg', 'image/png']);

/** An image part of `media_source`: its bytes when Pinterest takes them as data, else its URL. */
async function imagePart(staged: StagedMedia): Promise<Record<string, string>> {
  if (!DATA_TYPES.has(staged.mimeType)) return { url: staged.item.url };
  const bytes = Buffer.from(await (await staged.blob()).arrayBuffer());
  return { content_type: staged.mimeType, data: bytes.toString('base64') };
}

/** `media_source` for one image or a carousel of 2 to 5. */
export async function imageSource(staged: StagedMedia[]): Promise<Record<string, unknown>> {
  const parts = await Promise.all(staged.map(imagePart));
  const asData = parts.every((p) => 'data' in p);
  if (parts.length === 1) {
    const [one] = parts;
    return asData ? { source_type: 'image_base64', ...one } : { source_type: 'image_url', url: one?.url };
  }
  if (asData) return { source_type: 'multiple_image_base64', items: parts };
  return { source_type: 'multiple_image_urls', items: staged.map((s) => ({ url: s.item.url })) };
}

/** `media_source` cover fields: the cover image (data or URL), or else a key frame. */
export async function coverFields(cover: StagedMedia | undefined): Promise<Record<string, unknown>> {
  // The unit of cover_image_key_frame_time is not settled in the sources (ms or s):
  // 0, the first frame, means the same in both.
  if (!cover) return { cover_image_key_frame_time: 0 };
  const part = await imagePart(cover);
  return part.data
    ? { cover_image_content_type: part.content_type, cover_image_data: part.data }
    : { cover_image_url: part.url };
}

/** Registers a video upload and sends the file to S3; answers the media id. */
export async function uploadVideo(t: ApiTarget, staged: StagedMedia): Promise<string> {
  const what = `Pinterest: upload of ${staged.label}`;
  const reg = await pinterestCall(t, 'media', { json: { media_type: 'video' }, what });
  const mediaId = str(reg.json, 'media_id');
  const uploadUrl = str(reg.json, 'upload_url');
  if (!mediaId || !uploadUrl)
    throw new PlatformError('transient', `${what}: the registration answered no media_id or upload_url`);
  const form = new FormData();
  for (const [k, v] of Object.entries(obj(reg.json, 'upload_parameters'))) form.set(k, String(v));
  form.set('file', await staged.blob(), staged.filename);
  await platformCall({
    url: uploadUrl,
    // The upload URL is Pinterest's answer (an S3 bucket): through the outbound client.
    outside: t.platformUrls,
    body: form,
    signal: t.signal,
    timeoutMs: 1_800_000,
    what,
    readError: readUploadError,
  });
  return mediaId;
}

export type VideoStatus = 'registered' | 'processing' | 'succeeded' | 'failed';

/** Where Pinterest's processing of the video stands. */
export async function videoStatus(t: ApiTarget, mediaId: string): Promise<VideoStatus> {
  const res = await pinterestCall(t, `media/${encodeURIComponent(mediaId)}`, {
    what: 'Pinterest: video processing status',
  });
  const status = pick(res.json, 'status');
  if (status === 'registered' || status === 'processing' || status === 'succeeded' || status === 'failed')
    return status;
  throw new PlatformError('transient', `Pinterest: unexpected video status ${JSON.stringify(status)}`);
}
