/**
 * X media upload, v2 chunked flow for every kind (images, GIFs, videos):
 * `POST /2/media/upload/initialize` (JSON) → `POST /2/media/upload/{id}/append`
 * (multipart, one 4 MB chunk per segment, read from disk while sent) →
 * `POST /2/media/upload/{id}/finalize`, then `GET /2/media/upload?command=STATUS`
 * while `processing_info` says pending or in_progress, honouring check_after_secs.
 */
import type { StagedMedia } from '../../media/stage.ts';
import { type AccountCredentials, PlatformError } from '../contract.ts';
import { pause, pick, platformCall, str } from '../shared/http.ts';
import { authHeader } from './account.ts';
import { readXError } from './errors.ts';

const X_CHUNK_BYTES = 4 * 1024 * 1024;
const MAX_STATUS_POLLS = 120;

interface UploadContext {
  baseUrl: string;
  account: AccountCredentials;
  signal: AbortSignal;
}

const categoryOf = (staged: StagedMedia) =>
  staged.mimeType === 'image/gif' && staged.item.type === 'gif'
    ? 'tweet_gif'
    : staged.mimeType.startsWith('video/')
      ? 'tweet_video'
      : 'tweet_image';

/** Uploads one staged item and waits until X has processed it; returns the media id. */
export async function uploadMedia(ctx: UploadContext, staged: StagedMedia): Promise<string> {
  const headers = authHeader(ctx.account);
  const base = `${ctx.baseUrl}/2/media/upload`;
  const call = { signal: ctx.signal, readError: (r: Parameters<typeof readXError>[0]) => readXError(r) };
  const init = await platformCall({
    ...call,
    url: `${base}/initialize`,
    headers,
    json: { media_type: staged.mimeType, total_bytes: staged.size, media_category: categoryOf(staged) },
    what: `upload of ${staged.label}`,
  });
  const id = str(pick(init.json, 'data'), 'id');
  if (!id) throw new PlatformError('transient', `X: initialize of ${staged.label} returned no media id`);
  const blob = await staged.blob();
  for (let index = 0, start = 0; start < staged.size; index++, start += X_CHUNK_BYTES) {
    const form = new FormData();
    form.set('segment_index', String(index));
    form.set('media', blob.slice(start, Math.min(start + X_CHUNK_BYTES, staged.size)), staged.filename);
    await platformCall({
      ...call,
      url: `${base}/${id}/append`,
      headers,
      body: form,
      timeoutMs: 120_000,
      what: `upload of ${staged.label} (segment ${index})`,
    });
  }
  const finalize = await platformCall({
    ...call,
    url: `${base}/${id}/finalize`,
    method: 'POST',
    headers,
    what: `upload of ${staged.label}`,
  });
  let processing = pick(finalize.json, 'data', 'processing_info');
  for (let polls = 0; processing; polls++) {
    const state = str(processing, 'state');
    if (state === 'succeeded') break;
    if (state === 'failed') {
      // v1.1 named the cause in `error`; the v2 description has only the state.
      const why = str(pick(processing, 'error'), 'message') ?? 'processing failed';
      throw new PlatformError('permanent', `X: ${staged.label} could not be processed: ${why}`);
    }
    if (polls >= MAX_STATUS_POLLS)
      throw new PlatformError('transient', `X: ${staged.label} is still processing`);
    const after = Number(pick(processing, 'check_after_secs') ?? 1);
    await pause(Math.min(Math.max(after, 0), 60) * 1000, ctx.signal);
    const status = await platformCall({
      ...call,
      url: `${base}?command=STATUS&media_id=${encodeURIComponent(id)}`,
      headers,
      what: `processing status of ${staged.label}`,
    });
    processing = pick(status.json, 'data', 'processing_info') ?? { state: 'succeeded' };
  }
  return id;
}
