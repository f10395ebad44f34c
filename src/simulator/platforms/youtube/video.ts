/**
 * The video resource as the YouTube simulator keeps and answers it: the metadata
 * checks of `videos.insert` (the real 400 reasons), the processing state machine
 * (`uploaded` until the processing time has passed on the simulator clock, then
 * `processed`, or `failed`/`rejected` when a test asks), and the JSON shape of
 * `youtube#video` with its `snippet`, `status` and `processingDetails` parts.
 */
import { randomBytes } from 'node:crypto';
import type { SimResponse } from '../../core/http.ts';
import type { Simulator } from '../../core/simulator-api.ts';
import type { SimAccount, SimPost } from '../../core/types.ts';
import { googleError } from '../_shared/google.ts';
import { postMetrics } from '../_shared/metrics.ts';
import { settingsOf } from './quota.ts';

/** What the simulator stores as a video post's data. */
export interface VideoData {
  snippet: Record<string, unknown> & { title: string; description: string };
  status: Record<string, unknown> & { privacyStatus: string };
  channelId: string;
  channelTitle: string;
  fileSize: number;
  /** Simulator clock time when processing ends. */
  processedAt: number;
  outcome: 'processed' | 'failed' | 'rejected';
  /** Why processing failed or the video was rejected (YouTube's status.failureReason / rejectionReason). */
  failureReason?: string;
  rejectionReason?: string;
  thumbnail?: { bytes: number; contentType: string };
}

/** An 11-character id from YouTube's alphabet. */
export const videoId = (): string => randomBytes(9).toString('base64url').slice(0, 11);

const CATEGORIES = new Set([
  '1',
  '2',
  '10',
  '15',
  '17',
  '19',
  '20',
  '22',
  '23',
  '24',
  '25',
  '26',
  '27',
  '28',
]);
const PRIVACY = new Set(['public', 'private', 'unlisted']);

const invalid = (reason: string, message: string, location?: string): SimResponse =>
  googleError(400, 'INVALID_ARGUMENT', message, [
    {
      message,
      domain: 'youtube.video',
      reason,
      ...(location ? { location, locationType: 'other' } : {}),
    },
  ]);

/** The `videos.insert` checks of the metadata body; undefined when it is fine. */
export function metadataProblem(body: unknown, nowMs: number): SimResponse | undefined {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const snippet = (b.snippet ?? {}) as Record<string, unknown>;
  const status = (b.status ?? {}) as Record<string, unknown>;
  const title = snippet.title;
  if (typeof title !== 'string' || title.trim() === '' || [...title].length > 100 || /[<>]/.test(title))
    return invalid(
      'invalidTitle',
      'The request metadata specifies an invalid or empty video title.',
      'body.snippet.title',
    );
  const description = snippet.description ?? '';
  if (typeof description !== 'string' || Buffer.byteLength(description) > 5000 || /[<>]/.test(description))
    return invalid(
      'invalidDescription',
      'The request metadata specifies an invalid video description.',
      'body.snippet.description',
    );
  const tags = snippet.tags ?? [];
  if (
    !Array.isArray(tags) ||
    tags.reduce((n: number, t) => n + (typeof t === 'string' ? [...t].length : 1000), 0) > 500
  )
    return invalid(
      'invalidTags',
      'The request metadata specifies invalid video keywords.',
      'body.snippet.tags',
    );
  if (snippet.categoryId !== undefined && !CATEGORIES.has(String(snippet.categoryId)))
    return invalid(
      'invalidCategoryId',
      'The snippet.categoryId property specifies an invalid category ID.',
      'body.snippet.categoryId',
    );
  const privacy = status.privacyStatus ?? 'public';
  if (typeof privacy !== 'string' || !PRIVACY.has(privacy))
    return invalid('invalidVideoMetadata', 'The request metadata is invalid.', 'body.status.privacyStatus');
  if (status.publishAt !== undefined) {
    const at = Date.parse(String(status.publishAt));
    if (privacy !== 'private' || Number.isNaN(at) || at <= nowMs)
      return invalid(
        'invalidPublishAt',
        'The request metadata specifies an invalid scheduled publishing time.',
        'body.status.publishAt',
      );
  }
  return undefined;
}

/** The stored data of a newly uploaded video from the session's metadata. */
export function newVideo(sim: Simulator, account: SimAccount, body: unknown, fileSize: number): VideoData {
  const b = (body ?? {}) as { snippet?: Record<string, unknown>; status?: Record<string, unknown> };
  const settings = settingsOf(sim);
  const snippet = b.snippet ?? {};
  const status = b.status ?? {};
  return {
    snippet: {
      ...snippet,
      title: String(snippet.title),
      description: String(snippet.description ?? ''),
      categoryId: String(snippet.categoryId ?? '22'),
    },
    status: {
      privacyStatus: String(status.privacyStatus ?? 'public'),
      license: String(status.license ?? 'youtube'),
      embeddable: status.embeddable ?? true,
      publicStatsViewable: status.publicStatsViewable ?? true,
      selfDeclaredMadeForKids: status.selfDeclaredMadeForKids === true,
      containsSyntheticMedia: status.containsSyntheticMedia === true,
      ...(status.publishAt ? { publishAt: status.publishAt } : {}),
    },
    channelId: account.channel?.id ?? `UC${account.id}`,
    channelTitle: account.channel?.title ?? account.name,
    fileSize,
    processedAt: sim.clock.now() + settings.processingMs,
    outcome: settings.processingOutcome,
  };
}

/** `uploaded` while processing, then what processing ended in. */
export function uploadStatus(sim: Simulator, v: VideoData): string {
  return sim.clock.now() < v.processedAt ? 'uploaded' : v.outcome;
}

/** The `youtube#video` resource with the parts asked for. */
export function videoResource(
  sim: Simulator,
  post: SimPost,
  parts: readonly string[],
): Record<string, unknown> {
  const v = post.data as unknown as VideoData;
  const state = uploadStatus(sim, v);
  const out: Record<string, unknown> = { kind: 'youtube#video', etag: `etag-${post.id}`, id: post.id };
  if (parts.includes('snippet'))
    out.snippet = {
      publishedAt: post.createdAt,
      channelId: v.channelId,
      channelTitle: v.channelTitle,
      liveBroadcastContent: 'none',
      thumbnails: {
        default: { url: `https://i.ytimg.invalid/vi/${post.id}/default.jpg`, width: 120, height: 90 },
      },
      ...v.snippet,
      localized: { title: v.snippet.title, description: v.snippet.description },
    };
  if (parts.includes('status'))
    out.status = {
      uploadStatus: state,
      ...v.status,
      madeForKids: v.status.selfDeclaredMadeForKids === true,
      ...(state === 'failed' ? { failureReason: v.failureReason ?? 'codec' } : {}),
      ...(state === 'rejected' ? { rejectionReason: v.rejectionReason ?? 'duplicate' } : {}),
    };
  if (parts.includes('processingDetails')) {
    const left = Math.max(0, v.processedAt - sim.clock.now());
    out.processingDetails =
      state === 'uploaded'
        ? {
            processingStatus: 'processing',
            // uint64 values travel as JSON strings in Google's APIs.
            processingProgress: { partsTotal: '1000', partsProcessed: '0', timeLeftMs: String(left) },
          }
        : state === 'failed'
          ? { processingStatus: 'failed', processingFailureReason: 'transcodeFailed' }
          : { processingStatus: 'succeeded', thumbnailsAvailability: 'available' };
  }
  // The counts of _shared/metrics.ts (views, likes, comments), as YouTube writes them: strings.
  if (parts.includes('statistics')) {
    const m = postMetrics(sim, post);
    out.statistics = {
      viewCount: String(m.views),
      likeCount: String(m.likes),
      favoriteCount: '0',
      commentCount: String(m.comments),
    };
  }
  return out;
}

/** 404 `videoNotFound`, as videos.update, videos.delete, thumbnails.set and commentThreads answer it. */
export const videoNotFound = (location = 'id'): SimResponse => {
  const message = 'The video that you are trying to access cannot be found.';
  return googleError(404, 'NOT_FOUND', message, [
    { message, domain: 'youtube.video', reason: 'videoNotFound', location, locationType: 'parameter' },
  ]);
};

/** 403 `forbidden`: the video belongs to another channel. */
export const forbidden = (message = 'The request is not properly authorized.'): SimResponse =>
  googleError(403, 'PERMISSION_DENIED', message, [{ message, domain: 'youtube.video', reason: 'forbidden' }]);

/** The caller's live video by id, or the answer that refuses it. */
export function ownVideo(
  sim: Simulator,
  account: SimAccount,
  id: string | undefined,
  location = 'id',
): SimPost | SimResponse {
  const post = id ? sim.state.getPost('youtube', id) : undefined;
  if (!post || post.deleted) return videoNotFound(location);
  if (post.accountId !== account.id) return forbidden();
  return post;
}

export const isResponse = (v: SimPost | SimResponse): v is SimResponse => 'status' in v && !('platform' in v);
