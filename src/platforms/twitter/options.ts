import { type Static, Type } from 'typebox';
import { MediaFittingOptions, MediaItemSchema } from '../shared/options.ts';

/** TwitterConfigurations (interface.md). */
export const TwitterOptions = Type.Object(
  {
    ...MediaFittingOptions,
    communityId: Type.Optional(Type.String({ description: 'Community to publish into.' })),
    shareWithFollowers: Type.Optional(
      Type.Boolean({ description: 'When posting to a Community, also share with followers.' }),
    ),
    replyToTweetId: Type.Optional(Type.String({ minLength: 1, description: 'Tweet to reply to.' })),
    replySettings: Type.Optional(
      Type.Enum(['following', 'mentionedUsers', 'subscribers', 'verified'], {
        description: 'Who may reply. Default: everyone.',
      }),
    ),
    threadItems: Type.Optional(
      Type.Array(
        Type.Object(
          {
            content: Type.String({ description: 'At most 280 characters as X counts them.' }),
            mediaItems: Type.Optional(Type.Array(MediaItemSchema)),
          },
          { additionalProperties: false },
        ),
        { description: 'Tweets chained after the root tweet (which uses the post content).' },
      ),
    ),
    longPost: Type.Optional(
      Type.Boolean({
        description:
          "Opt in to a long post (over 280 characters): the 280 check is skipped and X accepts up to 25,000 characters from eligible (Premium, Premium+) accounts. An account that is not eligible is refused by X, with X's reason as the target's error. threadItems keep 280 each.",
      }),
    ),
    poll: Type.Optional(
      Type.Object(
        {
          options: Type.Array(Type.String(), { minItems: 2, maxItems: 4 }),
          durationMinutes: Type.Number({ minimum: 5, maximum: 10080 }),
        },
        { additionalProperties: false, description: 'Cannot be combined with media or threadItems.' },
      ),
    ),
  },
  { additionalProperties: false, $id: 'TwitterConfigurations' },
);
export type TwitterOptions = Static<typeof TwitterOptions>;
