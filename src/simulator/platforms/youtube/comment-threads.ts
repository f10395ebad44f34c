/**
 * `commentThreads.list` on the simulator (videos.ts inserts them): the threads
 * of one video (`videoId`), newest first with `order=time` (YouTube's default
 * order is relevance; the simulator has no relevance, so it answers newest first
 * either way), at most `maxResults` (1 to 100, default 20), 1 quota unit. A video
 * that does not exist is 404 `videoNotFound`; one made for kids has comments
 * disabled (403 `commentsDisabled`), as the real API answers.
 */
import { allParams, authOf, json } from '../../core/http.ts';
import type { SimRouter } from '../../core/router.ts';
import type { Simulator } from '../../core/simulator-api.ts';
import { googleError } from '../_shared/google.ts';
import { charge } from './quota.ts';
import type { VideoData } from './video.ts';

const error = (code: number, status: string, reason: string, message: string) =>
  googleError(code, status, message, [{ message, domain: 'youtube.commentThread', reason }]);

export const register = (r: SimRouter, sim: Simulator): void => {
  const comments = sim.state.collection<Record<string, unknown>>('youtube', 'comments');
  r.get(
    '/youtube/v3/commentThreads',
    (req) => {
      const refused = charge(sim, authOf(req).token.clientId, 'list');
      if (refused) return refused;
      const p = allParams(req);
      const post = p.videoId ? sim.state.getPost('youtube', p.videoId) : undefined;
      if (!post || post.deleted)
        return error(
          404,
          'NOT_FOUND',
          'videoNotFound',
          'The video identified by the videoId parameter could not be found.',
        );
      if ((post.data as unknown as VideoData).status.selfDeclaredMadeForKids === true)
        return error(
          403,
          'PERMISSION_DENIED',
          'commentsDisabled',
          'The video identified by the videoId parameter has disabled comments.',
        );
      const max = Math.min(100, Math.max(1, Number(p.maxResults ?? 20) || 20));
      const items = [...comments.values()]
        .filter((t) => (t.snippet as { videoId?: string } | undefined)?.videoId === post.id)
        .reverse()
        .slice(0, max);
      return json(200, {
        kind: 'youtube#commentThreadListResponse',
        pageInfo: { resultsPerPage: max },
        items,
      });
    },
    { auth: true },
  );
};
