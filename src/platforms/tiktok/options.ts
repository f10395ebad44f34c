import { type Static, Type } from 'typebox';
import { MediaFittingOptions } from '../shared/options.ts';

/** TikTokConfigurations (interface.md). */
export const TikTokOptions = Type.Object(
  {
    ...MediaFittingOptions,
    privacyLevel: Type.Optional(
      Type.Enum(['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'FOLLOWER_OF_CREATOR', 'SELF_ONLY'], {
        default: 'PUBLIC_TO_EVERYONE',
        description: "One of the creator's privacyLevelOptions (GET /v1/tiktok/creator-info).",
      }),
    ),
    disableComment: Type.Optional(Type.Boolean({ default: false })),
    disableDuet: Type.Optional(Type.Boolean({ default: false, description: 'Videos only.' })),
    disableStitch: Type.Optional(Type.Boolean({ default: false, description: 'Videos only.' })),
    brandContentToggle: Type.Optional(
      Type.Boolean({ default: false, description: 'Paid partnership marker.' }),
    ),
    brandOrganicToggle: Type.Optional(
      Type.Boolean({ default: false, description: 'Organic brand promotion marker.' }),
    ),
    isAigc: Type.Optional(
      Type.Boolean({ default: false, description: 'AI-generated disclosure. Videos only.' }),
    ),
    videoCoverTimestampMs: Type.Optional(
      Type.Number({ minimum: 0, description: 'Cover frame time in milliseconds. Videos only.' }),
    ),
    autoAddMusic: Type.Optional(Type.Boolean({ default: true, description: 'Photo carousels only.' })),
    photoCoverIndex: Type.Optional(
      Type.Number({ minimum: 0, default: 0, description: '0-indexed cover image. Photo posts only.' }),
    ),
    description: Type.Optional(
      Type.String({
        maxLength: 4000,
        description: 'Photo or carousel posts only. When omitted, the post content is used.',
      }),
    ),
    draft: Type.Optional(
      Type.Boolean({
        default: false,
        description: "True sends the content to the creator's inbox as a draft instead of publishing it.",
      }),
    ),
  },
  { additionalProperties: false, $id: 'TikTokConfigurations' },
);
export type TikTokOptions = Static<typeof TikTokOptions>;
