import { Type } from 'typebox';
import { withIntegration } from '../../domain/integrations/with-credentials.ts';
import { defineRoute } from '../../http/route.ts';
import { listPinterestBoards } from '../../platforms/pinterest/boards.ts';
import { queryCreatorInfo } from '../../platforms/tiktok/creator-info.ts';

const AccountQuery = Type.Object(
  { accountId: Type.String({ minLength: 1, description: 'The integration id' }) },
  { additionalProperties: false },
);
const Nullable = Type.Union([Type.String(), Type.Null()]);

const boards = defineRoute({
  method: 'GET',
  url: '/v1/pinterest/boards',
  summary: 'List the boards of a Pinterest account',
  description: 'The values usable as PinterestConfigurations.boardId.',
  tags: ['pinterest'],
  query: AccountQuery,
  response: {
    200: Type.Object({
      success: Type.Boolean(),
      boards: Type.Array(
        Type.Object({ id: Type.String(), name: Type.String(), description: Nullable, privacy: Nullable }),
      ),
    }),
  },
  errors: [403, 404, 502],
  handler: async ({ query, caller }, ctx) => ({
    success: true,
    boards: await withIntegration(ctx, caller.projectId, query.accountId, 'pinterest', (env, c) =>
      listPinterestBoards(env, c.accessToken),
    ),
  }),
});

const creatorInfo = defineRoute({
  method: 'GET',
  url: '/v1/tiktok/creator-info',
  summary: 'Read what a TikTok creator may post now',
  description:
    'Privacy levels, interaction switches and the longest video allowed; read it before a direct post.',
  tags: ['tiktok'],
  query: AccountQuery,
  response: {
    200: Type.Object({
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
  },
  errors: [403, 404, 502],
  handler: async ({ query, caller }, ctx) => ({
    success: true,
    data: await withIntegration(ctx, caller.projectId, query.accountId, 'tiktok', (env, c) =>
      queryCreatorInfo(env, c.accessToken),
    ),
  }),
});

export default [boards, creatorInfo];
