/**
 * A draft's body as it is stored: the draft keeps its latest request in
 * `raw_request` (content, media, targets, recurrence), and the post and target
 * rows mirror it. Reading it back gives what scheduling checks and publishes.
 */
import type { MediaInput, TargetInput } from '../../platforms/shared/input.ts';
import type { CreatePostBody } from '../posts/create.ts';
import type { PostRow, StoredMedia, TargetRow } from '../posts/types.ts';

/** The body a draft (or a cancelled post) would be published with, from its rows. */
export function storedBody(post: PostRow, targets: readonly TargetRow[]): CreatePostBody {
  const raw = JSON.parse(post.raw_request) as Partial<CreatePostBody>;
  const media = (JSON.parse(post.media) as StoredMedia[]).map(
    (m): MediaInput => ({
      type: m.type as MediaInput['type'],
      url: m.url,
      ...(m.thumbnail ? { thumbnail: m.thumbnail } : {}),
    }),
  );
  const platforms = [...targets]
    .sort((a, b) => a.position - b.position)
    .map(
      (t): TargetInput => ({
        platform: t.platform as TargetInput['platform'],
        accountId: t.integration_id,
        ...(t.content !== null ? { content: t.content } : {}),
        platformSpecificData: JSON.parse(t.platform_specific_data) as Record<string, unknown>,
      }),
    );
  return {
    content: post.content,
    ...(media.length ? { mediaItems: media } : {}),
    platforms,
    ...(post.first_comment ? { firstComment: post.first_comment } : {}),
    // A post already in a series (a cancelled occurrence) goes on in it; only a new one starts a series.
    ...(raw.recurrence && !post.series_id ? { recurrence: raw.recurrence } : {}),
    ...(raw.variants && !post.series_id ? { variants: raw.variants } : {}),
  };
}
