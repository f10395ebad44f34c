/**
 * Uploaded media belongs to the project that uploaded it: a post may use one of
 * the service's own media URLs only when its project uploaded that file and its
 * file is still stored. Create and validate both check this. Posts with no such
 * URL cost no query.
 *
 * With the S3 driver the client PUTs straight to the bucket, so the service learns
 * of the upload here, the first time a post uses the URL: the object is looked up
 * and, when it is there, the upload is recorded as done with the stored size and type
 * and what the file is (its image or video facts, facts.ts), read then, once.
 */

import type { AppContext } from '../../context.ts';
import type { FileFacts } from '../../media/file-facts.ts';
import { fileType } from '../../media/file-type.ts';
import type { MediaUploadsTable } from '../../store/tables/media.ts';
import { factsColumns, factsOfRow, readStoredFacts } from './facts.ts';
import { sniffedFits } from './limits.ts';

interface MediaRef {
  url: string;
}

/**
 * What is known of one of the project's uploaded files (for the post record's media
 * items and the platforms' media rules): its size and type, and its dimensions or
 * video facts when they were read at upload.
 */
export interface UploadedFacts extends FileFacts {
  size: number;
  mimeType: string;
}

/** Whether a URL is one of the service's own media URLs (an upload's public URL). */
export const isUploadedMediaUrl = (ctx: AppContext, url: string): boolean =>
  url.startsWith(ctx.mediaStore.publicUrl(''));

/**
 * The service's own media URLs among the items, read with one query: a problem
 * for each the project may not use, and the size and type of each it may.
 */
export async function checkUploadedMedia(
  ctx: AppContext,
  projectId: string,
  items: readonly MediaRef[] | undefined,
): Promise<{ problems: string[]; facts: Map<string, UploadedFacts> }> {
  const facts = new Map<string, UploadedFacts>();
  const ours = (items ?? [])
    .map((item, i) => ({ url: item?.url, i }))
    .filter(
      (x): x is { url: string; i: number } => typeof x.url === 'string' && isUploadedMediaUrl(ctx, x.url),
    );
  if (ours.length === 0) return { problems: [], facts };
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
  const verdicts = new Map<string, string | true | undefined>();
  for (const row of rows) {
    const verdict =
      row.status === 'uploaded' ? await stillStored(ctx, row) : await confirmDirectUpload(ctx, row);
    verdicts.set(row.public_url, typeof verdict === 'object' ? true : verdict);
    if (typeof verdict === 'object') facts.set(row.public_url, factsOf(verdict));
  }
  const problems = ours.flatMap((x) => {
    const verdict = verdicts.get(x.url);
    if (verdict === true) return [];
    return [
      verdict
        ? `mediaItems[${x.i}].url ${verdict}: ${x.url}`
        : `mediaItems[${x.i}].url is not a file this project uploaded (or it is not uploaded yet, or was deleted): ${x.url}`,
    ];
  });
  return { problems, facts };
}

/**
 * An upload recorded as stored whose file is gone (a restore without the media
 * store, a file removed by hand) would fail every target at publish time: it is
 * refused now, by name.
 */
async function stillStored(ctx: AppContext, row: MediaUploadsTable): Promise<string | MediaUploadsTable> {
  if (await ctx.mediaStore.stat(row.object_key)) return row;
  return 'names an upload whose file is no longer stored (deleted, or not restored with the backup); upload it again';
}

/** An upload's size and type (as stored once known, else as announced) and the facts read at upload. */
const factsOf = (row: MediaUploadsTable): UploadedFacts => ({
  size: row.size ?? row.declared_size ?? 0,
  mimeType: row.mime_type ?? row.declared_mime,
  ...factsOfRow(row),
});

/**
 * A pending upload the client sent straight to the bucket: checked as the local
 * driver checks a PUT (size, and the type sniffed from its first bytes) and
 * recorded as uploaded with what the file is (its facts, read now, once); the row as
 * recorded when it is, else why not (undefined: not there yet).
 */
async function confirmDirectUpload(
  ctx: AppContext,
  row: MediaUploadsTable,
): Promise<string | MediaUploadsTable | undefined> {
  if (row.storage !== 's3' || ctx.mediaStore.driver !== 's3') return undefined;
  const stored = await ctx.mediaStore.stat(row.object_key);
  if (!stored || stored.size === 0) return undefined;
  if (row.declared_size !== null && stored.size !== row.declared_size)
    return `was uploaded with ${stored.size} bytes but ${row.declared_size} were announced`;
  if (stored.size > ctx.config.MEDIA_MAX_BYTES)
    return `is ${stored.size} bytes, over the limit of ${ctx.config.MEDIA_MAX_BYTES}`;
  const start = await ctx.mediaStore.readRange(row.object_key, 0, 4100);
  const sniffed = start ? (await (await fileType()).fileTypeFromBuffer(start))?.mime : undefined;
  if (!sniffed || !sniffedFits(row.declared_mime, sniffed))
    return `holds ${sniffed ?? 'bytes of an unrecognised type'}, not ${row.declared_mime} as announced`;
  const facts = await readStoredFacts(ctx, row.object_key, { size: stored.size, mimeType: sniffed });
  const recorded = {
    status: 'uploaded',
    size: stored.size,
    mime_type: sniffed,
    ...factsColumns(facts),
    uploaded_at: ctx.now().toISOString(),
  };
  // Of two creates confirming at once one writes; both read the same file, so both answer the same facts.
  await ctx.store.db
    .updateTable('media_uploads')
    .set(recorded)
    .where('id', '=', row.id)
    .where('status', '=', 'pending')
    .execute();
  return { ...row, ...recorded };
}
