/**
 * LinkedIn network sizes on the simulator: `GET /rest/networkSizes/{organization
 * urn}?edgeType=COMPANY_FOLLOWED_BY_MEMBER` (the version header required as on
 * every /rest/ call) answers the organization's follower count as firstDegreeSize:
 * its `followersCount` when the test set one, else a stable number from its id.
 * An organization the simulator does not know is 404; another edge type is 400.
 */
import { json, type SimRouter, type Simulator } from '../../index.ts';
import { seedOf } from '../_shared/metrics.ts';
import { versionProblem } from './version.ts';

export const register = (r: SimRouter, sim: Simulator): void => {
  r.get(
    '/rest/networkSizes/:urn',
    (req) => {
      const refused = versionProblem(req, new Date(sim.clock.now()));
      if (refused) return refused;
      const urn = req.params.urn ?? '';
      if (req.query.edgeType !== 'COMPANY_FOLLOWED_BY_MEMBER')
        return json(400, {
          status: 400,
          code: 'ILLEGAL_ARGUMENT',
          message: 'edgeType must be COMPANY_FOLLOWED_BY_MEMBER for an organization',
        });
      const id = /^urn:li:organization:(\d+)$/.exec(urn)?.[1];
      const org = sim.state
        .accountsOf('linkedin')
        .flatMap((a) => a.organizations ?? [])
        .find((o) => o.id === id) as ({ followersCount?: number } & object) | undefined;
      if (!org) return json(404, { status: 404, message: `Not found: ${urn}` });
      return json(200, { firstDegreeSize: org.followersCount ?? 100 + (seedOf(urn) % 5000) });
    },
    { auth: true },
  );
};
