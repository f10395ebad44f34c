/** Schema pieces shared by the platforms' platformSpecificData schemas. */
import { Type } from 'typebox';

export const Uri = (description?: string) =>
  Type.String({ format: 'uri', ...(description ? { description } : {}) });

/** MediaItem of the interface (request side); also used inside X thread items. */
export const MediaItemSchema = Type.Object(
  {
    type: Type.Enum(['image', 'video', 'gif', 'document']),
    url: Uri('Location of the media.'),
    thumbnail: Type.Optional(
      Uri('Thumbnail image for video items (YouTube regular videos): JPEG, PNG or GIF, ≤2 MB, ≥640 px wide.'),
    ),
  },
  { description: 'A media attachment.' },
);

/**
 * How this target's media is fitted when its platform would refuse it (media-check.ts):
 * the same fields as the post's, overriding them for one target.
 */
export const MediaFittingOptions = {
  fit: Type.Optional(
    Type.Enum(['pad', 'crop'], {
      description:
        'How media is fitted to an aspect ratio this platform accepts when it is converted: `pad` (default: a blurred border, nothing cut) or `crop` (centre). Overrides the post\u2019s `fit`.',
    }),
  ),
  trim: Type.Optional(
    Type.Boolean({
      description:
        'True: a video longer than this platform allows is trimmed to its limit instead of refused. Overrides the post\u2019s `trim`.',
    }),
  ),
};
