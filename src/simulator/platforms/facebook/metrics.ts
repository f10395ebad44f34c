/**
 * Page post insights on the simulator: `GET /{post-id}/insights?metric=…` with
 * the Page's token: post_impressions, post_impressions_unique, post_clicks and
 * post_activity_by_action_type ({like, comment, share}). Another Page's post is
 * code 10; an unknown one 100/33. Numbers from _shared/metrics.ts.
 */
import { allParams, authOf, json, type SimRouter, type Simulator } from '../../index.ts';
import { metaError } from '../_shared/meta.ts';
import { postMetrics, type SimMetrics } from '../_shared/metrics.ts';

const METRICS: Record<string, (m: SimMetrics) => unknown> = {
  post_impressions: (m) => m.impressions,
  post_impressions_unique: (m) => m.reach,
  post_clicks: (m) => m.clicks,
  post_activity_by_action_type: (m) => ({ like: m.likes, comment: m.comments, share: m.shares }),
};

export const register = (r: SimRouter, sim: Simulator): void => {
  r.get(
    '/:version/:id/insights',
    (req) => {
      const id = req.params.id ?? '';
      const post = sim.state.getPost('facebook', id);
      if (!post || post.deleted)
        return metaError({
          message: `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
          code: 100,
          error_subcode: 33,
        });
      if (authOf(req).pageId !== post.accountId)
        return metaError({ message: '(#10) Application does not have permission for this action', code: 10 });
      const names = (allParams(req).metric ?? '').split(',').filter(Boolean);
      const unknown = names.find((n) => !(n in METRICS));
      if (names.length === 0 || unknown)
        return metaError({
          message: `(#100) The value must be a valid insights metric: ${unknown ?? ''}`,
          code: 100,
        });
      const m = postMetrics(sim, post);
      return json(200, {
        data: names.map((name) => ({
          name,
          period: 'lifetime',
          values: [{ value: METRICS[name]?.(m) }],
          id: `${id}/insights/${name}/lifetime`,
        })),
      });
    },
    { auth: true },
  );
};
