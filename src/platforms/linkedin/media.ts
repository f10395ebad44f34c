/**
 * LinkedIn media uploads under /rest: images and documents are
 * `initializeUpload` then one PUT of the bytes to the returned upload URL; videos
 * are `initializeUpload` with the size, a PUT per byte range of the upload
 * instructions (each answer's ETag collected), then `finalizeUpload`. Images and
 * videos are polled until AVAILABLE before the post refers to them.
 */
import type { StagedMedia } from '../../media/stage.ts';
import type { PlatformUrlGuard } from '../../net/outbound.ts';
import { type AccountCredentials, PlatformError } from '../contract.ts';
import { pause, pick, platformCall, str } from '../shared/http.ts';
import { linkedinHeaders } from './account.ts';
import { readLinkedInError } from './errors.ts';

interface Ctx {
  baseUrl: string;
  apiVersion?: string | undefined;
  account: AccountCredentials;
  signal: AbortSignal;
  owner: string;
  /** Where the upload URLs LinkedIn answers with go (PublishContext.platformUrls). */
  platformUrls?: PlatformUrlGuard | undefined;
}

const MAX_POLLS = 120;

function call(ctx: Ctx, path: string, init: { json?: unknown; method?: string }, what: string) {
  return platformCall({
    url: `${ctx.baseUrl}/rest/${path}`,
    headers: linkedinHeaders(ctx.account, ctx.apiVersion),
    signal: ctx.signal,
    readError: (r) => readLinkedInError(r),
    what,
    ...init,
  });
}

async function put(ctx: Ctx, url: string, body: Blob, what: string) {
  return platformCall({
    method: 'PUT',
    url,
    outside: ctx.platformUrls,
    headers: {
      authorization: `Bearer ${ctx.account.accessToken}`,
      'content-type': 'application/octet-stream',
    },
    body: body as unknown as Uint8Array,
    signal: ctx.signal,
    timeoutMs: 600_000,
    readError: (r) => readLinkedInError(r),
    what,
  });
}

/** Uploads one item; returns its URN (urn:li:image|video|document:…). */
export async function uploadToLinkedIn(ctx: Ctx, staged: StagedMedia): Promise<string> {
  const what = `LinkedIn: upload of ${staged.label}`;
  const kind = staged.mimeType.startsWith('video/')
    ? 'videos'
    : staged.item.type === 'document'
      ? 'documents'
      : 'images';
  const request =
    kind === 'videos'
      ? { owner: ctx.owner, fileSizeBytes: staged.size, uploadCaptions: false, uploadThumbnail: false }
      : { owner: ctx.owner };
  const init = await call(
    ctx,
    `${kind}?action=initializeUpload`,
    { json: { initializeUploadRequest: request } },
    what,
  );
  const value = pick(init.json, 'value');
  const blob = await staged.blob();
  if (kind === 'videos') return uploadVideoParts(ctx, value, blob, what, staged.label);
  const urn = str(value, kind === 'images' ? 'image' : 'document');
  const uploadUrl = str(value, 'uploadUrl');
  if (!urn || !uploadUrl)
    throw new PlatformError('transient', `${what}: initializeUpload answered without an upload URL`);
  await put(ctx, uploadUrl, blob, what);
  if (kind === 'images') await waitAvailable(ctx, 'images', urn, staged.label);
  return urn;
}

async function uploadVideoParts(ctx: Ctx, value: unknown, blob: Blob, what: string, label: string) {
  const urn = str(value, 'video');
  const parts = (pick(value, 'uploadInstructions') as unknown[] | undefined) ?? [];
  if (!urn || !parts.length)
    throw new PlatformError('transient', `${what}: initializeUpload answered without instructions`);
  const etags: string[] = [];
  for (const part of parts) {
    const url = str(part, 'uploadUrl');
    const first = Number(pick(part, 'firstByte'));
    const last = Number(pick(part, 'lastByte'));
    if (!url || !Number.isFinite(first) || !Number.isFinite(last))
      throw new PlatformError('transient', `${what}: bad upload instruction`);
    const res = await put(ctx, url, blob.slice(first, last + 1), what);
    const etag = res.headers.get('etag');
    if (!etag) throw new PlatformError('transient', `${what}: a part upload answered without an ETag`);
    etags.push(etag);
  }
  const finalize = { video: urn, uploadToken: str(value, 'uploadToken') ?? '', uploadedPartIds: etags };
  await call(ctx, 'videos?action=finalizeUpload', { json: { finalizeUploadRequest: finalize } }, what);
  await waitAvailable(ctx, 'videos', urn, label);
  return urn;
}

async function waitAvailable(ctx: Ctx, kind: 'images' | 'videos', urn: string, label: string) {
  for (let polls = 0; polls < MAX_POLLS; polls++) {
    const res = await call(ctx, `${kind}/${encodeURIComponent(urn)}`, {}, `LinkedIn: status of ${label}`);
    const status = str(res.json, 'status');
    if (status === 'AVAILABLE') return;
    if (status === 'PROCESSING_FAILED') {
      const why = str(res.json, 'processingFailureReason') ?? 'processing failed';
      throw new PlatformError('permanent', `LinkedIn: ${label} could not be processed: ${why}`);
    }
    await pause(Math.min(200 * 2 ** polls, 2000), ctx.signal);
  }
  throw new PlatformError('transient', `LinkedIn: ${label} is still processing`);
}
