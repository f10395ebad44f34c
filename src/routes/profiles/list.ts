import { Type } from 'typebox';
import { listProfiles } from '../../domain/profiles/profiles.ts';
import { defineRoute } from '../../http/route.ts';
import { profileExample, withExample } from '../examples.ts';
import { ProfileSchema } from './schemas.ts';

export default defineRoute({
  method: 'GET',
  url: '/v1/profiles',
  access: 'read',
  summary: 'List profiles',
  description: 'Newest first. `name` filters by a case-insensitive substring.',
  tags: ['profiles'],
  query: Type.Object(
    {
      page: Type.Integer({ minimum: 1, default: 1 }),
      limit: Type.Integer({ minimum: 1, maximum: 100, default: 50 }),
      name: Type.Optional(Type.String({ maxLength: 200 })),
    },
    { additionalProperties: false },
  ),
  response: {
    200: withExample(
      Type.Object({
        success: Type.Boolean(),
        total: Type.Integer(),
        page: Type.Integer(),
        limit: Type.Integer(),
        profiles: Type.Array(ProfileSchema),
      }),
      { success: true, total: 1, page: 1, limit: 50, profiles: [profileExample] },
    ),
  },
  handler: async ({ query, caller }, ctx) => {
    const { total, profiles } = await listProfiles(ctx, caller, query);
    return { success: true, total, page: query.page, limit: query.limit, profiles };
  },
});
