/** The Post record of the interface and the stored shapes it is built from. */

import { guessMimeType } from '../../media/inspect.ts';
import type { MediaInput } from '../../platforms/shared/input.ts';
import type { PostsTable, PostTargetsTable } from '../../store/tables/posts.ts';
import { type EditView, editView, parseEdit, warningWithEdit } from '../published-edits/state.ts';
import { parseLedger } from '../publishing/state.ts';
import type { TargetDerivative } from '../publishing/target-media.ts';
import { toIso } from '../time.ts';

/** The target went out to the sandbox simulator (recorded when it was published). */
export const publishedToSandbox = (t: { status: string; ledger: string | null }): boolean =>
  t.status === 'published' && parseLedger(t.ledger).created?.sandbox === true;

/**
 * A media item as stored on the post; size and mimeType come from the URL's
 * headers at create (media-facts.ts). Posts stored before that have them null.
 */
export interface StoredMedia {
  type: string;
  url: string;
  thumbnail: string | null;
  filename: string | null;
  size: number | null;
  mimeType: string | null;
  /**
   * Image dimensions from the file's header at create; a video's frame, length,
   * codecs and bitrate from its MP4/MOV header boxes (media/mp4-url.ts). Absent when
   * not known (another format, a server without ranges, older posts).
   */
  width?: number;
  height?: number;
  durationSec?: number;
  videoCodec?: string;
  audioCodec?: string;
  bitrate?: number;
  fps?: number;
}

/** What the platforms' media rules are told of a stored item: the facts known (zero or absent: unknown). */
export function mediaFactsOf(m: StoredMedia): NonNullable<MediaInput['facts']> {
  const f: NonNullable<MediaInput['facts']> = {};
  if (m.size) f.size = m.size;
  if (m.mimeType) f.mimeType = m.mimeType;
  if (m.width) f.width = m.width;
  if (m.height) f.height = m.height;
  if (m.durationSec) f.durationSec = m.durationSec;
  if (m.videoCodec) f.videoCodec = m.videoCodec;
  if (m.audioCodec) f.audioCodec = m.audioCodec;
  if (m.bitrate) f.bitrate = m.bitrate;
  if (m.fps) f.fps = m.fps;
  return f;
}

/** What became of the first comment on one target (routes/posts/schemas.ts FirstCommentResultSchema). */
export interface FirstCommentResult {
  status: 'pending' | 'posted' | 'failed' | 'skipped';
  commentId?: string;
}

/**
 * The first comment of target `t`: skipped when the post has one its platform
 * can not post; otherwise from the target's ledger. Undefined when there is none.
 */
export function firstCommentResult(
  post: { first_comment: string | null },
  t: { status: string; first_comment: string | null; ledger: string | null },
): FirstCommentResult | undefined {
  // Rows read before migration 0220 (or with a column list) may lack the columns: none.
  if (!t.first_comment) return post.first_comment ? { status: 'skipped' } : undefined;
  const c = parseLedger(t.ledger).firstComment;
  if (c?.commentId) return { status: 'posted', commentId: c.commentId };
  // A target that ended without the comment (failed, or published before it was confirmed live) did not post it.
  if (c?.failed || c?.handledByPublish || t.status === 'failed' || t.status === 'published')
    return { status: 'failed' };
  return { status: 'pending' };
}

export interface TargetResult {
  platform: string;
  /** The account this result is for, as the webhook's `data.platforms[].integrationId`. */
  integrationId: string;
  /** Present (true) when the target was published to the sandbox simulator, not the real platform. */
  sandbox?: true;
  status: string;
  content: string | null;
  platformPostId: string | null;
  platformPostUrl: string | null;
  publishedAt: string | null;
  errorMessage: string | null;
  warningMessage: string | null;
  /** Only once the target was edited after publishing: its latest edit. */
  edit?: EditView;
  firstComment?: FirstCommentResult;
  /** The derivatives the target published instead of originals its platform would refuse. */
  convertedMedia?: TargetDerivative[];
}

export interface PostRecord {
  postId: string;
  content: string;
  status: string;
  scheduledFor: string | null;
  timezone: string;
  mediaItems: {
    type: string;
    url: string;
    /** Only when the request gave one. */
    thumbnail?: string;
    filename: string | null;
    size: number;
    mimeType: string;
  }[];
  platforms: TargetResult[];
  /** The post's own first comment, when it has one. */
  firstComment?: string;
  crosspostingEnabled: boolean;
  /** Only for occurrences of a recurring series. */
  seriesId?: string;
  rawRequestBody: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
}

export type PostRow = PostsTable;
export type TargetRow = PostTargetsTable;

export function toPostRecord(post: PostRow, targets: readonly TargetRow[]): PostRecord {
  const media = JSON.parse(post.media) as StoredMedia[];
  return {
    postId: post.id,
    content: post.content,
    status: post.status,
    scheduledFor: toIso(post.scheduled_for),
    timezone: post.timezone,
    // Clients validate size and mimeType as never null: older rows answer what the URL suggests.
    mediaItems: media.map((m) => ({
      type: m.type,
      url: m.url,
      ...(m.thumbnail ? { thumbnail: m.thumbnail } : {}),
      filename: m.filename,
      size: m.size ?? 0,
      mimeType: m.mimeType ?? guessMimeType(m.url, m.type),
    })),
    platforms: [...targets]
      .sort((a, b) => a.position - b.position)
      .map((t) => {
        const edit = parseEdit(t.edit);
        const firstComment = firstCommentResult(post, t);
        const converted = t.ledger ? parseLedger(t.ledger).media : undefined;
        return {
          platform: t.platform,
          integrationId: t.integration_id,
          status: t.status,
          // Null when the target has no text of its own: the top-level content applies.
          content: t.content,
          platformPostId: t.platform_post_id,
          platformPostUrl: t.platform_post_url,
          publishedAt: toIso(t.published_at),
          errorMessage: t.error_message,
          warningMessage: warningWithEdit(t.warning_message, edit),
          ...(publishedToSandbox(t) ? { sandbox: true as const } : {}),
          ...(edit ? { edit: editView(edit) } : {}),
          ...(firstComment ? { firstComment } : {}),
          ...(converted?.length ? { convertedMedia: converted } : {}),
        };
      }),
    ...(post.first_comment ? { firstComment: post.first_comment } : {}),
    crosspostingEnabled: targets.length > 1,
    ...(post.series_id ? { seriesId: post.series_id } : {}),
    rawRequestBody: JSON.parse(post.raw_request) as Record<string, unknown>,
    createdAt: toIso(post.created_at) ?? post.created_at,
    updatedAt: toIso(post.updated_at) ?? post.updated_at,
  };
}

/** Media of a request as stored: the file name comes from the URL; size and type from the media fetch later. */
export function toStoredMedia(
  items: readonly { type: string; url: string; thumbnail?: string }[],
): StoredMedia[] {
  return items.map((m) => ({
    type: m.type,
    url: m.url,
    thumbnail: m.thumbnail ?? null,
    filename: fileNameOf(m.url),
    size: null,
    mimeType: null,
  }));
}

function fileNameOf(url: string): string | null {
  try {
    const last = new URL(url).pathname.split('/').pop() ?? '';
    return last ? decodeURIComponent(last) : null;
  } catch {
    return null;
  }
}
