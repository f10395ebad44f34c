/**
 * Threads' first comment: a reply of the account to its own post, made through
 * the container flow with `reply_to_id` (section 3.3 of the platform facts) by
 * the module's comments capability; found again among the post's newest replies
 * by `is_reply_owned_by_me` and the text (replies carry no author id).
 */
import type { PlatformFirstComment } from '../first-comment.ts';
import { measureChars } from '../first-comment.ts';
import { arr, pick, str } from '../shared/json.ts';
import { THREADS_VERSION } from '../shared/meta.ts';
import { metaEngagementCall } from '../shared/meta-engagement.ts';
import { threadsComments } from './comments.ts';
import { readThreadsError } from './errors.ts';

/** A reply is a post: the post's 500-character limit. */
export const THREADS_REPLY_MAX = 500;
/** Replies read when looking for one that may have been posted (the newest first). */
const FIND_LIMIT = 50;

export const threadsFirstComment: PlatformFirstComment = {
  measure: measureChars(THREADS_REPLY_MAX),
  post: (ctx) => threadsComments.create(ctx, { postId: ctx.platformPostId, text: ctx.text }),
  async find(ctx) {
    const answer = await metaEngagementCall(
      {
        env: ctx.env,
        token: ctx.account.accessToken,
        version: THREADS_VERSION,
        label: 'Threads',
        readError: readThreadsError,
      },
      `${encodeURIComponent(ctx.platformPostId)}/replies`,
      {
        subject: `post ${ctx.platformPostId}`,
        permission: 'threads_read_replies',
        query: { fields: 'id,text,is_reply_owned_by_me', reverse: 'true', limit: String(FIND_LIMIT) },
      },
    );
    const mine = arr(answer, 'data').find(
      (r) => pick(r, 'is_reply_owned_by_me') === true && str(r, 'text') === ctx.text,
    );
    const id = mine ? str(mine, 'id') : undefined;
    return id ? { state: 'found', commentId: id } : { state: 'absent' };
  },
};
