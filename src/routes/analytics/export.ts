import { Type } from 'typebox';
import { exportSnapshots } from '../../domain/analytics-history/export.ts';
import { defineRoute } from '../../http/route.ts';
import { HistoryRange } from './history-schemas.ts';

export default defineRoute({
  method: 'GET',
  url: '/v1/analytics/export',
  access: 'read',
  summary: 'Export the metric snapshots as CSV',
  description:
    'One CSV row per published target and metric snapshot (post, target, platform, account, published and collected times, age in hours, and the eight metrics), for the posts published between `from` and `to` (default the last 90 days), of one profile or every account the caller reaches. Streamed; no credit is charged.',
  tags: ['analytics'],
  query: Type.Object(
    {
      format: Type.Literal('csv', { default: 'csv', description: 'Only csv for now.' }),
      profileId: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
      ...HistoryRange,
    },
    { additionalProperties: false },
  ),
  response: { 200: Type.String({ description: 'text/csv; a header line, then one line per snapshot.' }) },
  errors: [400, 404, 503],
  handler: async ({ query, caller, reply }, ctx) => {
    const stream = await exportSnapshots(ctx, caller, query);
    const name = `analytics-${query.from ?? 'recent'}-${query.to ?? 'today'}.csv`.replace(
      /[^A-Za-z0-9._-]/g,
      '',
    );
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${name}"`)
      .send(stream);
  },
});
