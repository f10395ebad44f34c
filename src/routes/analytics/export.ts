import { Type } from 'typebox';
import { exportSnapshots } from '../../domain/analytics-history/export.ts';
import { defineRoute } from '../../http/route.ts';
import { IDS, withExample } from '../examples.ts';
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
  response: {
    200: withExample(
      Type.String({ description: 'text/csv; a header line, then one line per snapshot.' }),
      [
        'post_id,target_id,platform,account_id,account,published_at,age_hours,collected_at,impressions,reach,views,likes,comments,shares,saves,clicks',
        `${IDS.post},tgt_mwuh1t00q8m3x6k2c9vb5nz7wrt4dyh3,twitter,${IDS.integration},acmecoffee,2026-11-20T14:03:12.000Z,1,2026-11-20T15:04:00.000Z,420,,,11,2,1,0,`,
        '',
      ].join('\n'),
    ),
  },
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
