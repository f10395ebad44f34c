import { type Static, Type } from 'typebox';
import { MediaItemSchema } from '../shared/options.ts';

/** TwitterConfigurations (interface.md). */
export const TwitterOptions = Type.Object(
  {
    communityId: Type.Optional(Type.String({ description: 'Community to publish into.' })),
    shareWithFollowers: Type.Optional(Type.Boolean()),
    replyToTweetId: Type.Optional(Type.String({ minLength: 1 })),
    replySettings: Type.Optional(Type.Enum(['following', 'mentionedUsers', 'subscribers', 'verified'])),
    threadItems: Type.Optional(
      Type.Array(
        Type.Object(
          {
            content: Type.String({ description: 'At most 280 characters as X counts them.' }),
            mediaItems: Type.Optional(Type.Array(MediaItemSchema)),
          },
          { additionalProperties: false },
        ),
      ),
    ),
    poll: Type.Optional(
      Type.Object(
        {
          options: Type.Array(Type.String(), { minItems: 2, maxItems: 4 }),
          durationMinutes: Type.Number({ minimum: 5, maximum: 10080 }),
        },
        { additionalProperties: false },
      ),
    ),
  },
  { additionalProperties: false, $id: 'TwitterConfigurations' },
);
export type TwitterOptions = Static<typeof TwitterOptions>;
