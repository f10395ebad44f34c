/**
 * X post lookup with metrics on the simulator: `GET /2/tweets?ids=…` (at most
 * 100) with `post.fields=public_metrics`; unknown or deleted posts come back in
 * `errors` as X reports them. Numbers from _shared/metrics.ts.
 *
 * X renamed its query fields and metrics between versions of its API description
 * (`tweet.fields` → `post.fields`, `retweet_count` → `repost_count`). The
 * simulator takes either parameter and answers the names of the version asked
 * for, so adapters are tested against both; the contract (contracts/twitter.json)
 * pins the newer one.
 */
import { json, type SimRouter, type Simulator } from '../../index.ts';
import { postMetrics } from '../_shared/metrics.ts';
import { invalidRequest } from './problem.ts';

export const register = (r: SimRouter, sim: Simulator): void => {
  r.get(
    '/2/tweets',
    (req) => {
      const ids = (req.query.ids ?? '').split(',').filter(Boolean);
      if (ids.length === 0 || ids.length > 100)
        return invalidRequest('The `ids` query parameter value must be 1 to 100 ids');
      const older = req.query['tweet.fields'] !== undefined;
      const fields = (req.query['post.fields'] ?? req.query['tweet.fields'] ?? '').split(',');
      const withMetrics = fields.includes('public_metrics');
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
                  [older ? 'retweet_count' : 'repost_count']: m.shares,
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
