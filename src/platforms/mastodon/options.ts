import { type Static, Type } from 'typebox';
import { MediaFittingOptions, MediaItemSchema } from '../shared/options.ts';

/** MastodonConfigurations: the fields of a status (POST /api/v1/statuses) the service sets. */
export const MastodonOptions = Type.Object(
  {
    ...MediaFittingOptions,
    visibility: Type.Optional(
      Type.Enum(['public', 'unlisted', 'private', 'direct'], {
        description:
          "Who sees the status: public, unlisted (not in public timelines), private (followers only) or direct (mentioned accounts only). Absent: the account's default.",
      }),
    ),
    spoilerText: Type.Optional(
      Type.String({
        maxLength: 5000,
        description: 'Content warning shown in place of the text until opened (`spoiler_text`).',
      }),
    ),
    sensitive: Type.Optional(
      Type.Boolean({ description: 'Marks the media as sensitive (hidden behind a warning).' }),
    ),
    language: Type.Optional(
      Type.String({ pattern: '^[a-z]{2,3}$', description: 'ISO 639 language code of the status.' }),
    ),
    altText: Type.Optional(
      Type.Array(Type.String(), {
        description: "Alt text per media item, in media order (the instance's description limit applies).",
      }),
    ),
    poll: Type.Optional(
      Type.Object(
        {
          options: Type.Array(Type.String({ minLength: 1 }), { minItems: 2 }),
          expiresInSeconds: Type.Integer({ minimum: 300 }),
          multiple: Type.Optional(Type.Boolean()),
          hideTotals: Type.Optional(Type.Boolean()),
        },
        {
          additionalProperties: false,
          description:
            "A poll instead of media; the instance's limits apply (options, characters per option, duration).",
        },
      ),
    ),
    threadItems: Type.Optional(
      Type.Array(
        Type.Object(
          {
            content: Type.String({
              description: "The reply's text; the instance's character limit applies.",
            }),
            mediaItems: Type.Optional(Type.Array(MediaItemSchema)),
          },
          { additionalProperties: false },
        ),
        { description: 'Statuses chained as replies after the first one (which uses the post content).' },
      ),
    ),
  },
  { additionalProperties: false, $id: 'MastodonConfigurations' },
);
export type MastodonOptions = Static<typeof MastodonOptions>;
