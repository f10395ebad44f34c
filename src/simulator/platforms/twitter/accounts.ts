/** X `GET /2/users/me` (and `/2/users/:id`) with `user.fields`. */
import { authOf, json } from '../../core/http.ts';
import type { SimRouter } from '../../core/router.ts';
import type { Simulator } from '../../core/simulator-api.ts';
import type { SimAccount } from '../../core/types.ts';

const userObject = (a: SimAccount, fields: string[]): Record<string, unknown> => {
  const out: Record<string, unknown> = { id: a.id, name: a.name, username: a.username };
  if (fields.includes('profile_image_url')) out['profile_image_url'] = a.avatarUrl;
  if (fields.includes('verified')) out['verified'] = false;
  if (fields.includes('description')) out['description'] = '';
  if (fields.includes('subscription_type')) out['subscription_type'] = a.subscriptionType ?? 'None';
  if (fields.includes('public_metrics')) {
    out['public_metrics'] = {
      followers_count: a.followersCount ?? 0,
      following_count: 0,
      // X's document (2.167) names the count post_count (tweet_count before the rename).
      post_count: 0,
      listed_count: 0,
    };
  }
  return out;
};

export const register = (r: SimRouter, sim: Simulator): void => {
  r.get(
    '/2/users/me',
    (req) =>
      json(200, { data: userObject(authOf(req).account, (req.query['user.fields'] ?? '').split(',')) }),
    { auth: true },
  );
  r.get(
    '/2/users/:id',
    (req) => {
      const a = sim.state.account('twitter', req.params['id']);
      if (!a) {
        return json(200, {
          errors: [
            {
              value: req.params['id'],
              detail: `Could not find user with id: [${req.params['id']}].`,
              title: 'Not Found Error',
              resource_type: 'user',
              parameter: 'id',
              resource_id: req.params['id'],
              type: 'https://api.twitter.com/2/problems/resource-not-found',
            },
          ],
        });
      }
      return json(200, { data: userObject(a, (req.query['user.fields'] ?? '').split(',')) });
    },
    { auth: true },
  );
};
