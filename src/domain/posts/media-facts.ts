/**
 * The media of a create or edit body, looked at before the post is stored: each
 * URL (and thumbnail) must be one publishing may fetch, and each item's size and
 * type are recorded so post records carry them from the start. The service's own
 * media URLs (uploads) are not fetched back: the project must have uploaded them,
 * and their facts come from the upload's record (one query for both).
 */
import type { AppContext } from '../../context.ts';
import type { MediaInput } from '../../platforms/shared/input.ts';
import { checkUploadedMedia, isUploadedMediaUrl } from '../media-uploads/ownership.ts';
import { type StoredMedia, toStoredMedia } from './types.ts';

export async function inspectPostMedia(
  ctx: AppContext,
  projectId: string,
  items: readonly MediaInput[],
): Promise<{ problems: string[]; media: StoredMedia[] }> {
  const problems: string[] = [];
  const media = toStoredMedia(items);
  const uploaded = await checkUploadedMedia(ctx, projectId, items);
  await Promise.all(
    items.map(async (item, i) => {
      if (isUploadedMediaUrl(ctx, item.url)) {
        const facts = uploaded.facts.get(item.url);
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
  return { problems: [...problems, ...uploaded.problems], media };
}

const indexOf = (problem: string) => Number(/^mediaItems\[(\d+)\]/.exec(problem)?.[1] ?? 0);
