import { Type } from 'typebox';
import { receiveUpload } from '../../domain/media-uploads/receive.ts';
import { defineRoute } from '../../http/route.ts';

/** The local driver's signed upload URL: the URL is the credential, so no access key. */
export default defineRoute({
  method: 'PUT',
  url: '/v1/media/uploads/:id',
  summary: 'Upload the file of a signed upload URL',
  tags: ['media'],
  auth: false,
  hidden: true,
  rawBody: true,
  params: Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) }),
  query: Type.Object({
    expires: Type.String({ minLength: 1, maxLength: 20 }),
    signature: Type.String({ minLength: 1, maxLength: 200 }),
  }),
  response: {
    200: Type.Object({
      success: Type.Boolean(),
      data: Type.Object({ url: Type.String(), mimeType: Type.String(), size: Type.Integer() }),
    }),
  },
  errors: [403, 404, 409, 413, 503],
  handler: async ({ params, query, request }, ctx) => {
    const length = request.headers['content-length'];
    const data = await receiveUpload(ctx, {
      id: params.id,
      expires: query.expires,
      signature: query.signature,
      body: request.body as AsyncIterable<Uint8Array> | undefined,
      contentLength: length !== undefined && /^\d+$/.test(length) ? Number(length) : undefined,
    });
    return { success: true, data };
  },
});
