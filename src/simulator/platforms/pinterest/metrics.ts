/**
 * Pin analytics on the simulator: `GET /v5/pins/{pin_id}/analytics` with
 * start_date, end_date (at most 90 days back) and metric_types; the summary of
 * each asked metric under `all.summary_metrics`. 404 for an unknown pin, 403 for
 * another user's. Numbers from _shared/metrics.ts.
 */
import { authOf, json, type SimRouter, type Simulator } from '../../index.ts';
import { postMetrics, type SimMetrics } from '../_shared/metrics.ts';

const METRICS: Record<string, (m: SimMetrics) => number> = {
  IMPRESSION: (m) => m.impressions,
  SAVE: (m) => m.saves,
  PIN_CLICK: (m) => m.clicks,
  OUTBOUND_CLICK: (m) => Math.floor(m.clicks / 3),
};
const DATE = /^\d{4}-\d{2}-\d{2}$/;

const error = (status: number, code: number, message: string) => json(status, { code, message });

export const register = (r: SimRouter, sim: Simulator): void => {
  r.get(
    '/v5/pins/:pin_id/analytics',
    (req) => {
      const post = sim.state.getPost('pinterest', req.params.pin_id ?? '');
      if (!post || post.deleted) return error(404, 404, 'Pin not found.');
      if (post.accountId !== authOf(req).account.id)
        return error(403, 29, 'You are not permitted to access that resource.');
      const { start_date: start = '', end_date: end = '', metric_types: types = '' } = req.query;
      if (!DATE.test(start) || !DATE.test(end) || start > end)
        return error(400, 1, 'start_date and end_date must be dates (YYYY-MM-DD), start first.');
      if (Date.parse(start) < sim.clock.now() - 90 * 86_400_000)
        return error(400, 1, 'start_date can not be more than 90 days back.');
      const names = types.split(',').filter(Boolean);
      if (names.length === 0 || names.some((n) => !(n in METRICS)))
        return error(400, 1, `metric_types must be from ${Object.keys(METRICS).join(', ')}`);
      const m = postMetrics(sim, post);
      return json(200, {
        all: {
          daily_metrics: [],
          lifetime_metrics: {},
          summary_metrics: Object.fromEntries(names.map((n) => [n, METRICS[n]?.(m) ?? 0])),
        },
      });
    },
    { auth: true },
  );
};
