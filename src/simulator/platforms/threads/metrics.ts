/**
 * Threads media insights on the simulator: `GET /{threads-media-id}/insights?metric=…`
 * (views, likes, replies, reposts, quotes, shares) for the token's own posts;
 * an unknown post is 100/33, another user's code 10. Numbers from _shared/metrics.ts.
 */
import { allParams, authOf, json, type SimRouter, type Simulator } from '../../index.ts';
import { metaError } from '../_shared/meta.ts';
import { postMetrics, type SimMetrics } from '../_shared/metrics.ts';

const METRICS: Record<string, (m: SimMetrics) => number> = {
  views: (m) => m.views,
  likes: (m) => m.likes,
  replies: (m) => m.comments,
  reposts: (m) => m.shares,
  quotes: (m) => m.quotes,
  shares: (m) => m.saves,
};

export const register = (r: SimRouter, sim: Simulator): void => {
  r.get(
    '/:version/:id/insights',
    (req) => {
      const id = req.params.id ?? '';
      const post = sim.state.getPost('threads', id);
      if (!post || post.deleted)
        return metaError({
          message: `Unsupported get request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
          code: 100,
          error_subcode: 33,
        });
      if (post.accountId !== authOf(req).account.id)
        return metaError({ message: '(#10) Application does not have permission for this action', code: 10 });
      const names = (allParams(req).metric ?? '').split(',').filter(Boolean);
      const unknown = names.find((n) => !(n in METRICS));
      if (names.length === 0 || unknown)
        return metaError({
          message: `(#100) metric must be one of ${Object.keys(METRICS).join(', ')}`,
          code: 100,
        });
      const m = postMetrics(sim, post);
      return json(200, {
        data: names.map((name) => ({
          name,
          period: 'lifetime',
          values: [{ value: METRICS[name]?.(m) ?? 0 }],
          id: `${id}/insights/${name}/lifetime`,
        })),
      });
    },
    { auth: true },
  );
};
