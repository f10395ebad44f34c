/** Answer schemas of the media library routes (GET /v1/media, GET and DELETE /v1/media/{id}). */
import { Type } from 'typebox';

export const MediaFileSchema = Type.Object(
  {
    id: Type.String(),
    url: Type.String({ format: 'uri', description: 'The public URL to put in `mediaItems`.' }),
    type: Type.Enum(['image', 'video', 'gif', 'document'], {
      description: 'The MediaItem type of the file.',
    }),
    mimeType: Type.String({ description: 'As sniffed from the stored bytes.' }),
    filename: Type.String(),
    size: Type.Integer({ description: 'Bytes.' }),
    source: Type.Enum(['upload', 'ai'], {
      description: '`ai` for an image POST /v1/ai/image stored.',
    }),
    createdAt: Type.String({ format: 'date-time' }),
    uploadedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    usedBy: Type.Array(
      Type.Object({
        postId: Type.String(),
        status: Type.String(),
        excerpt: Type.String({ description: "The post's text, its first 80 characters (… when cut)." }),
      }),
      {
        description:
          'The posts that mention the file (in their media or anywhere in their request), newest first; at most 20 in a list, all when read one by one.',
      },
    ),
    deletable: Type.Boolean({
      description:
        'False while a post that is not published (including a failed one, which may be retried) or a running series uses the file.',
    }),
  },
  { $id: 'MediaFile' },
);

export const MediaIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 100 }) });

export const mediaFileExample = {
  id: 'media_0mhx2k3p0a1b2c3d4e5f6g7h8j',
  url: 'http://localhost:3000/v1/media/files/media_0mhx2k3p0a1b2c3d4e5f6g7h8j/launch.png',
  type: 'image',
  mimeType: 'image/png',
  filename: 'launch.png',
  size: 3145728,
  source: 'upload',
  createdAt: '2026-11-20T14:03:11.482Z',
  uploadedAt: '2026-11-20T14:03:15.006Z',
  usedBy: [
    {
      postId: 'post_mwugrs00k7q3xv9m2hd4wbnc8trfy6jpa5',
      status: 'scheduled',
      excerpt: 'Our spring launch is live: see the new menu',
    },
  ],
  deletable: false,
};
