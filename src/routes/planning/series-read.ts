import { getSeries } from '../../domain/planning/series.ts';
import { defineRoute } from '../../http/route.ts';
import { withExample } from '../examples.ts';
import { SeriesAnswer, SeriesIdParams, seriesExample } from './schemas.ts';

export default defineRoute({
  method: 'GET',
  url: '/v1/series/:seriesId',
  access: 'read',
  summary: 'Read a recurring series',
  description:
    'Its rule, texts and state, every occurrence created so far (each a post), and when the next one is due.',
  tags: ['series'],
  params: SeriesIdParams,
  response: { 200: withExample(SeriesAnswer, { success: true, series: seriesExample }) },
  errors: [404, 503],
  handler: async ({ params, caller }, ctx) => ({
    success: true,
    series: await getSeries(ctx, caller, params.seriesId),
  }),
});
