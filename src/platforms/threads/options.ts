import { type Static, Type } from 'typebox';
import { MediaFittingOptions } from '../shared/options.ts';

/** ThreadsConfigurations (interface.md). */
export const ThreadsOptions = Type.Object(
  {
    ...MediaFittingOptions,
    replyControl: Type.Optional(
      Type.Enum(['everyone', 'accounts_you_follow', 'mentioned_only'], { default: 'everyone' }),
    ),
    altText: Type.Optional(Type.Array(Type.String(), { description: 'Alt text per image, in media order.' })),
  },
  { additionalProperties: false, $id: 'ThreadsConfigurations' },
);
export type ThreadsOptions = Static<typeof ThreadsOptions>;
