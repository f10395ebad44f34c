/**
 * Uploaded media belongs to the project that uploaded it: a post may use one of
 * the service's own media URLs only when its project uploaded that file and it is
 * still stored. Posts with no such URL cost no query.
 */
import type { AppContext } from '../../context.ts';

interface MediaRef {
  url: string;
}

export async function uploadedMediaProblems(
  ctx: AppContext,
  projectId: string,
  items: readonly MediaRef[] | undefined,
): Promise<string[]> {
  const prefix = ctx.mediaStore.publicUrl('');
  const ours = (items ?? [])
    .map((item, i) => ({ url: item?.url, i }))
    .filter((x): x is { url: string; i: number } => typeof x.url === 'string' && x.url.startsWith(prefix));
  if (ours.length === 0) return [];
  const found = await ctx.store.db
    .selectFrom('media_uploads')
    .select('public_url')
    .where('project_id', '=', projectId)
    .where('status', '=', 'uploaded')
    .where(
      'public_url',
      'in',
      ours.map((x) => x.url),
    )
    .execute();
  const have = new Set(found.map((r) => r.public_url));
  return ours
    .filter((x) => !have.has(x.url))
    .map(
      (x) =>
        `mediaItems[${x.i}].url is not a file this project uploaded (or it is not uploaded yet, or was deleted): ${x.url}`,
    );
}
