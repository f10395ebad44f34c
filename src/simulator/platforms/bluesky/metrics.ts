/**
 * `app.bsky.feed.getPosts` on the simulator (the PDS proxying the AppView): up to
 * 25 `uris` (repeated parameter), the post views with like, repost, reply and
 * quote counts; URIs of unknown or deleted posts are left out, as the AppView does.
 * A post view always has the record and its CID (the lexicon requires both), also
 * for posts a test put in the state directly.
 */
import { json, type SimRouter, type Simulator } from '../../index.ts';
import { postMetrics } from '../_shared/metrics.ts';
import { cidOf } from './ids.ts';

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
        const record = (post.data.record as Record<string, unknown> | undefined) ?? {
          $type: 'app.bsky.feed.post',
          text: String(post.data.text ?? ''),
          createdAt: post.createdAt,
        };
        return [
          {
            uri,
            cid: typeof post.data.cid === 'string' ? post.data.cid : cidOf(JSON.stringify(record)),
            author: { did: post.accountId, handle: author?.username ?? post.accountId },
            record,
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
