/** Request and answer schemas of planning: drafts, posting queues, recurring series. */
import { Type } from 'typebox';
import { WEEKDAYS } from '../../domain/planning/local-time.ts';
import { RECURRENCE_UNITS } from '../../domain/planning/recurrence.ts';
import { MAX_WEEKLY_SLOTS } from '../../domain/planning/weekly-slots.ts';
import { IDS } from '../examples.ts';

export const RecurrenceSchema = Type.Object(
  {
    every: Type.Integer({ minimum: 1, maximum: 366, description: 'Repeat every N units.' }),
    unit: Type.Enum([...RECURRENCE_UNITS]),
    until: Type.Optional(
      Type.String({
        minLength: 10,
        maxLength: 64,
        description:
          'No occurrence after this: a date (YYYY-MM-DD, through that whole day) or a date-time, read in the post’s time zone.',
      }),
    ),
    count: Type.Optional(
      Type.Integer({ minimum: 1, maximum: 1000, description: 'Occurrences in all, the first included.' }),
    ),
  },
  {
    additionalProperties: false,
    description:
      'Repeat the post. Each occurrence is created as its own scheduled post when the one before it has finished, charged then and announced by post.scheduled; occurrences keep the first one’s local time of day.',
  },
);

export const VariantsSchema = Type.Array(Type.String({ maxLength: 100_000 }), {
  maxItems: 50,
  description:
    'Alternative texts for a recurring post, used in turn after `content` (occurrence 1 takes variants[0], …), because some platforms refuse the same text twice. Targets with their own `content` keep it.',
});

const Slot = Type.Object(
  {
    day: Type.Enum([...WEEKDAYS.slice(1), WEEKDAYS[0]]),
    time: Type.String({
      pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$',
      description: 'Local time HH:MM (24-hour).',
    }),
  },
  { additionalProperties: false },
);

export const QueueQuery = Type.Object(
  {
    profileId: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 200,
        description:
          'The profile whose queue this is; omit for the project’s own queue (accounts without a profile).',
      }),
    ),
  },
  { additionalProperties: false },
);

export const QueueBody = Type.Object(
  {
    timezone: Type.String({
      minLength: 1,
      maxLength: 100,
      description: 'IANA zone the slot times are read in.',
    }),
    slots: Type.Array(Slot, { maxItems: MAX_WEEKLY_SLOTS }),
    paused: Type.Optional(Type.Boolean({ description: 'While true, no post can be added to the queue.' })),
  },
  { additionalProperties: false },
);

const QueueSchema = Type.Object({
  profileId: Type.Union([Type.String(), Type.Null()]),
  timezone: Type.String(),
  slots: Type.Array(Slot),
  paused: Type.Boolean(),
  updatedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
    description: 'Null while the queue was never set.',
  }),
});

export const queueExample = {
  profileId: IDS.profile,
  timezone: 'Europe/Berlin',
  slots: [
    { day: 'monday', time: '09:00' },
    { day: 'wednesday', time: '12:30' },
    { day: 'friday', time: '17:00' },
  ],
  paused: false,
  updatedAt: '2026-11-22T08:15:40.107Z',
};

export const QueueAnswer = Type.Object({ success: Type.Boolean(), queue: QueueSchema });

export const QueueReplaceAnswer = Type.Object({
  success: Type.Boolean(),
  message: Type.String(),
  queue: QueueSchema,
});

export const FreeSlotsAnswer = Type.Object({
  success: Type.Boolean(),
  profileId: Type.Union([Type.String(), Type.Null()]),
  timezone: Type.String(),
  slots: Type.Array(
    Type.Object({
      scheduledFor: Type.String({ format: 'date-time', description: 'The slot, UTC.' }),
      local: Type.String({ description: 'The slot in the queue’s zone, YYYY-MM-DDTHH:MM.' }),
      day: Type.String(),
    }),
  ),
});

export const SeriesIdParams = Type.Object({ seriesId: Type.String({ minLength: 1, maxLength: 200 }) });

const SeriesSchema = Type.Object({
  seriesId: Type.String(),
  status: Type.Enum(['active', 'paused', 'ended']),
  statusReason: Type.Union([Type.String(), Type.Null()], { description: 'Why it is paused or ended.' }),
  recurrence: RecurrenceSchema,
  variants: Type.Array(Type.String()),
  timezone: Type.String(),
  occurrencesCreated: Type.Integer({ minimum: 0 }),
  nextAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()], {
    description: 'When the next occurrence is or will be due; null when paused or ended.',
  }),
  occurrences: Type.Array(
    Type.Object({
      postId: Type.String(),
      index: Type.Integer({ minimum: 0 }),
      status: Type.String(),
      scheduledFor: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    }),
  ),
  createdAt: Type.String({ format: 'date-time' }),
  updatedAt: Type.String({ format: 'date-time' }),
});

export const seriesExample = {
  seriesId: 'ser_mwuh1t00q8m3x6k2c9vb5nz7wrt4dyh2',
  status: 'active',
  statusReason: null,
  recurrence: { every: 1, unit: 'week' },
  variants: ['Fresh beans every Monday. Come and taste them!'],
  timezone: 'Europe/Berlin',
  occurrencesCreated: 2,
  nextAt: '2026-12-07T08:00:00.000Z',
  occurrences: [
    { postId: IDS.post, index: 0, status: 'published', scheduledFor: '2026-11-30T08:00:00.000Z' },
    {
      postId: 'post_mwv2k9s0a1b2c3d4e5f6g7h8j9k0m1n2p3',
      index: 1,
      status: 'scheduled',
      scheduledFor: '2026-12-07T08:00:00.000Z',
    },
  ],
  createdAt: '2026-11-20T14:03:11.482Z',
  updatedAt: '2026-11-30T08:00:04.380Z',
};

export const SeriesAnswer = Type.Object({ success: Type.Boolean(), series: SeriesSchema });
