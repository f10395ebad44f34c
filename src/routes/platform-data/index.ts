import { Type } from 'typebox';
import { accountOrOnly, withIntegration } from '../../domain/integrations/with-credentials.ts';
import { defineRoute } from '../../http/route.ts';
import type { PlatformLookups } from '../../platforms/module.ts';
import type { Platform } from '../../platforms/names.ts';
import { withExample } from '../examples.ts';

const AccountQuery = Type.Object(
  {
    accountId: Type.Optional(
      Type.String({
        minLength: 1,
        description:
          "The integration id. Optional: without it the project's only account of the platform is used; " +
          'with several, the answer is 400 naming them.',
      }),
    ),
  },
  { additionalProperties: false },
);

/** Rate limits of the platform answer 429 with its wait, as publishing waits it out. */
const LOOKUP_ERRORS = [403, 404, 429, 502] as const;
const Nullable = Type.Union([Type.String(), Type.Null()]);

/** A platform module's lookup; the routes below exist only for platforms whose module has it. */
function lookupOf<F>(read: F | undefined, platform: Platform, name: keyof PlatformLookups): F {
  if (!read) throw new Error(`the ${platform} module has no ${name} lookup`);
  return read;
}

const boards = defineRoute({
  method: 'GET',
  url: '/v1/pinterest/boards',
  access: 'read',
  summary: 'List the boards of a Pinterest account',
  description:
    "The values usable as PinterestConfigurations.boardId. Pinterest's rate limit is 429 with its wait in Retry-After.",
  tags: ['pinterest'],
  query: AccountQuery,
  response: {
    200: withExample(
      Type.Object({
        success: Type.Boolean(),
        boards: Type.Array(
          Type.Object({ id: Type.String(), name: Type.String(), description: Nullable, privacy: Nullable }),
        ),
      }),
      {
        success: true,
        boards: [
          {
            id: '1029876543210987654',
            name: 'Winter drinks',
            description: 'Seasonal menu',
            privacy: 'PUBLIC',
          },
          { id: '1029876543210987655', name: 'Shop interiors', description: null, privacy: 'SECRET' },
        ],
      },
    ),
  },
  errors: [...LOOKUP_ERRORS],
  handler: async ({ query, caller }, ctx) => ({
    success: true,
    boards: await withIntegration(
      ctx,
      caller,
      await accountOrOnly(ctx, caller, 'pinterest', query.accountId),
      'pinterest',
      lookupOf(ctx.platforms.pinterest.lookups?.boards, 'pinterest', 'boards'),
    ),
  }),
});

const creatorInfo = defineRoute({
  method: 'GET',
  url: '/v1/tiktok/creator-info',
  access: 'read',
  summary: 'Read what a TikTok creator may post now',
  description:
    "Privacy levels, interaction switches and the longest video allowed; read it before a direct post. TikTok's " +
    'rate limit is 429 with its wait in Retry-After.',
  tags: ['tiktok'],
  query: AccountQuery,
  response: {
    200: withExample(
      Type.Object({
        success: Type.Boolean(),
        data: Type.Object({
          creatorAvatarUrl: Nullable,
          creatorUsername: Nullable,
          creatorNickname: Nullable,
          privacyLevelOptions: Type.Array(Type.String()),
          commentDisabled: Type.Boolean(),
          duetDisabled: Type.Boolean(),
          stitchDisabled: Type.Boolean(),
          maxVideoPostDurationSec: Type.Union([Type.Integer(), Type.Null()]),
        }),
      }),
      {
        success: true,
        data: {
          creatorAvatarUrl: 'https://p16-sign.tiktokcdn.com/acme-avatar.jpeg',
          creatorUsername: 'acmecoffee',
          creatorNickname: 'Acme Coffee',
          privacyLevelOptions: ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY'],
          commentDisabled: false,
          duetDisabled: false,
          stitchDisabled: true,
          maxVideoPostDurationSec: 600,
        },
      },
    ),
  },
  errors: [...LOOKUP_ERRORS],
  handler: async ({ query, caller }, ctx) => ({
    success: true,
    data: await withIntegration(
      ctx,
      caller,
      await accountOrOnly(ctx, caller, 'tiktok', query.accountId),
      'tiktok',
      lookupOf(ctx.platforms.tiktok.lookups?.creatorInfo, 'tiktok', 'creatorInfo'),
    ),
  }),
});

export default [boards, creatorInfo];
