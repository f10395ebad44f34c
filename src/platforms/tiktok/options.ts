import { type Static, Type } from 'typebox';

/** TikTokConfigurations (interface.md). */
export const TikTokOptions = Type.Object(
  {
    privacyLevel: Type.Optional(
      Type.Enum(['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'FOLLOWER_OF_CREATOR', 'SELF_ONLY']),
    ),
    disableComment: Type.Optional(Type.Boolean()),
    disableDuet: Type.Optional(Type.Boolean()),
    disableStitch: Type.Optional(Type.Boolean()),
    brandContentToggle: Type.Optional(Type.Boolean()),
    brandOrganicToggle: Type.Optional(Type.Boolean()),
    isAigc: Type.Optional(Type.Boolean()),
    videoCoverTimestampMs: Type.Optional(Type.Number({ minimum: 0 })),
    autoAddMusic: Type.Optional(Type.Boolean()),
    photoCoverIndex: Type.Optional(Type.Number({ minimum: 0 })),
    description: Type.Optional(Type.String({ maxLength: 4000 })),
    draft: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false, $id: 'TikTokConfigurations' },
);
export type TikTokOptions = Static<typeof TikTokOptions>;
