import { Type } from 'typebox';
import { getUsage } from '../../domain/credits/usage.ts';
import { defineRoute } from '../../http/route.ts';
import { PLATFORMS } from '../../platforms/names.ts';
import { withExample } from '../examples.ts';

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
    200: withExample(
      Type.Object({
        success: Type.Boolean(),
        totalUsage: Type.Integer(),
        usage: Type.Array(
          Type.Object({
            year: Type.Integer(),
            month: Type.Integer({ minimum: 1, maximum: 12 }),
            count: Type.Integer(),
            platform: Type.Record(Type.String(), Type.Integer(), {
              propertyNames: { enum: [...PLATFORMS] },
              description:
                'Credits by platform name; credits not tied to a platform (such as AI captions and images) count only in `count`.',
            }),
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
      {
        success: true,
        totalUsage: 57,
        usage: [
          { year: 2026, month: 10, count: 31, platform: { facebook: 12, linkedin: 12, instagram: 7 } },
          { year: 2026, month: 11, count: 26, platform: { facebook: 9, linkedin: 9, instagram: 4 } },
        ],
        balance: {
          monthly: {
            limit: 1000,
            used: 26,
            remaining: 974,
            cycleStart: '2026-11-01T00:00:00.000Z',
            cycleEnd: '2026-12-01T00:00:00.000Z',
          },
          purchased: { total: 0, used: 0, remaining: 0 },
        },
      },
    ),
  },
  errors: [503],
  handler: async ({ query, caller }, ctx) => ({
    success: true,
    ...(await getUsage(ctx, caller.projectId, query)),
  }),
});
