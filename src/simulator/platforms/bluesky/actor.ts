/** Bluesky `app.bsky.actor.getProfile?actor=<handle or DID>` (served by the PDS via its AppView proxy). */
import { authOf, json } from '../../core/http.ts';
import type { SimRouter } from '../../core/router.ts';
import type { Simulator } from '../../core/simulator-api.ts';
import { xrpcError } from './platform.ts';
import { findActor } from './session.ts';

export const register = (r: SimRouter, sim: Simulator): void => {
  r.get(
    '/xrpc/app.bsky.actor.getProfile',
    (req) => {
      authOf(req);
      const actor = req.query['actor'];
      if (!actor) return xrpcError(400, 'InvalidRequest', 'Error: Params must have the property "actor"');
      const a = findActor(sim, actor);
      if (!a) return xrpcError(400, 'InvalidRequest', 'Profile not found');
      return json(200, {
        did: a.id,
        handle: a.username,
        displayName: a.name,
        description: '',
        avatar: a.avatarUrl,
        followersCount: a.followersCount ?? 0,
        followsCount: 0,
        postsCount: sim.countPosts('bluesky', { account: a.id }),
        indexedAt: '2024-01-01T00:00:00.000Z',
        createdAt: '2024-01-01T00:00:00.000Z',
        labels: [],
      });
    },
    { auth: true },
  );
};
