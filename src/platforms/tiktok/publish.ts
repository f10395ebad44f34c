/**
 * Publishing to TikTok (Content Posting API) as resumable steps:
 * 1. a video is staged (its size plans the chunks, its duration is checked);
 * 2. for a direct post, creator info is read and the target failed, naming what
 *    the creator allows, when it does not fit (creator-info.ts);
 * 3. `beginCreate`, then init, the one create call: video `/v2/post/publish/video/init/`
 *    (FILE_UPLOAD), inbox `/v2/post/publish/inbox/video/init/` for a video draft,
 *    photos `/v2/post/publish/content/init/` (PULL_FROM_URL, the only way TikTok
 *    takes photos; DIRECT_POST or MEDIA_UPLOAD for a draft);
 * 4. the `publish_id` is checkpointed the moment init answers; the chunks follow
 *    (media.ts) and `upload.done` is checkpointed;
 * 5. `pending` until the status says what became of it (status.ts).
 * Videos always go by FILE_UPLOAD: PULL_FROM_URL needs the media host verified
 * with TikTok for the app (`url_ownership_unverified` otherwise), and TikTok's
 * pulls of large videos are known to be unreliable.
 */
import { PlatformError, type PublishContext, type PublishResult } from '../contract.ts';
import { platformCall } from '../shared/http.ts';
import { pick, str } from '../shared/json.ts';
import { stageOne } from '../shared/media.ts';
import { jsonHeaders } from './account.ts';
import { checkFits, fetchCreatorInfo, privacyOf, type TikTokCreatorInfo } from './creator-info.ts';
import { checkOk, readTikTokError } from './errors.ts';
import { type ChunkPlan, planChunks, uploadChunks } from './media.ts';
import type { TikTokOptions } from './options.ts';
import { advance, heldByTikTok, START_OVER, type TikTokCheckpoint } from './status.ts';

const PHOTO_TITLE_MAX = 90;

export async function publishToTikTok(ctx: PublishContext): Promise<PublishResult> {
  // `ctx.checkpoint` is what the run started with (saves do not change it), so it is read once.
  const cp = ctx.checkpoint as TikTokCheckpoint;
  if (cp.publishId) {
    const result = await advance(ctx, { ...cp, publishId: cp.publishId });
    if (result !== START_OVER) return result;
  }
  return start(ctx);
}

const optionsOf = (ctx: PublishContext) => ctx.target.platformSpecificData as TikTokOptions;

async function start(ctx: PublishContext): Promise<PublishResult> {
  const o = optionsOf(ctx);
  const draft = o.draft === true;
  const videoItem = ctx.target.mediaItems.find((m) => m.type === 'video');
  const staged = videoItem ? await stageOne(ctx.media, videoItem, 'media item 1', ctx.signal) : undefined;
  try {
    let info: TikTokCreatorInfo | undefined;
    if (!draft) {
      info = await fetchCreatorInfo(ctx);
      checkFits(info, o, staged ? { durationSec: staged.durationSec } : null);
    }
    const plan = staged ? planChunks(staged.size) : undefined;
    const init = initRequest(ctx, o, info, plan);
    await ctx.beginCreate({ publishEndpoint: init.path });
    const res = checkOk(
      await platformCall({
        url: `${ctx.baseUrl}${init.path}`,
        bearer: ctx.account.accessToken,
        headers: jsonHeaders,
        json: init.body,
        signal: ctx.signal,
        createCall: true,
        what: 'TikTok: init post',
        readError: readTikTokError,
      }),
    );
    const data = pick(res.json, 'data');
    const publishId = str(data, 'publish_id');
    if (!publishId) throw new PlatformError('unknown_outcome', 'TikTok: init answered without a publish_id');
    const uploadUrl = str(data, 'upload_url');
    if (plan && !uploadUrl)
      throw new PlatformError('permanent', 'TikTok: init answered without an upload_url');
    const cp: TikTokCheckpoint & { publishId: string } = {
      publishId,
      kind: staged ? 'video' : 'photo',
      draft,
      initAt: ctx.now().toISOString(),
      upload: plan && uploadUrl ? { url: uploadUrl, plan, done: false } : null,
    };
    if (staged && cp.upload) {
      await ctx.saveCheckpoint({ ...cp });
      await uploadChunks(ctx, cp.upload.url, staged, cp.upload.plan, 0);
      cp.upload = { ...cp.upload, done: true };
      await ctx.recordExists(heldByTikTok(ctx, publishId), { upload: cp.upload });
    } else {
      // Photos: TikTok fetches them itself from the init's URLs.
      await ctx.recordExists(heldByTikTok(ctx, publishId), { ...cp });
    }
    return { state: 'pending', retryInMs: 1000, reason: 'TikTok is processing the post' };
  } finally {
    await staged?.dispose();
  }
}

/** The init call of this target: its path and body, every TikTokConfigurations field where it applies. */
export function initRequest(
  ctx: Pick<PublishContext, 'target'>,
  o: TikTokOptions,
  info: TikTokCreatorInfo | undefined,
  plan: ChunkPlan | undefined,
): { path: string; body: Record<string, unknown> } {
  const content = ctx.target.content;
  if (plan) {
    const source_info = {
      source: 'FILE_UPLOAD',
      video_size: plan.videoSize,
      chunk_size: plan.chunkSize,
      total_chunk_count: plan.chunkCount,
    };
    // An inbox upload takes no post_info: the creator writes the caption in the app.
    if (!info) return { path: '/v2/post/publish/inbox/video/init/', body: { source_info } };
    const post_info: Record<string, unknown> = {
      title: content,
      privacy_level: privacyOf(o),
      disable_comment: o.disableComment ?? info.commentDisabled,
      disable_duet: o.disableDuet ?? info.duetDisabled,
      disable_stitch: o.disableStitch ?? info.stitchDisabled,
      brand_content_toggle: o.brandContentToggle ?? false,
      brand_organic_toggle: o.brandOrganicToggle ?? false,
      is_aigc: o.isAigc ?? false,
    };
    if (o.videoCoverTimestampMs !== undefined)
      post_info.video_cover_timestamp_ms = Math.round(o.videoCoverTimestampMs);
    return { path: '/v2/post/publish/video/init/', body: { post_info, source_info } };
  }
  const post_info: Record<string, unknown> = {
    title: photoTitle(content),
    description: o.description ?? content,
    disable_comment: o.disableComment ?? info?.commentDisabled ?? false,
    auto_add_music: o.autoAddMusic ?? true,
    brand_content_toggle: o.brandContentToggle ?? false,
    brand_organic_toggle: o.brandOrganicToggle ?? false,
  };
  if (info) post_info.privacy_level = privacyOf(o);
  return {
    path: '/v2/post/publish/content/init/',
    body: {
      media_type: 'PHOTO',
      post_mode: info ? 'DIRECT_POST' : 'MEDIA_UPLOAD',
      post_info,
      source_info: {
        source: 'PULL_FROM_URL',
        photo_cover_index: o.photoCoverIndex ?? 0,
        photo_images: ctx.target.mediaItems.filter((m) => m.type === 'image').map((m) => m.url),
      },
    },
  };
}

/** A photo post's title (at most 90): the content's first line, cut at a character boundary. */
export function photoTitle(content: string): string {
  const line = content.split('\n', 1)[0]?.trim() ?? '';
  if (line.length <= PHOTO_TITLE_MAX) return line;
  const chars = Array.from(line);
  let out = '';
  for (const c of chars) {
    if (out.length + c.length > PHOTO_TITLE_MAX - 1) break;
    out += c;
  }
  return `${out}…`;
}
