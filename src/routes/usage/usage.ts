import { Type } from 'typebox';
import { CREDIT_PRICES } from '../../domain/credits/prices.ts';
import { getUsage } from '../../domain/credits/usage.ts';
import { spendReport } from '../../domain/platform-spend/report.ts';
import { defineRoute } from '../../http/route.ts';
import { PLATFORMS } from '../../platforms/names.ts';
import { withExample } from '../examples.ts';

const MONTH = '^\\d{4}-(0[1-9]|1[0-2])$';

export default defineRoute({
  method: 'GET',
  url: '/v1/usage',
  access: 'read',
  summary: 'Credit usage by month',
  description:
    'Monthly credit counts for the project, one profile or one integration of it (profileId and integrationId are ' +
    "mutually exclusive; an id that is not the project's is 404). Each month splits its count by category " +
    '(`categories`: publishing, deletion, analytics, aiCaption, aiImage, which add up to `count`) and its publishing ' +
    'credits by platform (`platform`, which adds up to `categories.publishing`). The project-level answer (neither ' +
    'filter given) also has the current balance, and the money spent on platforms that charge per call (`platformSpend`, with `platformPrices` and `spendCaps`). `prices` says what each paid call costs.',
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
                'Publishing credits (1 per target platform of a post, and the targets a scheduled edit adds, less refunds) by platform name. They add up to `categories.publishing`; the other categories are not split by platform.',
            }),
            categories: Type.Object(
              {
                publishing: Type.Integer({
                  description: 'Posts: 1 credit per target platform (the sum of `platform`).',
                }),
                deletion: Type.Integer({
                  description: 'DELETE /v1/posts/{postId}?deleteFromPlatforms=true: 1 credit per platform.',
                }),
                analytics: Type.Integer({
                  description:
                    'GET /v1/analytics and the Instagram demographics and account insights: 1 credit per call.',
                }),
                aiCaption: Type.Integer({ description: 'POST /v1/ai/write: 2 credits per caption.' }),
                aiImage: Type.Integer({ description: 'POST /v1/ai/image: 10 credits per image.' }),
                other: Type.Integer({
                  description:
                    'Credits of a kind this version does not know (0 unless another version wrote them).',
                }),
              },
              {
                description:
                  'Every credit of the month by what it was spent on; they add up to `count`. A refund counts under the charge it returns.',
              },
            ),
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
        platformSpend: Type.Optional(
          Type.Array(
            Type.Object({
              year: Type.Integer(),
              month: Type.Integer({ minimum: 1, maximum: 12 }),
              platform: Type.String({ enum: [...PLATFORMS] }),
              amount: Type.Number({ description: 'Money spent, in `currency` (not credits).' }),
              currency: Type.String(),
            }),
            {
              description:
                "Money the project's calls cost on platforms that charge for them (X's pay-per-use prices), by month and platform; only in the project-level answer.",
            },
          ),
        ),
        platformPrices: Type.Optional(
          Type.Array(
            Type.Object({
              platform: Type.String({ enum: [...PLATFORMS] }),
              callKind: Type.String(),
              amount: Type.Number(),
              currency: Type.String(),
              says: Type.String(),
              source: Type.String({
                description: 'Where the price was read, or PLATFORM_PRICES when the operator set it.',
              }),
            }),
            { description: 'The platform prices in force; only in the project-level answer.' },
          ),
        ),
        spendCaps: Type.Optional(
          Type.Record(Type.String(), Type.Object({ monthly: Type.Number(), currency: Type.String() }), {
            propertyNames: { enum: [...PLATFORMS] },
            description:
              'Monthly platform spend caps (PUT /v1/usage/caps); only in the project-level answer.',
          }),
        ),
        prices: Type.Object(
          {
            aiCaption: Type.Integer({ description: 'Credits of one POST /v1/ai/write caption.' }),
            aiImage: Type.Integer({ description: 'Credits of one POST /v1/ai/image image.' }),
            analytics: Type.Integer({
              description:
                'Credits of one GET /v1/analytics call, or one Instagram demographics or insights read.',
            }),
          },
          { description: 'What the paid calls cost, charged only when they succeed.' },
        ),
      }),
      {
        success: true,
        totalUsage: 57,
        usage: [
          {
            year: 2026,
            month: 10,
            count: 31,
            platform: { facebook: 12, linkedin: 12, instagram: 5 },
            categories: { publishing: 29, deletion: 0, analytics: 2, aiCaption: 0, aiImage: 0, other: 0 },
          },
          {
            year: 2026,
            month: 11,
            count: 26,
            platform: { facebook: 5, linkedin: 5, instagram: 2 },
            categories: { publishing: 12, deletion: 1, analytics: 1, aiCaption: 2, aiImage: 10, other: 0 },
          },
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
        prices: CREDIT_PRICES,
      },
    ),
  },
  errors: [404, 503],
  handler: async ({ query, caller }, ctx) => ({
    success: true,
    ...(await getUsage(ctx, caller, query)),
    ...((await spendReport(ctx, caller, query)) ?? {}),
    prices: CREDIT_PRICES,
  }),
});
