import { Type } from 'typebox';
import { createUpload } from '../../domain/media-uploads/records.ts';
import { defineRoute } from '../../http/route.ts';

const EXAMPLE_ANSWER = {
  success: true,
  data: {
    uploadUrl:
      'http://localhost:3000/v1/media/uploads/media_0mhx2k3p0a1b2c3d4e5f6g7h8j?expires=1795000000&signature=9f2c41d7a8e3b6055c1f9a2e7d4b8c3f0a6e9d2b5c8f1a4e7d0b3c6f9a2e5d8b',
    publicUrl: 'http://localhost:3000/v1/media/files/media_0mhx2k3p0a1b2c3d4e5f6g7h8j/launch.png',
    expiresAt: '2026-11-24T16:15:00.000Z',
    type: 'image',
    warnings: ['bluesky: Bluesky takes images up to 2,000,000 bytes; this file is 3145728 bytes'],
  },
};

export default defineRoute({
  method: 'POST',
  url: '/v1/media/upload',
  access: 'draft',
  summary: 'Get a URL to upload a media file to',
  description:
    'Answers a short-lived, single-use `uploadUrl` and the `publicUrl` to put in `mediaItems`. Send the file ' +
    'as the body of `PUT uploadUrl` with its Content-Type (no access key: the URL is the credential); the PUT ' +
    'answers 200 with the stored type and size, 400 when the bytes are not the announced type or size, 403 ' +
    'when the URL is expired or altered, 409 when it was already used, 413 when the file is too large. The ' +
    'type and size are checked now and again on the bytes; `warnings` names the platforms that will refuse ' +
    'such a file. Uploaded media no post uses is deleted after MEDIA_RETENTION_DAYS.',
  tags: ['media'],
  body: Type.Object(
    {
      filename: Type.String({
        minLength: 1,
        maxLength: 255,
        description: 'The file name (kept in the URL, made safe).',
      }),
      mimeType: Type.String({
        minLength: 3,
        maxLength: 200,
        description:
          'image/jpeg, image/png, image/gif, image/webp, video/mp4, video/quicktime, video/webm, application/pdf, Word or PowerPoint.',
      }),
      size: Type.Optional(
        Type.Integer({
          minimum: 1,
          description: 'The exact size in bytes; when given, the upload must have it.',
        }),
      ),
    },
    {
      additionalProperties: false,
      examples: [{ filename: 'launch.png', mimeType: 'image/png', size: 3145728 }],
    },
  ),
  response: {
    200: Type.Object(
      {
        success: Type.Boolean(),
        data: Type.Object({
          uploadUrl: Type.String({ format: 'uri' }),
          publicUrl: Type.String({ format: 'uri' }),
          expiresAt: Type.String({ format: 'date-time' }),
          type: Type.String({ description: 'The MediaItem type for this file.' }),
          warnings: Type.Array(Type.String()),
        }),
      },
      { examples: [EXAMPLE_ANSWER] },
    ),
  },
  errors: [413],
  handler: async ({ body, caller }, ctx) => ({
    success: true,
    data: await createUpload(ctx, caller.projectId, body),
  }),
});
