/**
 * LinkedIn's first comment: a comment of the post's author (the member or the
 * organization) under its own post, `POST /rest/socialActions/{post urn}/comments`
 * with `{actor, object, message: {text}}` (section 5.4 of the platform facts),
 * with the LinkedIn-Version every call carries. The comment's text is plain (no
 * little-text escaping; mentions would be attributes). After a call with no
 * known outcome, the post's newest comments are searched for the author's with
 * the same text.
 */
import type { FirstCommentContext, PlatformFirstComment } from '../first-comment.ts';
import { measureChars } from '../first-comment.ts';
import { platformCall } from '../shared/http.ts';
import { arr, pick, str } from '../shared/json.ts';
import { authorUrn, linkedinHeaders } from './account.ts';
import { readLinkedInError } from './errors.ts';

/** LinkedIn's comment limit (widely cited; the API refuses longer ones with 422). */
export const LINKEDIN_COMMENT_MAX = 1250;
/** Comments read when looking for one that may have been posted. */
const FIND_COUNT = 100;

const commentsUrl = (ctx: FirstCommentContext) =>
  ctx.env.url('api', `/rest/socialActions/${encodeURIComponent(ctx.platformPostId)}/comments`);

export const linkedinFirstComment: PlatformFirstComment = {
  measure: measureChars(LINKEDIN_COMMENT_MAX),
  async post(ctx) {
    const res = await platformCall({
      url: commentsUrl(ctx),
      headers: linkedinHeaders(ctx.account, ctx.env.apiVersion),
      json: { actor: authorUrn(ctx.account), object: ctx.platformPostId, message: { text: ctx.text } },
      signal: ctx.signal,
      timeoutMs: ctx.env.timeoutMs,
      createCall: true,
      what: 'LinkedIn: first comment',
      readError: (r) => readLinkedInError(r),
    });
    return res.headers.get('x-restli-id') ?? str(res.json, '$URN') ?? str(res.json, 'id', 'LinkedIn comment');
  },
  async find(ctx) {
    const res = await platformCall({
      url: commentsUrl(ctx),
      query: { start: '0', count: String(FIND_COUNT) },
      headers: linkedinHeaders(ctx.account, ctx.env.apiVersion),
      signal: ctx.signal,
      timeoutMs: ctx.env.timeoutMs,
      what: 'LinkedIn: looking for the first comment',
      readError: (r) => readLinkedInError(r),
    });
    const actor = authorUrn(ctx.account);
    const mine = arr(res.json, 'elements').find(
      (c) => str(c, 'actor') === actor && str(pick(c, 'message'), 'text') === ctx.text,
    );
    const id = mine ? (str(mine, '$URN') ?? str(mine, 'id')) : undefined;
    return id ? { state: 'found', commentId: id } : { state: 'absent' };
  },
};
