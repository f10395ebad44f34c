/**
 * LinkedIn social actions on the simulator: `GET /rest/socialActions/{urn}` (the
 * version header required as on every /rest/ call) with the post's likes and
 * comments summaries; 404 for a post LinkedIn does not have. Numbers from
 * _shared/metrics.ts.
 */
import { json, type SimRouter, type Simulator } from '../../index.ts';
import { postMetrics } from '../_shared/metrics.ts';
import { versionProblem } from './version.ts';

export const register = (r: SimRouter, sim: Simulator): void => {
  r.get(
    '/rest/socialActions/:urn',
    (req) => {
      const refused = versionProblem(req, new Date(sim.clock.now()));
      if (refused) return refused;
      const urn = req.params.urn ?? '';
      const post = sim.state.getPost('linkedin', urn);
      if (!post || post.deleted) return json(404, { status: 404, message: `Not found: ${urn}` });
      const m = postMetrics(sim, post);
      return json(200, {
        target: urn,
        likesSummary: {
          selectedLikes: [],
          totalLikes: m.likes,
          likedByCurrentUser: false,
          aggregatedTotalLikes: m.likes,
        },
        // The simulator's comments have no replies: every comment is a first-level one.
        commentsSummary: {
          selectedComments: [],
          aggregatedTotalComments: m.comments,
          totalFirstLevelComments: m.comments,
        },
      });
    },
    { auth: true },
  );
};
