/**
 * Threads user insights on the simulator: `GET /{threads-user-id}/threads_insights
 * ?metric=followers_count,views` for the token's own user. followers_count is the
 * account's follower count as a total_value; views is the last day's views of its
 * posts (numbers from _shared/metrics.ts) as a one-entry daily series. Another
 * user's id is code 10, an unknown metric code 100, as the Graph API answers.
 */
import { allParams, authOf, json, type SimRouter, type Simulator } from '../../index.ts';
import { metaError } from '../_shared/meta.ts';
import { postMetrics } from '../_shared/metrics.ts';

const METRICS = ['views', 'likes', 'replies', 'reposts', 'quotes', 'clicks', 'followers_count'];

export const register = (r: SimRouter, sim: Simulator): void => {
  r.get(
    '/:version/:id/threads_insights',
    (req) => {
      const account = authOf(req).account;
      const id = req.params.id ?? '';
      if (id !== account.id && id !== 'me')
        return metaError({ message: '(#10) Application does not have permission for this action', code: 10 });
      const names = (allParams(req).metric ?? '').split(',').filter(Boolean);
      const unknown = names.find((n) => !METRICS.includes(n));
      if (names.length === 0 || unknown)
        return metaError({ message: `(#100) metric must be one of ${METRICS.join(', ')}`, code: 100 });
      const posts = sim.state.listPosts('threads', { account: account.id });
      const sum = (key: 'views' | 'likes' | 'comments' | 'shares' | 'quotes') =>
        posts.reduce((n, p) => n + postMetrics(sim, p)[key], 0);
      const day = new Date(sim.clock.now()).toISOString().slice(0, 10);
      const series = (value: number) => ({
        period: 'day',
        values: [{ value, end_time: `${day}T08:00:00+0000` }],
      });
      const value = (name: string) => {
        if (name === 'followers_count')
          return {
            period: 'day',
            total_value: { value: sim.state.account('threads', account.id)?.followersCount ?? 0 },
          };
        if (name === 'views') return series(sum('views'));
        if (name === 'likes') return series(sum('likes'));
        if (name === 'replies') return series(sum('comments'));
        if (name === 'reposts') return series(sum('shares'));
        if (name === 'quotes') return series(sum('quotes'));
        return series(0);
      };
      return json(200, {
        data: names.map((name) => ({
          name,
          ...value(name),
          title: name,
          description: `The ${name} of the user.`,
          id: `${account.id}/insights/${name}/day`,
        })),
      });
    },
    { auth: true },
  );
};
