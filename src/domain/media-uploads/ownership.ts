/**
 * Uploaded media belongs to the project that uploaded it: a post may use one of
 * the service's own media URLs only when its project uploaded that file and it is
 * still stored. Posts with no such URL cost no query.
 *
 * With the S3 driver the client PUTs straight to the bucket, so the service learns
 * of the upload here, the first time a post uses the URL: the object is looked up
 * and, when it is there, the upload is recorded as done with the stored size and type.
 */
import type { AppContext } from '../../context.ts';
import type { MediaUploadsTable } from '../../store/tables/media.ts';

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
  const rows = await ctx.store.db
    .selectFrom('media_uploads')
    .selectAll()
    .where('project_id', '=', projectId)
    .where('status', 'in', ['pending', 'uploaded'])
    .where(
      'public_url',
      'in',
      ours.map((x) => x.url),
    )
    .execute();
  const have = new Set<string>();
  for (const row of rows)
    if (row.status === 'uploaded' || (await confirmDirectUpload(ctx, row))) have.add(row.public_url);
  return ours
    .filter((x) => !have.has(x.url))
    .map(
      (x) =>
        `mediaItems[${x.i}].url is not a file this project uploaded (or it is not uploaded yet, or was deleted): ${x.url}`,
    );
}

/** A pending upload the client sent straight to the bucket: recorded as uploaded when the object is there. */
async function confirmDirectUpload(ctx: AppContext, row: MediaUploadsTable): Promise<boolean> {
  if (row.storage !== 's3' || ctx.mediaStore.driver !== 's3') return false;
  const stored = await ctx.mediaStore.stat(row.object_key);
  if (!stored || stored.size === 0) return false;
  if (row.declared_size !== null && stored.size !== row.declared_size) return false;
  await ctx.store.db
    .updateTable('media_uploads')
    .set({
      status: 'uploaded',
      size: stored.size,
      mime_type: stored.contentType ?? row.declared_mime,
      uploaded_at: ctx.now().toISOString(),
    })
    .where('id', '=', row.id)
    .where('status', '=', 'pending')
    .execute();
  return true;
}
