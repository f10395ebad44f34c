/**
 * TikTok Content Posting API on the simulator:
 * - `POST /v2/post/publish/video/init/` (direct post, scope video.publish) and
 *   `POST /v2/post/publish/inbox/video/init/` (draft to the inbox, video.upload):
 *   FILE_UPLOAD with TikTok's chunk rules (5–64 MB chunks, one chunk under 5 MB,
 *   `total_chunk_count = floor(video_size / chunk_size)`, at most 1000), or
 *   PULL_FROM_URL from a verified URL prefix (`url_ownership_unverified`), fetched
 *   as TikTok does: a URL that can not be fetched fails with `video_pull_failed`;
 * - `PUT /video/?upload_id&upload_token` (open-upload.tiktokapis.com): chunks in
 *   order with `Content-Range`, 206 for each but the last, 201 for the last;
 * - `POST /v2/post/publish/content/init/`: photo posts (1–35 pulled images),
 *   DIRECT_POST or MEDIA_UPLOAD;
 * - `POST /v2/post/publish/status/fetch/`: the publish_id state machine on the
 *   simulator clock: PROCESSING_UPLOAD (bytes missing, then processing) or
 *   PROCESSING_DOWNLOAD (pulls) → PUBLISH_COMPLETE, whose
 *   `publicaly_available_post_id` (sic) stays empty until moderation is over and
 *   then holds the id as a bare int64 JSON number, as TikTok sends it; FAILED with
 *   a `fail_reason`; SEND_TO_USER_INBOX for drafts.
 * The post is recorded (so tests can count it) the moment TikTok has all it needs:
 * the last chunk, or the init of a pull. Init checks privacy against the creator's
 * options, the daily cap and the unaudited-client rules (SELF_ONLY only, five
 * posting creators a day). There is no delete: the
 * Content Posting API has none.
 */

import type { Breach, MediaFormat } from '../../../media/rules.ts';
import { tiktokMediaRules } from '../../../platforms/tiktok/media-rules.ts';
import { authOf, json, type SimRequest, type SimResponse } from '../../core/http.ts';
import { numericId, randomToken } from '../../core/ids.ts';
import type { SimRouter } from '../../core/router.ts';
import type { Simulator } from '../../core/simulator-api.ts';
import { allFetchable } from '../_shared/media-fetch.ts';
import { imageBreachesAt, videoBreachesAt, videoBreachesOf } from '../_shared/media-rules.ts';
import { tiktokError } from './platform.ts';
import { needScope, rateLimited, settings, withinRate } from './rules.ts';

const MB = 1024 * 1024;

interface Publish {
  id: string;
  account: string;
  token: string;
  mode: 'direct' | 'inbox';
  mediaType: 'VIDEO' | 'PHOTO';
  source: 'FILE_UPLOAD' | 'PULL_FROM_URL';
  data: Record<string, unknown>;
  videoSize?: number;
  chunkSize?: number;
  chunkCount?: number;
  uploaded: number;
  uploadId?: string;
  uploadToken?: string;
  uploadExpiresAt?: number;
  /** When TikTok had everything (last chunk, or the pull's init); processing runs from here. */
  readyAt?: number;
  failReason?: string;
  postId?: string;
  createdAt: number;
}

const ok = (data: unknown): SimResponse =>
  json(200, { data, error: { code: 'ok', message: '', log_id: randomToken('', 12) } });

const invalid = (message: string) => tiktokError(400, 'invalid_params', message);

const obj = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/**
 * The `fail_reason` TikTok ends a publish with when the media it pulled breaks
 * its rules (Content Posting API error reference: file_format_check_failed,
 * duration_check_failed, frame_rate_check_failed, picture_size_check_failed).
 */
function failReasonOf(breaches: Breach[]): string | undefined {
  const first = breaches[0];
  if (!first) return undefined;
  if (first.rule === 'duration_long' || first.rule === 'duration_short') return 'duration_check_failed';
  if (first.rule === 'fps') return 'frame_rate_check_failed';
  if (['width', 'height', 'aspect', 'pixels'].includes(first.rule)) return 'picture_size_check_failed';
  return 'file_format_check_failed';
}

/** TikTok's FILE_UPLOAD rules for video_size, chunk_size and total_chunk_count; a problem or undefined. */
export function chunkProblem(size: number, chunk: number, count: number): string | undefined {
  if (!Number.isInteger(size) || size <= 0) return 'video_size must be a positive integer';
  if (!Number.isInteger(chunk) || chunk <= 0) return 'chunk_size must be a positive integer';
  if (size < 5 * MB && chunk !== size)
    return 'a video under 5 MB is sent whole: chunk_size must equal video_size';
  if (size >= 5 * MB && (chunk < 5 * MB || chunk > 64 * MB) && !(chunk === size && size <= 64 * MB))
    return 'chunk_size must be between 5 MB and 64 MB';
  if (size > 64 * MB && chunk === size) return 'a video over 64 MB must be sent in several chunks';
  const expected = Math.floor(size / chunk);
  if (count !== expected) return `total_chunk_count must be ${expected} (floor of video_size / chunk_size)`;
  if (count < 1 || count > 1000) return 'total_chunk_count must be between 1 and 1000';
  if (size - (count - 1) * chunk > 128 * MB) return 'the last chunk may not exceed 128 MB';
  return undefined;
}

export const register = (r: SimRouter, sim: Simulator): void => {
  const publishes = sim.state.collection<Publish>('tiktok', 'publishes');
  const uploads = sim.state.collection<string>('tiktok', 'uploads');
  const now = () => sim.clock.now();

  const verified = (url: unknown) =>
    typeof url === 'string' && settings(sim).verifiedUrlPrefixes.some((p) => url.startsWith(p));

  /** Posts (direct) or shares (inbox) of this account within the last 24 h. */
  const recent = (account: string, mode: Publish['mode']) =>
    [...publishes.values()].filter(
      (p) => p.account === account && p.mode === mode && p.createdAt > now() - 86_400_000,
    ).length;

  /** Other creators who posted through this client in the last 24 h (unaudited clients: at most 5). */
  const activeUsers = (account: string) =>
    new Set(
      [...publishes.values()]
        .filter((p) => p.mode === 'direct' && p.account !== account && p.createdAt > now() - 86_400_000)
        .map((p) => p.account),
    ).size;

  /** Checks shared by every init; an error answer or undefined. */
  function initProblem(req: SimRequest, mode: Publish['mode'], postInfo: Record<string, unknown>) {
    const { token, account } = authOf(req);
    if (!withinRate(sim, 'init', token.value)) return rateLimited();
    const s = settings(sim);
    if (mode === 'inbox') {
      if (recent(account.id, 'inbox') >= s.pendingShareCap)
        return tiktokError(
          403,
          'spam_risk_too_many_pending_share',
          'The daily upload cap from the API is reached for the current user.',
        );
      return undefined;
    }
    const privacy = postInfo.privacy_level;
    const options = account.creatorInfo?.privacyLevelOptions ?? ['SELF_ONLY'];
    if (typeof privacy !== 'string') return invalid('post_info.privacy_level is required');
    if (s.unaudited && activeUsers(account.id) >= 5)
      return tiktokError(
        403,
        'reached_active_user_cap',
        "The client's daily quota of active posting users is reached.",
      );
    if (s.unaudited && privacy !== 'SELF_ONLY')
      return tiktokError(
        403,
        'unaudited_client_can_only_post_to_private_accounts',
        'Unaudited clients can only post to private accounts.',
      );
    if (!options.includes(privacy))
      return tiktokError(
        403,
        'privacy_level_option_mismatch',
        `privacy_level ${privacy} is not one of the creator's privacy_level_options.`,
      );
    if (postInfo.brand_content_toggle === true && privacy === 'SELF_ONLY')
      return invalid('Branded content can not be private (SELF_ONLY).');
    if (s.dailyPostCap !== null && recent(account.id, 'direct') >= s.dailyPostCap)
      return tiktokError(
        403,
        'spam_risk_too_many_posts',
        'The daily post cap from the API is reached for the current user.',
      );
    return undefined;
  }

  function start(req: SimRequest, p: Omit<Publish, 'id' | 'account' | 'token' | 'uploaded' | 'createdAt'>) {
    const { token, account } = authOf(req);
    const publish: Publish = {
      ...p,
      id: `${p.mediaType === 'PHOTO' ? 'p' : 'v'}_${p.mode === 'inbox' ? 'inbox' : 'pub'}_${p.source === 'FILE_UPLOAD' ? 'file' : 'url'}~v2.${numericId(19)}`,
      account: account.id,
      token: token.value,
      uploaded: 0,
      createdAt: now(),
    };
    const fail = settings(sim).failNext;
    if (fail.length) {
      publish.failReason = fail[0];
      sim.state.collection<unknown>('tiktok', 'settings').set('failNext', fail.slice(1));
    }
    publishes.set(publish.id, publish);
    if (p.source === 'PULL_FROM_URL') ready(publish);
    return publish;
  }

  /** TikTok has what it needs: processing starts, and the post comes to exist (unless it will fail). */
  function ready(p: Publish) {
    p.readyAt = now();
    if (p.failReason) return;
    p.postId = numericId(19);
    sim.state.createPost(
      'tiktok',
      p.account,
      { ...p.data, publish_id: p.id, media_type: p.mediaType, post_mode: p.mode },
      {
        id: p.postId,
        kind: p.mode === 'inbox' ? 'inbox_draft' : p.mediaType === 'PHOTO' ? 'photo' : 'video',
      },
    );
  }

  function videoInit(mode: Publish['mode']) {
    return async (req: SimRequest) => {
      const denied = needScope(req, mode === 'inbox' ? 'video.upload' : 'video.publish');
      if (denied) return denied;
      const body = obj(req.body);
      const postInfo = obj(body.post_info);
      const source = obj(body.source_info);
      const problem = initProblem(req, mode, postInfo);
      if (problem) return problem;
      if (mode === 'direct') {
        const title = typeof postInfo.title === 'string' ? postInfo.title : '';
        if (title.length > 2200) return invalid('post_info.title is longer than 2200 characters.');
      }
      const data = mode === 'direct' ? { ...postInfo } : {};
      if (source.source === 'PULL_FROM_URL') {
        if (!verified(source.video_url))
          return tiktokError(
            403,
            'url_ownership_unverified',
            'The domain or URL prefix of video_url is not verified.',
          );
        // TikTok downloads the video itself; one it can not fetch fails the publish.
        const pulled = await allFetchable([String(source.video_url)]);
        const format = tiktokMediaRules.formats.video;
        const checked =
          pulled && format
            ? failReasonOf(await videoBreachesAt(String(source.video_url), format))
            : undefined;
        const failReason = pulled ? checked : 'video_pull_failed';
        const p = start(req, {
          mode,
          mediaType: 'VIDEO',
          source: 'PULL_FROM_URL',
          data: { ...data, video_url: source.video_url },
          ...(failReason ? { failReason } : {}),
        });
        return ok({ publish_id: p.id });
      }
      if (source.source !== 'FILE_UPLOAD')
        return invalid('source_info.source must be FILE_UPLOAD or PULL_FROM_URL');
      const size = Number(source.video_size);
      const chunk = Number(source.chunk_size);
      const count = Number(source.total_chunk_count);
      const bad = chunkProblem(size, chunk, count);
      if (bad) return invalid(bad);
      const uploadId = numericId(19);
      const uploadToken = randomToken('', 16);
      const p = start(req, {
        mode,
        mediaType: 'VIDEO',
        source: 'FILE_UPLOAD',
        data: { ...data, video_size: size },
        videoSize: size,
        chunkSize: chunk,
        chunkCount: count,
        uploadId,
        uploadToken,
        uploadExpiresAt: now() + 3_600_000,
      });
      uploads.set(uploadId, p.id);
      const q = new URLSearchParams({ upload_id: uploadId, upload_token: uploadToken });
      return ok({ publish_id: p.id, upload_url: `${sim.baseUrl('tiktok')}/video/?${q}` });
    };
  }

  r.post('/v2/post/publish/video/init', videoInit('direct'), { auth: true });
  r.post('/v2/post/publish/inbox/video/init', videoInit('inbox'), { auth: true });

  /** FILE_UPLOAD chunks of a video up to KEPT_MAX, held until the last one for TikTok's media rules. */
  const kept = new Map<string, Buffer[]>();
  const KEPT_MAX = 64 * 1024 * 1024;

  r.put('/video', async (req) => {
    const p = publishes.get(uploads.get(req.query.upload_id ?? '') ?? '');
    if (!p || p.uploadToken !== req.query.upload_token || now() > (p.uploadExpiresAt ?? 0))
      return tiktokError(404, 'invalid_params', 'The upload_url is invalid or has expired.');
    const type = String(req.headers['content-type'] ?? '');
    if (!/^video\/(mp4|quicktime|webm)/.test(type))
      return tiktokError(
        400,
        'invalid_file_upload',
        'Content-Type must be video/mp4, video/quicktime or video/webm.',
      );
    const m = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(String(req.headers['content-range'] ?? ''));
    if (!m)
      return tiktokError(400, 'invalid_file_upload', 'Content-Range must be bytes {first}-{last}/{total}.');
    const [first, last, total] = [Number(m[1]), Number(m[2]), Number(m[3])];
    const size = p.videoSize ?? 0;
    const chunk = p.chunkSize ?? size;
    const index = Math.round(first / chunk);
    const isLast = index === (p.chunkCount ?? 1) - 1;
    const expectedLast = isLast ? size - 1 : first + chunk - 1;
    if (total !== size)
      return tiktokError(400, 'invalid_file_upload', 'The total size differs from video_size.');
    if (first !== p.uploaded)
      return tiktokError(
        416,
        'invalid_file_upload',
        `Chunks go in order: the next chunk starts at byte ${p.uploaded}.`,
      );
    if (last !== expectedLast || req.rawBody.length !== last - first + 1)
      return tiktokError(
        400,
        'invalid_file_upload',
        `Chunk ${index} must be bytes ${first}-${expectedLast}.`,
      );
    p.uploaded = last + 1;
    if (size <= KEPT_MAX) kept.set(p.id, [...(kept.get(p.id) ?? []), req.rawBody]);
    if (!isLast) return json(206, '');
    // TikTok checks an uploaded video as it checks a pulled one: a breach fails the publish.
    const file = kept.get(p.id);
    kept.delete(p.id);
    const format = tiktokMediaRules.formats.video;
    if (file && format) {
      const failReason = failReasonOf(await videoBreachesOf(Buffer.concat(file), format));
      if (failReason) p.failReason = failReason;
    }
    ready(p);
    return json(201, '');
  });

  r.post(
    '/v2/post/publish/content/init',
    async (req) => {
      const body = obj(req.body);
      const mode = body.post_mode === 'MEDIA_UPLOAD' ? 'inbox' : 'direct';
      const denied = needScope(req, 'video.publish', 'video.upload');
      if (denied) return denied;
      if (body.media_type !== 'PHOTO') return invalid('media_type must be PHOTO');
      if (body.post_mode !== 'DIRECT_POST' && body.post_mode !== 'MEDIA_UPLOAD')
        return invalid('post_mode must be DIRECT_POST or MEDIA_UPLOAD');
      const postInfo = obj(body.post_info);
      const source = obj(body.source_info);
      const problem = initProblem(req, mode, postInfo);
      if (problem) return problem;
      const title = typeof postInfo.title === 'string' ? postInfo.title : '';
      const description = typeof postInfo.description === 'string' ? postInfo.description : '';
      if (title.length > 90) return invalid('post_info.title is longer than 90 characters.');
      if (description.length > 4000) return invalid('post_info.description is longer than 4000 characters.');
      if (source.source !== 'PULL_FROM_URL')
        return invalid('Photos are sent with source PULL_FROM_URL only.');
      const images = Array.isArray(source.photo_images) ? source.photo_images : [];
      if (images.length < 1 || images.length > 35) return invalid('photo_images takes 1 to 35 URLs.');
      const cover = Number(source.photo_cover_index ?? 0);
      if (!Number.isInteger(cover) || cover < 0 || cover >= images.length)
        return invalid('photo_cover_index must point into photo_images.');
      if (!images.every(verified))
        return tiktokError(
          403,
          'url_ownership_unverified',
          'The domain or URL prefix of a photo URL is not verified.',
        );
      const pulled = await allFetchable(images.map(String));
      const format = tiktokMediaRules.formats.photo;
      let checked: string | undefined;
      for (const url of pulled && format ? images.map(String) : []) {
        checked ??= failReasonOf(await imageBreachesAt(url, format as MediaFormat));
      }
      const failReason = pulled ? checked : 'photo_pull_failed';
      const p = start(req, {
        mode,
        mediaType: 'PHOTO',
        source: 'PULL_FROM_URL',
        data: { ...postInfo, photo_images: images, photo_cover_index: cover },
        ...(failReason ? { failReason } : {}),
      });
      return ok({ publish_id: p.id });
    },
    { auth: true },
  );

  r.post(
    '/v2/post/publish/status/fetch',
    (req) => {
      const denied = needScope(req, 'video.publish', 'video.upload');
      if (denied) return denied;
      const { token, account } = authOf(req);
      if (!withinRate(sim, 'status', token.value)) return rateLimited();
      const id = obj(req.body).publish_id;
      const p = publishes.get(typeof id === 'string' ? id : '');
      if (!p || p.account !== account.id) return invalid('publish_id is invalid.');
      return statusAnswer(p);
    },
    { auth: true },
  );

  /** The state of one publish now; the post id goes out as a bare int64, as TikTok sends it. */
  function statusAnswer(p: Publish): SimResponse {
    const s = settings(sim);
    const base = {
      uploaded_bytes: p.source === 'FILE_UPLOAD' ? p.uploaded : 0,
      downloaded_bytes: p.source === 'PULL_FROM_URL' ? 1 : 0,
      fail_reason: '',
      publicaly_available_post_id: [] as unknown[],
    };
    const processing = p.source === 'FILE_UPLOAD' ? 'PROCESSING_UPLOAD' : 'PROCESSING_DOWNLOAD';
    if (p.readyAt === undefined || now() < p.readyAt + s.processingMs)
      return ok({ ...base, status: processing });
    if (p.failReason) return ok({ ...base, status: 'FAILED', fail_reason: p.failReason });
    if (p.mode === 'inbox') return ok({ ...base, status: 'SEND_TO_USER_INBOX' });
    const released = now() >= p.readyAt + s.moderationMs + s.processingMs && p.postId;
    const text = JSON.stringify({
      data: { ...base, status: 'PUBLISH_COMPLETE', publicaly_available_post_id: released ? ['@ID@'] : [] },
      error: { code: 'ok', message: '', log_id: randomToken('', 12) },
    });
    return {
      status: 200,
      headers: { 'content-type': 'application/json; charset=UTF-8' },
      body: released ? text.replace('"@ID@"', p.postId ?? '') : text,
    };
  }
};
