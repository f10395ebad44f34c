/**
 * Facebook's first comment: a comment of the Page under its own post
 * (`POST /{post}/comments`, section 1.3 of the platform facts), through the
 * module's comments capability; found again by the Page's id as its author.
 * A Reel's comment goes under its video id; a Story takes none (skipped).
 */
import { measureChars } from '../first-comment.ts';
import { firstCommentViaComments } from '../shared/first-comment-via-comments.ts';
import { facebookComments } from './comments.ts';
import { isFacebookStory } from './options.ts';

/** Facebook's comment length as widely cited (Graph does not publish one); refused above it at create. */
export const FACEBOOK_COMMENT_MAX = 8000;

export const facebookFirstComment = firstCommentViaComments(facebookComments, {
  measure: measureChars(FACEBOOK_COMMENT_MAX),
  // A Page Story takes no comments (a Reel does: the comment goes under its video).
  noCommentsOn: isFacebookStory,
  byAccount: (author, ctx) => author.id === ctx.account.platformUserId,
});
