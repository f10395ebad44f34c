/**
 * `app.bsky.feed.getPosts` on the simulator (the PDS proxying the AppView): up to
 * 25 `uris` (repeated parameter), the post views with like, repost, reply and
 * quote counts; URIs of unknown or deleted posts are left out, as the AppView does.
 */
import { json, type SimRouter, type Simulator } from '../../index.ts';
import { postMetrics } from '../_shared/metrics.ts';

export const register = (r: SimRouter, sim: Simulator): void => {
  r.get(
    '/xrpc/app.bsky.feed.getPosts',
    (req) => {
      const uris = req.searchParams?.getAll('uris') ?? (req.query.uris ? [req.query.uris] : []);
      if (uris.length === 0 || uris.length > 25)
        return json(400, { error: 'InvalidRequest', message: 'uris must have between 1 and 25 items' });
      const posts = uris.flatMap((uri) => {
        const post = sim.state.getPost('bluesky', uri);
        if (!post || post.deleted) return [];
        const m = postMetrics(sim, post);
        const author = sim.state.account('bluesky', post.accountId);
        return [
          {
            uri,
            cid: post.data.cid,
            author: { did: post.accountId, handle: author?.username ?? post.accountId },
            record: post.data.record,
            likeCount: m.likes,
            repostCount: m.shares,
            replyCount: m.comments,
            quoteCount: m.quotes,
            indexedAt: post.createdAt,
          },
        ];
      });
      return json(200, { posts });
    },
    { auth: true },
  );
};
