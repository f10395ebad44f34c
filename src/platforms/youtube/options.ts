import { type Static, Type } from 'typebox';
import { MediaFittingOptions } from '../shared/options.ts';

/** YouTubeConfigurations (interface.md). */
export const YouTubeOptions = Type.Object(
  {
    ...MediaFittingOptions,
    title: Type.Optional(
      Type.String({
        maxLength: 100,
        description: 'At most 100 characters, no < or >. Default: the first 100 characters of the content.',
      }),
    ),
    tags: Type.Optional(Type.Array(Type.String(), { description: 'At most 500 characters in total.' })),
    visibility: Type.Optional(
      Type.Enum(['public', 'private', 'unlisted'], {
        default: 'public',
        description: 'Scheduled posts upload as private and become this value at publish time.',
      }),
    ),
    madeForKids: Type.Optional(
      Type.Boolean({
        default: false,
        description:
          'True permanently disables comments, the notification bell, personalized ads, end screens and cards.',
      }),
    ),
    containsSyntheticMedia: Type.Optional(
      Type.Boolean({ default: false, description: 'AI-generated content disclosure.' }),
    ),
    categoryId: Type.Optional(
      Type.String({
        pattern: '^[0-9]+$',
        default: '22',
        description:
          '1 Film & Animation, 10 Music, 20 Gaming, 22 People & Blogs, 27 Education, 28 Science & Technology.',
      }),
    ),
    firstComment: Type.Optional(
      Type.String({
        maxLength: 10000,
        description:
          'Posted after the video goes live: at once for publish-now posts, when it becomes public for scheduled ones.',
      }),
    ),
  },
  { additionalProperties: false, $id: 'YouTubeConfigurations' },
);
export type YouTubeOptions = Static<typeof YouTubeOptions>;
