/**
 * Bluesky embeds from media: images go to the PDS with `uploadBlob` (raw body,
 * read from disk while sent); a video goes to the video service
 * (`app.bsky.video.uploadVideo` with a service token from `getServiceAuth`) and
 * is polled with `getJobStatus` until the blob is ready, or straight to the PDS
 * when there is no video service for it (see `videoService`); a link card is built
 * from the page's Open Graph tags with its image uploaded as the thumb.
 */
import type { StagedMedia } from '../../media/stage.ts';
import { type MediaItem, PlatformError, type PublishContext } from '../contract.ts';
import { pause, pick, platformCall, str } from '../shared/http.ts';
import { disposeAll, stageAll, stageOne } from '../shared/media.ts';
import { readBlueskyError } from './errors.ts';
import { type XrpcTarget, xrpc } from './xrpc.ts';

const BLUESKY_IMAGE_MAX_BYTES = 2_000_000;
const THUMB_MAX_BYTES = 1_000_000;
const VIDEO_SERVICE = 'https://video.bsky.app';
const MAX_JOB_POLLS = 300;

type Blob = Record<string, unknown>;

async function uploadBlob(t: XrpcTarget, staged: StagedMedia): Promise<Blob> {
  const res = await xrpc(t, 'com.atproto.repo.uploadBlob', {
    headers: { 'content-type': staged.mimeType },
    body: (await staged.blob()) as unknown as Uint8Array,
    timeoutMs: 120_000,
    what: `Bluesky: upload of ${staged.label}`,
  });
  const blob = pick(res.json, 'blob');
  if (!blob || typeof blob !== 'object')
    throw new PlatformError('transient', `Bluesky: upload of ${staged.label} returned no blob`);
  return blob as Blob;
}

const aspect = (s: StagedMedia) =>
  s.width && s.height ? { aspectRatio: { width: s.width, height: s.height } } : {};

export async function imagesEmbed(
  ctx: PublishContext,
  t: XrpcTarget,
  items: MediaItem[],
  alts: string[],
  prefix: string,
) {
  const staged = await stageAll(ctx.media, items, ctx.signal, (i) => `${prefix}${i + 1}`);
  try {
    const images = [];
    for (const [i, s] of staged.entries()) {
      if (s.size > BLUESKY_IMAGE_MAX_BYTES)
        throw new PlatformError(
          'permanent',
          `${s.label} (${s.item.url}) is ${s.size} bytes; Bluesky accepts images up to ${BLUESKY_IMAGE_MAX_BYTES} bytes`,
        );
      images.push({ image: await uploadBlob(t, s), alt: alts[i] ?? '', ...aspect(s) });
    }
    return { $type: 'app.bsky.embed.images', images };
  } finally {
    await disposeAll(staged);
  }
}

export async function videoEmbed(
  ctx: PublishContext,
  t: XrpcTarget,
  item: MediaItem,
  alt: string | undefined,
  label: string,
) {
  const staged = await stageOne(ctx.media, item, label, ctx.signal);
  try {
    const service = videoService(ctx, t);
    const blob = service ? await uploadVideo(ctx, t, staged, service) : await uploadBlob(t, staged);
    return { $type: 'app.bsky.embed.video', video: blob, ...(alt ? { alt } : {}), ...aspect(staged) };
  } finally {
    await staged.dispose();
  }
}

/**
 * The video service for this account: the configured one, else Bluesky's for
 * accounts on Bluesky's PDSes. Other PDSes (self-hosted, the simulator without a
 * configured video host) get the video with `uploadBlob`, the documented simple path.
 */
export function videoService(ctx: Pick<PublishContext, 'extraBaseUrls'>, t: XrpcTarget): string | undefined {
  if (ctx.extraBaseUrls?.video) return ctx.extraBaseUrls.video.replace(/\/$/, '');
  const host = new URL(t.service).hostname;
  return host === 'bsky.social' || host.endsWith('.bsky.network') ? VIDEO_SERVICE : undefined;
}

async function uploadVideo(
  ctx: PublishContext,
  t: XrpcTarget,
  staged: StagedMedia,
  service: string,
): Promise<Blob> {
  const exp = String(Math.floor(ctx.now().getTime() / 1000) + 30 * 60);
  const auth = await xrpc(t, 'com.atproto.server.getServiceAuth', {
    query: { aud: `did:web:${new URL(t.service).hostname}`, lxm: 'com.atproto.repo.uploadBlob', exp },
    what: 'Bluesky: service token for video upload',
  });
  const token = str(auth.json, 'token');
  if (!token) throw new PlatformError('transient', 'Bluesky: getServiceAuth returned no token');
  const call = {
    signal: ctx.signal,
    readError: (r: Parameters<typeof readBlueskyError>[0]) => readBlueskyError(r),
  };
  const headers = { authorization: `Bearer ${token}` };
  const query = new URLSearchParams({ did: ctx.account.platformUserId, name: staged.filename });
  const res = await platformCall({
    ...call,
    url: `${service}/xrpc/app.bsky.video.uploadVideo?${query}`,
    headers: { ...headers, 'content-type': staged.mimeType },
    body: (await staged.blob()) as unknown as Uint8Array,
    timeoutMs: 600_000,
    what: `Bluesky: video upload of ${staged.label}`,
  });
  let job = pick(res.json, 'jobStatus') ?? res.json;
  for (let polls = 0; ; polls++) {
    const blob = pick(job, 'blob');
    if (blob && typeof blob === 'object') return blob as Blob;
    if (str(job, 'state') === 'JOB_STATE_FAILED')
      throw new PlatformError(
        'permanent',
        `Bluesky: ${staged.label} could not be processed: ${str(job, 'error') ?? str(job, 'message') ?? 'video processing failed'}`,
      );
    const jobId = str(job, 'jobId');
    if (!jobId)
      throw new PlatformError('transient', `Bluesky: video upload of ${staged.label} returned no job`);
    if (polls >= MAX_JOB_POLLS)
      throw new PlatformError('transient', `Bluesky: ${staged.label} is still processing`);
    if (polls > 0) await pause(Math.min(200 * 2 ** polls, 2000), ctx.signal);
    const status = await platformCall({
      ...call,
      url: `${service}/xrpc/app.bsky.video.getJobStatus?jobId=${encodeURIComponent(jobId)}`,
      headers,
      what: `Bluesky: processing status of ${staged.label}`,
    });
    job = pick(status.json, 'jobStatus');
  }
}

/** A link card for `url` from its Open Graph tags; undefined when the page gives nothing. */
export async function linkCardEmbed(ctx: PublishContext, t: XrpcTarget, url: string) {
  const preview = await ctx.media.preview(url, ctx.signal);
  if (!preview) return undefined;
  const external: Record<string, unknown> = {
    uri: url,
    title: preview.title,
    description: preview.description,
  };
  if (preview.imageUrl) {
    try {
      const staged = await stageOne(
        ctx.media,
        { type: 'image', url: preview.imageUrl },
        'link card image',
        ctx.signal,
      );
      try {
        if (staged.size <= THUMB_MAX_BYTES) external.thumb = await uploadBlob(t, staged);
      } finally {
        await staged.dispose();
      }
    } catch (err) {
      if (err instanceof PlatformError && err.errorClass !== 'permanent') throw err;
      ctx.log.info({ url }, 'link card image skipped');
    }
  }
  return { $type: 'app.bsky.embed.external', external };
}
