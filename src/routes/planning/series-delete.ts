import { Type } from 'typebox';
import { endSeries } from '../../domain/planning/series.ts';
import { defineRoute } from '../../http/route.ts';
import { IDS, withExample } from '../examples.ts';
import { SeriesIdParams } from './schemas.ts';

export default defineRoute({
  method: 'DELETE',
  url: '/v1/series/:seriesId',
  access: 'publish',
  summary: 'End a recurring series',
  description:
    'No further occurrence is created. The occurrence waiting to be published is cancelled (back to draft) and its credits refunded; published occurrences stay.',
  tags: ['series'],
  params: SeriesIdParams,
  response: {
    200: withExample(
      Type.Object({
        success: Type.Boolean(),
        message: Type.String(),
        cancelledPostIds: Type.Array(Type.String()),
        creditsRefunded: Type.Integer({ minimum: 0 }),
      }),
      {
        success: true,
        message: 'Series ended; 1 scheduled occurrence cancelled',
        cancelledPostIds: [IDS.post],
        creditsRefunded: 2,
      },
    ),
  },
  errors: [404, 503],
  handler: async ({ params, caller }, ctx) => {
    const { cancelled, refunded } = await endSeries(ctx, caller, params.seriesId);
    const n = cancelled.length;
    return {
      success: true,
      message: `Series ended; ${n} scheduled occurrence${n === 1 ? '' : 's'} cancelled`,
      cancelledPostIds: cancelled,
      creditsRefunded: refunded,
    };
  },
});
