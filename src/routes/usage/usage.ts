import { Type } from 'typebox';
import { getUsage } from '../../domain/credits/usage.ts';
import { defineRoute } from '../../http/route.ts';

const MONTH = '^\\d{4}-(0[1-9]|1[0-2])$';

export default defineRoute({
  method: 'GET',
  url: '/v1/usage',
  summary: 'Credit usage by month',
  description:
    'Monthly credit counts with a per-platform breakdown, for the project, one profile or one integration ' +
    '(profileId and integrationId are mutually exclusive); the project-level answer (neither given) also has the current balance.',
  tags: ['usage'],
  query: Type.Object(
    {
      profileId: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
      integrationId: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
      from: Type.Optional(Type.String({ pattern: MONTH, description: 'Inclusive start month, YYYY-MM.' })),
      to: Type.Optional(Type.String({ pattern: MONTH, description: 'Inclusive end month, YYYY-MM.' })),
    },
    { additionalProperties: false },
  ),
  response: {
    200: Type.Object({
      success: Type.Boolean(),
      totalUsage: Type.Integer(),
      usage: Type.Array(
        Type.Object({
          year: Type.Integer(),
          month: Type.Integer({ minimum: 1, maximum: 12 }),
          count: Type.Integer(),
          platform: Type.Record(Type.String(), Type.Integer()),
        }),
      ),
      balance: Type.Optional(
        Type.Object(
          {
            monthly: Type.Object({
              limit: Type.Integer(),
              used: Type.Integer(),
              remaining: Type.Integer(),
              cycleStart: Type.String({ format: 'date-time' }),
              cycleEnd: Type.String({ format: 'date-time' }),
            }),
            purchased: Type.Object({
              total: Type.Integer(),
              used: Type.Integer(),
              remaining: Type.Integer(),
            }),
          },
          { description: "The project's credits; only in the answer without profileId or integrationId." },
        ),
      ),
    }),
  },
  errors: [503],
  handler: async ({ query, caller }, ctx) => ({
    success: true,
    ...(await getUsage(ctx, caller.projectId, query)),
  }),
});
