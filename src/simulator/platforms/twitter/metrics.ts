/**
 * X post lookup with metrics on the simulator: `GET /2/tweets?ids=…` (at most
 * 100) with `tweet.fields=public_metrics`; unknown or deleted posts come back in
 * `errors` as X reports them. Numbers from _shared/metrics.ts.
 */
import { json, type SimRouter, type Simulator } from '../../index.ts';
import { postMetrics } from '../_shared/metrics.ts';

export const register = (r: SimRouter, sim: Simulator): void => {
  r.get(
    '/2/tweets',
    (req) => {
      const ids = (req.query.ids ?? '').split(',').filter(Boolean);
      if (ids.length === 0 || ids.length > 100)
        return json(400, {
          errors: [{ message: 'The `ids` query parameter value must be 1 to 100 ids', parameters: { ids } }],
          title: 'Invalid Request',
          detail: 'One or more parameters to your request was invalid.',
          type: 'https://api.x.com/2/problems/invalid-request',
        });
      const withMetrics = (req.query['tweet.fields'] ?? '').split(',').includes('public_metrics');
      const data: unknown[] = [];
      const errors: unknown[] = [];
      for (const id of ids) {
        const post = sim.state.getPost('twitter', id);
        if (!post || post.deleted) {
          errors.push({
            value: id,
            detail: `Could not find tweet with ids: [${id}].`,
            title: 'Not Found Error',
            resource_type: 'tweet',
            parameter: 'ids',
            resource_id: id,
            type: 'https://api.x.com/2/problems/resource-not-found',
          });
          continue;
        }
        const m = postMetrics(sim, post);
        data.push({
          id,
          text: String(post.data.text ?? ''),
          ...(withMetrics
            ? {
                public_metrics: {
                  retweet_count: m.shares,
                  reply_count: m.comments,
                  like_count: m.likes,
                  quote_count: m.quotes,
                  bookmark_count: m.saves,
                  impression_count: m.impressions,
                },
              }
            : {}),
        });
      }
      return json(200, { ...(data.length ? { data } : {}), ...(errors.length ? { errors } : {}) });
    },
    { auth: true },
  );
};
