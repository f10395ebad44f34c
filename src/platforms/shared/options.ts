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
