/**
 * A first-comment capability made of a module's `comments` capability (Facebook,
 * Instagram, Threads): `post` is its create on the post, `find` reads the post's
 * newest top-level comments and looks for the account's own with the same text.
 */
import type { PlatformComments } from '../engagement.ts';
import type { FirstCommentContext, PlatformFirstComment } from '../first-comment.ts';
import type { TextMeasure } from './input.ts';

/** Top-level comments read when looking for one that may have been posted (the newest first). */
const FIND_LIMIT = 50;

export function firstCommentViaComments(
  comments: PlatformComments,
  o: {
    measure: (text: string) => TextMeasure;
    /** Whether a comment's author is the account itself. */
    byAccount: (author: { id: string | null; name: string | null }, ctx: FirstCommentContext) => boolean;
    /** Formats that take no comment (PlatformFirstComment.noCommentsOn). */
    noCommentsOn?: PlatformFirstComment['noCommentsOn'];
  },
): PlatformFirstComment {
  return {
    measure: o.measure,
    ...(o.noCommentsOn ? { noCommentsOn: o.noCommentsOn } : {}),
    post: (ctx) => comments.create(ctx, { postId: ctx.platformPostId, text: ctx.text }),
    async find(ctx) {
      const read = await comments.list(ctx, { postId: ctx.platformPostId, limit: FIND_LIMIT });
      const mine = read.comments.find((c) => c.text === ctx.text && o.byAccount(c.author, ctx));
      return mine ? { state: 'found', commentId: mine.id } : { state: 'absent' };
    },
  };
}
