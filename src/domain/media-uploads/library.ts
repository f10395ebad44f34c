/**
 * The project's media library: the files it uploaded (or the AI endpoint stored
 * for it) that are stored now, newest first, each with the posts that use it; and
 * deleting one no unfinished post or running series needs, file and all. Uploads
 * whose bytes never arrived are not files yet and are left to the retention sweep.
 */
import type { AppContext } from '../../context.ts';
import { AppError, notFound } from '../../errors.ts';
import type { MediaUploadsTable } from '../../store/tables/media.ts';
import { uploadKind } from './limits.ts';
import { isFinished, type MediaUser, postsUsing, seriesUsing } from './usage.ts';

export interface MediaFile {
  id: string;
  url: string;
  /** The MediaItem type to use for this file. */
  type: string;
  mimeType: string;
  filename: string;
  size: number;
  /** upload, or ai for an image the AI endpoint made. */
  source: string;
  createdAt: string;
  uploadedAt: string | null;
  /** The posts that mention the file, newest first. */
  usedBy: MediaUser[];
  /** False while a post that is not published yet (or a running series) uses it. */
  deletable: boolean;
}

/** How many posts per file the list shows; a file used more often is rare and reads in full one by one. */
const USERS_IN_LIST = 20;

async function describe(ctx: AppContext, row: MediaUploadsTable, usersLimit: number): Promise<MediaFile> {
  const usedBy = await postsUsing(ctx, row.project_id, row.public_url, usersLimit);
  const series = await seriesUsing(ctx, row.project_id, row.public_url);
  const mimeType = row.mime_type ?? row.declared_mime;
  return {
    id: row.id,
    url: row.public_url,
    type: uploadKind(mimeType) ?? 'document',
    mimeType,
    filename: row.filename,
    size: row.size ?? row.declared_size ?? 0,
    source: row.source,
    createdAt: row.created_at,
    uploadedAt: row.uploaded_at,
    usedBy,
    deletable: series.length === 0 && usedBy.every(isFinished),
  };
}

// Media converted for a platform is not the project's library: it is listed with its post
// (each target's convertedMedia) and goes with it.
const stored = (ctx: AppContext, projectId: string) =>
  ctx.store.db
    .selectFrom('media_uploads')
    .where('project_id', '=', projectId)
    .where('status', '=', 'uploaded')
    .where('source', '!=', 'derivative');

export async function listMedia(
  ctx: AppContext,
  projectId: string,
  page: { limit: number; offset: number },
): Promise<{ total: number; media: MediaFile[] }> {
  const counted = await stored(ctx, projectId)
    .select((eb) => eb.fn.countAll<number | string>().as('n'))
    .executeTakeFirstOrThrow();
  const rows = await stored(ctx, projectId)
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
  const media: MediaFile[] = [];
  for (const row of rows) media.push(await describe(ctx, row, USERS_IN_LIST));
  return { total: Number(counted.n), media };
}

async function findStored(ctx: AppContext, projectId: string, id: string): Promise<MediaUploadsTable> {
  // Another project's file answers as a missing one: ids are not secrets, but nothing says whose they are.
  const row = await stored(ctx, projectId).selectAll().where('id', '=', id).executeTakeFirst();
  if (!row) throw notFound('Media');
  return row;
}

export async function readMedia(ctx: AppContext, projectId: string, id: string): Promise<MediaFile> {
  return describe(ctx, await findStored(ctx, projectId, id), 1000);
}

/**
 * Deletes a stored file no post still to be published needs. The object goes
 * first, then the record (as the retention sweep does): a record marked deleted
 * never points at a file that stayed. Published posts keep their text; the
 * platforms hold their own copies of the media.
 */
export async function deleteMedia(ctx: AppContext, projectId: string, id: string): Promise<void> {
  const row = await findStored(ctx, projectId, id);
  const file = await describe(ctx, row, 1000);
  const waiting = file.usedBy.filter((u) => !isFinished(u));
  if (waiting.length > 0)
    throw new AppError(
      'conflict',
      `This file is used by ${waiting.length === 1 ? 'a post' : `${waiting.length} posts`} not published yet ` +
        `(${waiting
          .slice(0, 5)
          .map((u) => `${u.postId}: ${u.status}`)
          .join(
            ', ',
          )}${waiting.length > 5 ? ', …' : ''}); delete ${waiting.length === 1 ? 'that post' : 'those posts'} or let them publish first`,
    );
  const series = await seriesUsing(ctx, projectId, row.public_url);
  if (series.length > 0)
    throw new AppError(
      'conflict',
      `This file is used by the recurring series ${series.join(', ')}, whose next occurrences publish it; end it (DELETE /v1/series/{seriesId}) first`,
    );
  if (row.storage !== ctx.mediaStore.driver)
    throw new AppError(
      'conflict',
      `This file is kept in ${row.storage} storage, but the service now stores media in ${ctx.mediaStore.driver}; it can not be deleted from here`,
    );
  await ctx.mediaStore.delete(row.object_key);
  await ctx.store.db
    .updateTable('media_uploads')
    .set({ status: 'deleted' })
    .where('id', '=', row.id)
    .where('project_id', '=', projectId)
    .execute();
}
