/** Schemas of the analytics routes' queries and answers (interface.md "Analytics (Instagram)", decisions.md). */
import { Type } from 'typebox';
import { INSIGHT_BREAKDOWN_NAMES, INSIGHT_METRICS } from '../../facts/instagram-insights.ts';
import { DEMOGRAPHIC_METRICS, DEMOGRAPHIC_TIMEFRAMES } from '../../platforms/analytics-types.ts';

const DATE = '^\\d{4}-\\d{2}-\\d{2}$';
const AccountId = Type.String({
  minLength: 1,
  maxLength: 200,
  description: 'The integration id (an Instagram account).',
});

export const DemographicsQuery = Type.Object(
  {
    accountId: AccountId,
    metric: Type.Optional(
      Type.Union(
        DEMOGRAPHIC_METRICS.map((m) => Type.Literal(m)),
        { description: 'Default follower_demographics.' },
      ),
    ),
    breakdown: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 100,
        description: 'Comma-separated from age, city, country, gender; default all four.',
        examples: ['age,gender'],
      }),
    ),
    timeframe: Type.Optional(
      Type.Union(
        DEMOGRAPHIC_TIMEFRAMES.map((t) => Type.Literal(t)),
        { description: 'this_week: the last 7 days; this_month (default): the last 30 days.' },
      ),
    ),
  },
  { additionalProperties: false },
);

const Entry = Type.Object({ dimension: Type.String(), value: Type.Number() });

export const DemographicsAnswer = Type.Object(
  {
    success: Type.Boolean(),
    accountId: Type.String(),
    platform: Type.Literal('instagram'),
    metric: Type.Union(DEMOGRAPHIC_METRICS.map((m) => Type.Literal(m))),
    timeframe: Type.Union(DEMOGRAPHIC_TIMEFRAMES.map((t) => Type.Literal(t))),
    demographics: Type.Object({
      age: Type.Optional(Type.Array(Entry)),
      city: Type.Optional(Type.Array(Entry)),
      country: Type.Optional(Type.Array(Entry)),
      gender: Type.Optional(Type.Array(Entry)),
    }),
    note: Type.String(),
  },
  {
    examples: [
      {
        success: true,
        accountId: 'int_01JD2Q8',
        platform: 'instagram',
        metric: 'follower_demographics',
        timeframe: 'this_month',
        demographics: {
          age: [
            { dimension: '25-34', value: 120 },
            { dimension: '18-24', value: 88 },
          ],
          gender: [
            { dimension: 'F', value: 170 },
            { dimension: 'M', value: 140 },
          ],
        },
        note: 'Instagram gives at most the top 45 entries per dimension, its data may be delayed up to 48 hours, …',
      },
    ],
  },
);

export const AccountInsightsQuery = Type.Object(
  {
    accountId: AccountId,
    metrics: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 400,
        description: `Comma-separated from ${INSIGHT_METRICS.join(', ')}; default reach,views,accounts_engaged,total_interactions.`,
        examples: ['reach,likes'],
      }),
    ),
    since: Type.Optional(
      Type.String({
        pattern: DATE,
        description: 'First day, YYYY-MM-DD (UTC); default 30 days before until.',
      }),
    ),
    until: Type.Optional(
      Type.String({ pattern: DATE, description: 'Last day, YYYY-MM-DD (UTC); default today.' }),
    ),
    metricType: Type.Optional(
      Type.Union([Type.Literal('total_value'), Type.Literal('time_series')], {
        description:
          'total_value (default): one aggregate per metric; time_series: daily values, reach only.',
      }),
    ),
    breakdown: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 50,
        description: `One of ${INSIGHT_BREAKDOWN_NAMES.join(', ')}, only with metricType=total_value and metrics that support it.`,
      }),
    ),
  },
  { additionalProperties: false },
);

const InsightValue = Type.Object({
  total: Type.Number(),
  values: Type.Array(Type.Object({ date: Type.String(), value: Type.Number() })),
  breakdowns: Type.Array(
    Type.Object({
      dimensionKeys: Type.Array(Type.String()),
      results: Type.Array(Type.Object({ dimensionValues: Type.Array(Type.String()), value: Type.Number() })),
    }),
  ),
});

export const AccountInsightsAnswer = Type.Object(
  {
    success: Type.Boolean(),
    accountId: Type.String(),
    platform: Type.Literal('instagram'),
    dateRange: Type.Object({
      since: Type.String({ format: 'date' }),
      until: Type.String({ format: 'date' }),
    }),
    metricType: Type.Union([Type.Literal('total_value'), Type.Literal('time_series')]),
    metrics: Type.Record(Type.String(), InsightValue, {
      propertyNames: { enum: [...INSIGHT_METRICS] },
      description: `Keyed by metric name (${INSIGHT_METRICS.join(', ')}).`,
    }),
    dataDelay: Type.String(),
  },
  {
    examples: [
      {
        success: true,
        accountId: 'int_01JD2Q8',
        platform: 'instagram',
        dateRange: { since: '2026-10-25', until: '2026-11-24' },
        metricType: 'total_value',
        metrics: {
          reach: {
            total: 1520,
            values: [],
            breakdowns: [
              {
                dimensionKeys: ['media_product_type'],
                results: [
                  { dimensionValues: ['REELS'], value: 900 },
                  { dimensionValues: ['FEED'], value: 620 },
                ],
              },
            ],
          },
        },
        dataDelay: 'Instagram insights may be delayed up to 48 hours.',
      },
    ],
  },
);
