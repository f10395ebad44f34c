/**
 * The media of a create or edit body, looked at before the post is stored: each
 * URL (and thumbnail) must be one publishing may fetch, and each item's size and
 * type are recorded so post records carry them from the start. The service's own
 * media URLs (uploads) are not fetched back: their facts come from the upload's
 * record, and whether the project may use them is uploadedMediaProblems' concern.
 */
import type { AppContext } from '../../context.ts';
import type { MediaInput } from '../../platforms/shared/input.ts';
import { type StoredMedia, toStoredMedia } from './types.ts';

export async function inspectPostMedia(
  ctx: AppContext,
  projectId: string,
  items: readonly MediaInput[],
): Promise<{ problems: string[]; media: StoredMedia[] }> {
  const problems: string[] = [];
  const media = toStoredMedia(items);
  const uploaded = await uploadedFacts(ctx, projectId, items);
  const ours = (url: string) => url.startsWith(ctx.mediaStore.publicUrl(''));
  await Promise.all(
    items.map(async (item, i) => {
      if (ours(item.url)) {
        const facts = uploaded.get(item.url);
        if (facts) Object.assign(media[i]!, facts);
        return;
      }
      const [main, thumb] = await Promise.all([
        ctx.media.inspect(item.url, item.type),
        item.thumbnail ? ctx.media.inspect(item.thumbnail, 'image') : undefined,
      ]);
      if ('refused' in main) problems.push(`mediaItems[${i}].url can not be used: ${main.refused}`);
      else Object.assign(media[i]!, main.facts);
      if (thumb && 'refused' in thumb)
        problems.push(`mediaItems[${i}].thumbnail can not be used: ${thumb.refused}`);
    }),
  );
  // Promise.all finishes in any order; the answer lists problems in body order.
  problems.sort((a, b) => indexOf(a) - indexOf(b));
  return { problems, media };
}

/** Size and type of the project's uploaded files among the items, by public URL. */
async function uploadedFacts(
  ctx: AppContext,
  projectId: string,
  items: readonly MediaInput[],
): Promise<Map<string, { size: number; mimeType: string }>> {
  const urls = items.map((i) => i.url).filter((u) => u.startsWith(ctx.mediaStore.publicUrl('')));
  if (urls.length === 0) return new Map();
  const rows = await ctx.store.db
    .selectFrom('media_uploads')
    .select(['public_url', 'size', 'declared_size', 'mime_type', 'declared_mime'])
    .where('project_id', '=', projectId)
    .where('public_url', 'in', urls)
    .execute();
  return new Map(
    rows.map((r) => [
      r.public_url,
      { size: r.size ?? r.declared_size ?? 0, mimeType: r.mime_type ?? r.declared_mime },
    ]),
  );
}

const indexOf = (problem: string) => Number(/^mediaItems\[(\d+)\]/.exec(problem)?.[1] ?? 0);
