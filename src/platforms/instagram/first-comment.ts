/**
 * Instagram's first comment: a top-level comment of the account on its own
 * published media (`POST /{ig-media-id}/comments`, section 2.4 of the platform
 * facts; not on live video), through the module's comments capability; found
 * again by the account's id (or username) as its author.
 */
import { measureChars } from '../first-comment.ts';
import { firstCommentViaComments } from '../shared/first-comment-via-comments.ts';
import { instagramComments } from './comments.ts';
import { isInstagramStory } from './options.ts';

/** Instagram's comment limit (the same as a caption's). */
export const INSTAGRAM_COMMENT_MAX = 2200;

export const instagramFirstComment = firstCommentViaComments(instagramComments, {
  measure: measureChars(INSTAGRAM_COMMENT_MAX),
  // Stories take no comments (only replies by message).
  noCommentsOn: isInstagramStory,
  byAccount: (author, ctx) =>
    author.id === ctx.account.platformUserId ||
    (author.id === null && author.name !== null && author.name === ctx.account.metadata.username),
});
