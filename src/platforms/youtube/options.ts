import { type Static, Type } from 'typebox';

/** YouTubeConfigurations (interface.md). */
export const YouTubeOptions = Type.Object(
  {
    title: Type.Optional(Type.String({ maxLength: 100, description: 'At most 100 characters, no < or >.' })),
    tags: Type.Optional(Type.Array(Type.String(), { description: 'At most 500 characters in total.' })),
    visibility: Type.Optional(Type.Enum(['public', 'private', 'unlisted'])),
    madeForKids: Type.Optional(Type.Boolean()),
    containsSyntheticMedia: Type.Optional(Type.Boolean()),
    categoryId: Type.Optional(
      Type.String({ pattern: '^[0-9]+$', description: 'Default 22 (People & Blogs).' }),
    ),
    firstComment: Type.Optional(Type.String({ maxLength: 10000 })),
  },
  { additionalProperties: false, $id: 'YouTubeConfigurations' },
);
export type YouTubeOptions = Static<typeof YouTubeOptions>;
