/**
 * After a lost create: look for the post among the Page's recent feed
 * (`GET /{page}/feed?since=…`), matching the message. Unpublished posts do not
 * appear in the feed, so for `published: false` the answer is unknown.
 */
import { PlatformError, type PublishContext, type ReconcileResult } from '../contract.ts';
import { pick, str } from '../shared/http.ts';
import { postUrl } from './account.ts';
import { graph } from './graph.ts';
import { facebookOptions, graphTarget } from './publish.ts';

const LOOKBACK_S = 15 * 60;

export async function reconcileFacebook(ctx: PublishContext): Promise<ReconcileResult> {
  const opts = facebookOptions(ctx.target.platformSpecificData);
  if (opts.published === false)
    return {
      state: 'unknown',
      reason: 'Facebook does not list unpublished posts; check the Page before publishing again',
    };
  if (ctx.target.mediaItems.some((m) => m.type === 'video'))
    return {
      state: 'unknown',
      reason: 'Facebook videos can not be matched reliably; check the Page before publishing again',
    };
  const since = Math.floor(ctx.now().getTime() / 1000) - LOOKBACK_S;
  let res: Awaited<ReturnType<typeof graph>>;
  try {
    res = await graph(
      graphTarget(ctx),
      `${encodeURIComponent(ctx.account.platformUserId)}/feed?fields=id,message,created_time&since=${since}&limit=100`,
      {
        what: 'Facebook: list recent posts',
      },
    );
  } catch (err) {
    if (err instanceof PlatformError && err.errorClass === 'permanent')
      return { state: 'unknown', reason: err.message };
    throw err;
  }
  const posts = (pick(res.json, 'data') as unknown[] | undefined) ?? [];
  const wanted = ctx.target.content.trim();
  const match = posts.find((p) => (str(p, 'message') ?? '').trim() === wanted);
  const id = str(match, 'id');
  if (!id) return { state: 'absent' };
  return { state: 'published', platformPostId: id, platformPostUrl: postUrl(id) };
}
