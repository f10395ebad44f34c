/**
 * The local driver's side of an upload: the bytes of the one PUT a signed URL
 * allows, streamed to disk (never whole in memory) under the size limit, then
 * sniffed. Only a file that is what its upload announced (same sort of file, the
 * announced size if one was given) is moved into place; anything else is
 * refused with the reason and leaves nothing behind. A disk that is full or
 * failing is a 503 with Retry-After, not the client's fault; the URL stays usable.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, rmdir } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { AppContext } from '../../context.ts';
import { AppError, invalid } from '../../errors.ts';
import { readFileFactsAt } from '../../media/file-facts.ts';
import { fileType } from '../../media/file-type.ts';
import { diskFault, diskFaultError } from '../../media/storage/disk-errors.ts';
import { newId } from '../ids.ts';
import { sniffedFits } from './limits.ts';
import { commitUpload, openUpload, reopenUpload } from './records.ts';

export interface ReceiveInput {
  id: string;
  expires: string;
  signature: string;
  /** The request body as it arrives. */
  body: AsyncIterable<Uint8Array> | undefined;
  contentLength: number | undefined;
}

export interface Received {
  url: string;
  mimeType: string;
  size: number;
}

export async function receiveUpload(ctx: AppContext, input: ReceiveInput): Promise<Received> {
  const localPath = ctx.mediaStore.localPath;
  if (!localPath) throw new AppError('not_found', 'Uploads go straight to the storage bucket');
  const row = await openUpload(ctx, input.id, input.expires, input.signature);
  const limit = row.declared_size ?? ctx.config.MEDIA_MAX_BYTES;
  const finalPath = localPath(row.object_key);
  const finalDir = dirname(finalPath);
  const partPath = join(dirname(finalDir), `.part-${newId('up')}`);
  // Whether this PUT's directory may be removed when it fails: not once another PUT to the
  // same URL won (its file goes there), nor once this one's file is in place.
  let ownsDir = true;
  try {
    if (input.contentLength !== undefined && input.contentLength > limit)
      throw tooLarge(row.declared_size, limit, input.contentLength);
    if (!input.body) throw invalid('The upload is empty: send the file as the PUT body');
    const size = await writeLimited(input.body, partPath, limit, row.declared_size);
    if (size === 0) throw invalid('The upload is empty: send the file as the PUT body');
    if (row.declared_size !== null && size !== row.declared_size)
      throw invalid(`The upload is ${size} bytes but ${row.declared_size} were announced`);
    const sniffed = (await (await fileType()).fileTypeFromFile(partPath))?.mime;
    if (!sniffed || !sniffedFits(row.declared_mime, sniffed))
      throw invalid(
        `The uploaded bytes are ${sniffed ?? 'of an unrecognised type'}, not ${row.declared_mime} as announced`,
      );
    // Its dimensions or video facts, read now once, so create judges the file without reading it.
    const facts = await readFileFactsAt(partPath, { size, mimeType: sniffed });
    await mkdir(finalDir, { recursive: true, mode: 0o700 });
    ownsDir = false;
    await commitUpload(ctx, row.id, { mimeType: sniffed, size, facts });
    try {
      await rename(partPath, finalPath);
    } catch (err) {
      await reopenUpload(ctx, row.id);
      ownsDir = true;
      throw err;
    }
    return { url: row.public_url, mimeType: sniffed, size };
  } catch (err) {
    await rm(partPath, { force: true });
    // Only an empty directory goes: a file another PUT put there stays.
    if (ownsDir) await rmdir(finalDir).catch(() => {});
    const fault = diskFault(err);
    throw fault ? diskFaultError(fault) : err;
  }
}

function tooLarge(declared: number | null, limit: number, got: number | string): AppError {
  return new AppError(
    'too_large',
    declared !== null
      ? `The upload is larger than the ${declared} bytes announced (${got})`
      : `The upload is larger than the limit of ${limit} bytes (${got})`,
  );
}

async function writeLimited(
  body: AsyncIterable<Uint8Array>,
  path: string,
  limit: number,
  declared: number | null,
): Promise<number> {
  let size = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _enc, done) {
      size += chunk.byteLength;
      if (size > limit) done(tooLarge(declared, limit, `more than ${limit}`));
      else done(null, chunk);
    },
  });
  try {
    await pipeline(body, counter, createWriteStream(path, { mode: 0o600 }));
  } catch (err) {
    // A full or failing disk is the service's condition, answered as such by the caller.
    if (err instanceof AppError || diskFault(err)) throw err;
    throw invalid(`The upload did not arrive whole: ${(err as Error).message}`);
  }
  return size;
}
