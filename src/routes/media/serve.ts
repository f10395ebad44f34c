import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Type } from 'typebox';
import { findUploaded } from '../../domain/media-uploads/records.ts';
import { AppError } from '../../errors.ts';
import { defineRoute } from '../../http/route.ts';
import { parseRange } from './range.ts';

const gone = () => new AppError('not_found', 'Media not found');

/**
 * The public URL of media on the local driver: what platforms fetch when they pull
 * by URL (Instagram, Threads, TikTok photos...). Public like any CDN URL, typed
 * from the sniffed bytes, with byte ranges for video.
 */
export default defineRoute({
  method: 'GET',
  url: '/v1/media/files/:id/:filename',
  summary: 'Read an uploaded media file',
  tags: ['media'],
  auth: false,
  hidden: true,
  params: Type.Object({
    id: Type.String({ minLength: 1, maxLength: 100 }),
    filename: Type.String({ minLength: 1, maxLength: 200 }),
  }),
  response: { 200: Type.Unsafe({ type: 'string', format: 'binary' }) },
  errors: [404, 416, 503],
  handler: async ({ params, request, reply }, ctx) => {
    const localPath = ctx.mediaStore.localPath;
    if (!localPath) throw gone();
    const key = `${params.id}/${params.filename}`;
    const row = await findUploaded(ctx, params.id, key);
    if (!row?.mime_type) throw gone();
    const path = localPath(row.object_key);
    const file = await stat(path).catch(() => undefined);
    if (!file?.isFile()) throw gone();
    const range = parseRange(request.headers.range, file.size);
    reply
      .header('content-type', row.mime_type)
      .header('accept-ranges', 'bytes')
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'public, max-age=86400')
      .header('last-modified', file.mtime.toUTCString());
    if (range) {
      reply
        .status(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${file.size}`)
        .header('content-length', String(range.end - range.start + 1));
      return reply.send(createReadStream(path, { start: range.start, end: range.end }));
    }
    reply.header('content-length', String(file.size));
    return reply.send(createReadStream(path));
  },
});
