/**
 * The first comment: `POST /api/comment` with the post's fullname as `thing_id`
 * (scope `submit`), answered `json.data.things[0].data` (the comment, `t1_…`).
 * After a comment with no known outcome, `find` reads the account's comments for
 * one under the post with the same text. Reddit's comment limit is 10,000 characters.
 */

import { PlatformError } from '../contract.ts';
import type { FirstCommentContext, PlatformFirstComment } from '../first-comment.ts';
import { measureChars } from '../first-comment.ts';
import { pick } from '../shared/json.ts';
import { fullname, usernameOf } from './account.ts';
import { type RedditTarget, redditWrite } from './api.ts';
import { userComments } from './listing.ts';

const targetOf = (ctx: FirstCommentContext): RedditTarget => ({
  baseUrl: ctx.env.url('api', ''),
  accessToken: ctx.account.accessToken,
  apiVersion: ctx.env.apiVersion,
  signal: ctx.signal,
});

export const redditFirstComment: PlatformFirstComment = {
  measure: measureChars(10_000),
  async post(ctx) {
    const answer = await redditWrite(
      targetOf(ctx),
      '/api/comment',
      { thing_id: fullname(ctx.platformPostId), text: ctx.text },
      'Reddit: first comment',
      true,
    );
    const name = pick(answer, 'json', 'data', 'things', 0, 'data', 'name');
    if (typeof name !== 'string')
      throw new PlatformError('unknown_outcome', 'Reddit: the comment answer has no id');
    return name;
  },
  async find(ctx) {
    const mine = (await userComments(targetOf(ctx), usernameOf(ctx.account))).find(
      (c) => c.link_id === fullname(ctx.platformPostId) && c.body === ctx.text,
    );
    return mine ? { state: 'found', commentId: String(mine.name) } : { state: 'absent' };
  },
};
