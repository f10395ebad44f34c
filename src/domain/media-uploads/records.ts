/**
 * Upload records: a project asks for an upload URL (a `pending` row that belongs
 * to it), and the one PUT whose bytes arrive whole and are what was announced moves
 * the row to `uploaded`; a PUT refused or cut off changes nothing, so the client may
 * try again before the URL expires. A used URL answers 409, an expired one 403.
 */

import type { AppContext } from '../../context.ts';
import { AppError, invalid } from '../../errors.ts';
import type { FileFacts } from '../../media/file-facts.ts';
import { safeFilename } from '../../media/storage/types.ts';
import type { MediaUploadsTable } from '../../store/tables/media.ts';
import { recordAudit } from '../audit/record.ts';
import { newId } from '../ids.ts';
import { factsColumns } from './facts.ts';
import { ACCEPTED_TYPES_PHRASE, platformWarnings, uploadKind } from './limits.ts';

export interface UploadRequest {
  filename: string;
  mimeType: string;
  size?: number;
}

export interface UploadAnswer {
  uploadUrl: string;
  publicUrl: string;
  expiresAt: string;
  /** The MediaItem type to use for this file. */
  type: string;
  /** Platforms that will refuse this file (by its announced type and size). */
  warnings: string[];
}

export function checkTypeAndSize(ctx: AppContext, mimeType: string, size: number | undefined): void {
  if (!uploadKind(mimeType))
    throw invalid(`mimeType ${mimeType} is not accepted; upload one of ${ACCEPTED_TYPES_PHRASE}`);
  if (size !== undefined && size > ctx.config.MEDIA_MAX_BYTES)
    throw new AppError('too_large', `size ${size} is over the limit of ${ctx.config.MEDIA_MAX_BYTES} bytes`);
}

export async function createUpload(
  ctx: AppContext,
  projectId: string,
  req: UploadRequest,
): Promise<UploadAnswer> {
  const mimeType = req.mimeType.toLowerCase();
  checkTypeAndSize(ctx, mimeType, req.size);
  const now = ctx.now();
  const id = newId('media', now.getTime());
  const key = ctx.mediaStore.keyFor(id, req.filename);
  const expiresAt = new Date(now.getTime() + ctx.config.MEDIA_UPLOAD_URL_TTL_SECONDS * 1000);
  // Whole seconds: the signed URL carries the expiry in seconds.
  expiresAt.setUTCMilliseconds(0);
  const publicUrl = ctx.mediaStore.publicUrl(key);
  const uploadUrl = await ctx.mediaStore.uploadUrl({
    id,
    key,
    mimeType,
    ...(req.size !== undefined ? { size: req.size } : {}),
    expiresAt,
  });
  await ctx.store.db.transaction().execute(async (trx) => {
    await trx
      .insertInto('media_uploads')
      .values({
        id,
        project_id: projectId,
        source: 'upload',
        storage: ctx.mediaStore.driver,
        object_key: key,
        filename: safeFilename(req.filename),
        declared_mime: mimeType,
        declared_size: req.size ?? null,
        mime_type: null,
        size: null,
        status: 'pending',
        public_url: publicUrl,
        expires_at: expiresAt.toISOString(),
        uploaded_at: null,
        created_at: now.toISOString(),
      })
      .execute();
    await recordAudit(trx, ctx, {
      projectId,
      action: 'media.upload_started',
      object: { type: 'media', id, label: safeFilename(req.filename) },
      summary: { mimeType, size: req.size ?? null },
    });
  });
  return {
    uploadUrl,
    publicUrl,
    expiresAt: expiresAt.toISOString(),
    type: uploadKind(mimeType) ?? 'image',
    warnings: platformWarnings(mimeType, req.size),
  };
}

/**
 * Checks an upload URL before its bytes are read: the signature must be the
 * service's, the URL unexpired and unused. Nothing is written: a PUT that fails
 * on its way (a refused file, a cut connection, a full disk) leaves the URL as it
 * was, usable again until it expires, without a write to undo, which a full disk
 * would refuse too.
 */
export async function openUpload(
  ctx: AppContext,
  id: string,
  expires: string,
  signature: string,
): Promise<MediaUploadsTable> {
  const expiresSec = /^\d{1,12}$/.test(expires) ? Number(expires) : Number.NaN;
  const verify = ctx.mediaStore.verifyUpload;
  if (!verify || !Number.isFinite(expiresSec) || !verify(id, expiresSec, signature))
    throw new AppError('forbidden', 'The upload URL is not valid: its signature does not match');
  if (expiresSec * 1000 <= ctx.now().getTime())
    throw new AppError('forbidden', 'The upload URL has expired; ask POST /v1/media/upload for a new one');
  const row = await ctx.store.db
    .selectFrom('media_uploads')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) throw new AppError('not_found', 'Upload not found');
  if (!OPEN.includes(row.status)) throw usedError();
  return row;
}

/**
 * `uploading` is what earlier versions wrote while a PUT was in progress; a PUT
 * cut off then left its row so. Such a URL is open again like a pending one.
 */
const OPEN = ['pending', 'uploading'];

const usedError = () =>
  new AppError('conflict', 'The upload URL was already used; ask POST /v1/media/upload for a new one');

/**
 * Records the file of an upload as stored, once its bytes are whole and checked,
 * with what it is (facts.ts): the one write of a PUT. Of two PUTs to the same URL the first to get here wins;
 * the other is told the URL was used (409).
 */
export async function commitUpload(
  ctx: AppContext,
  id: string,
  stored: { mimeType: string; size: number; facts: FileFacts },
): Promise<void> {
  const res = await ctx.store.db
    .updateTable('media_uploads')
    .set({
      status: 'uploaded',
      mime_type: stored.mimeType,
      size: stored.size,
      ...factsColumns(stored.facts),
      uploaded_at: ctx.now().toISOString(),
    })
    .where('id', '=', id)
    .where('status', 'in', OPEN)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 0) throw usedError();
}

/** Opens the URL again after its file could not be put in place once recorded. */
export async function reopenUpload(ctx: AppContext, id: string): Promise<void> {
  await ctx.store.db
    .updateTable('media_uploads')
    .set({ status: 'pending', mime_type: null, size: null, ...factsColumns({}), uploaded_at: null })
    .where('id', '=', id)
    .where('status', '=', 'uploaded')
    .execute();
}

/** An uploaded object, for serving it. */
export async function findUploaded(
  ctx: AppContext,
  id: string,
  key: string,
): Promise<MediaUploadsTable | undefined> {
  return ctx.store.db
    .selectFrom('media_uploads')
    .selectAll()
    .where('id', '=', id)
    .where('object_key', '=', key)
    .where('status', '=', 'uploaded')
    .executeTakeFirst();
}
