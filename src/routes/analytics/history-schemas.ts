/** Schemas of the analytics history routes (answers read from stored snapshots). */
import { Type } from 'typebox';
import { ACCOUNT_STAT_NAMES } from '../../platforms/analytics-types.ts';
import { PLATFORMS } from '../../platforms/names.ts';

export const DAY = Type.String({
  pattern: '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$',
  description: 'YYYY-MM-DD (UTC).',
});
const Count = Type.Union([Type.Integer(), Type.Null()]);
const PlatformName = Type.String({ enum: [...PLATFORMS] });

export const HistoryRange = {
  from: Type.Optional({ ...DAY, description: 'First day, inclusive (default: 29 days before `to`).' }),
  to: Type.Optional({ ...DAY, description: 'Last day, inclusive (default: today).' }),
};

const day = Type.Object(
  {
    date: DAY,
    ...Object.fromEntries(ACCOUNT_STAT_NAMES.map((m) => [m, Type.Optional(Count)])),
  },
  { description: 'One day with a snapshot; a metric the platform does not count is null.' },
);

export const AccountHistoryAnswer = Type.Object({
  success: Type.Boolean(),
  integrationId: Type.String(),
  platform: PlatformName,
  from: DAY,
  to: DAY,
  metrics: Type.Array(Type.String({ enum: [...ACCOUNT_STAT_NAMES] })),
  days: Type.Array(day),
  limits: Type.String({ description: "What this platform's API can not give the history, in a sentence." }),
  lastCollectedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  lastError: Type.Union([Type.String(), Type.Null()]),
});

const METRICS = ['impressions', 'reach', 'views', 'likes', 'comments', 'shares', 'saves', 'clicks'] as const;
const metricFields = Object.fromEntries(METRICS.map((m) => [m, Count]));

export const PostHistoryAnswer = Type.Object({
  success: Type.Boolean(),
  postId: Type.String(),
  targets: Type.Array(
    Type.Object({
      targetId: Type.String(),
      platform: PlatformName,
      accountId: Type.String(),
      publishedAt: Type.String({ format: 'date-time' }),
      snapshots: Type.Array(
        Type.Object({
          ageHours: Type.Integer({ description: 'Hours after publishing: 1, 6, 24, 72, 168 or 720.' }),
          collectedAt: Type.String({ format: 'date-time' }),
          engagement: Count,
          ...metricFields,
        }),
      ),
    }),
  ),
});

const Totals = Type.Object({
  ...Object.fromEntries(METRICS.map((m) => [m, Type.Integer()])),
  engagement: Type.Integer({ description: 'likes + comments + shares + saves.' }),
  posts: Type.Integer({ description: 'Published targets in the period with a snapshot.' }),
});

const Period = {
  followers: Count,
  followersChange: Type.Union([Type.Integer(), Type.Null()], {
    description: "Followers at the period's end less at its start; null without snapshots at both.",
  }),
  totals: Totals,
};

export const SummaryAnswer = Type.Object({
  success: Type.Boolean(),
  from: DAY,
  to: DAY,
  previousFrom: DAY,
  previousTo: DAY,
  accounts: Type.Array(
    Type.Object({
      integrationId: Type.String(),
      platform: PlatformName,
      name: Type.Union([Type.String(), Type.Null()]),
      username: Type.Union([Type.String(), Type.Null()]),
      profileId: Type.Union([Type.String(), Type.Null()]),
      ...Period,
      previous: Type.Object(Period),
    }),
  ),
  platforms: Type.Array(
    Type.Object({
      platform: PlatformName,
      ...Period,
      previous: Type.Object({ followersChange: Period.followersChange, totals: Totals }),
    }),
  ),
  topPosts: Type.Array(
    Type.Object({
      postId: Type.String(),
      engagement: Type.Integer(),
      platforms: Type.Array(PlatformName),
      publishedAt: Type.String({ format: 'date-time' }),
    }),
  ),
});

export const TimeSlotSchema = Type.Object({
  day: Type.String({ enum: ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'] }),
  time: Type.String({ pattern: '^([01]\\d|2[0-3]):00$', description: 'Start of the hour, local time.' }),
  engagementRate: Type.Union([Type.Number({ minimum: 0, maximum: 1 }), Type.Null()], {
    description: 'Mean engagement rate of the posts published in that hour; null for a default slot.',
  }),
  posts: Type.Integer({ description: 'Published posts behind the rate (0 for a default slot).' }),
});

export const BestTimesFields = {
  timezone: Type.String(),
  basedOn: Type.String({
    enum: ['history', 'defaults'],
    description: "history: ranked from the accounts' own posts; defaults: too few posts, general defaults.",
  }),
  note: Type.String({ description: 'Why the answer is what it is, in a sentence.' }),
  postsConsidered: Type.Integer(),
};

export const BestTimesAnswer = Type.Object({
  success: Type.Boolean(),
  ...BestTimesFields,
  slots: Type.Array(TimeSlotSchema),
});
