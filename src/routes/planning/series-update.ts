import { Type } from 'typebox';
import { updateSeries } from '../../domain/planning/series.ts';
import { defineRoute } from '../../http/route.ts';
import { withExample } from '../examples.ts';
import { RecurrenceSchema, SeriesAnswer, SeriesIdParams, seriesExample, VariantsSchema } from './schemas.ts';

export default defineRoute({
  method: 'PATCH',
  url: '/v1/series/:seriesId',
  access: 'publish',
  summary: 'Change or pause a recurring series',
  description:
    'A new `recurrence` counts from the latest occurrence’s time; occurrences already created keep theirs. New `variants` apply from the next occurrence. ' +
    '`paused: true` stops new occurrences after the one already scheduled; `paused: false` resumes (and creates the next occurrence at once when none is waiting). 409 once the series has ended.',
  tags: ['series'],
  params: SeriesIdParams,
  body: Type.Object(
    {
      recurrence: Type.Optional(RecurrenceSchema),
      variants: Type.Optional(VariantsSchema),
      paused: Type.Optional(Type.Boolean()),
    },
    { additionalProperties: false },
  ),
  response: { 200: withExample(SeriesAnswer, { success: true, series: seriesExample }) },
  errors: [404, 409, 503],
  handler: async ({ params, body, caller }, ctx) => ({
    success: true,
    series: await updateSeries(ctx, caller, params.seriesId, body),
  }),
});
