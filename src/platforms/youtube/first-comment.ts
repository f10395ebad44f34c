/**
 * YouTube's first comment (section 2 of the platform facts): a top-level comment
 * thread on the video, `commentThreads.insert` (50 quota units, scope
 * `youtube.force-ssl`), posted by the engine once the video is live (processed,
 * and public for a scheduled post). The target's own
 * `platformSpecificData.firstComment` replaces the post's. After a call with no
 * known outcome, `commentThreads.list` on the video (newest first) is searched
 * for the channel's comment with the same text. YouTube refuses comments on
 * videos made for kids (403 `commentsDisabled`): a warning, the video stays.
 */
import type { Checkpoint } from '../contract.ts';
import type { FirstCommentContext, PlatformFirstComment } from '../first-comment.ts';
import { measureChars } from '../first-comment.ts';
import { platformCall } from '../shared/http.ts';
import { arr, pick, str } from '../shared/json.ts';
import { authHeader } from './account.ts';
import type { YouTubeCheckpoint } from './checkpoint.ts';
import { readYouTubeError } from './errors.ts';

/** interface.md, YouTubeConfigurations.firstComment (and YouTube's own limit). */
export const YOUTUBE_COMMENT_MAX = 10_000;
/** Comment threads read when looking for one that may have been posted (the newest first). */
const FIND_PAGE = 100;

const readError = (r: Parameters<typeof readYouTubeError>[0]) => readYouTubeError(r);
const url = (ctx: FirstCommentContext) => ctx.env.url('api', '/youtube/v3/commentThreads');

export const youtubeFirstComment: PlatformFirstComment = {
  measure: measureChars(YOUTUBE_COMMENT_MAX),
  ownText: (psd) => (typeof psd.firstComment === 'string' ? psd.firstComment : undefined),
  async post(ctx) {
    const res = await platformCall({
      url: url(ctx),
      query: { part: 'snippet' },
      headers: authHeader(ctx.account),
      json: {
        snippet: { videoId: ctx.platformPostId, topLevelComment: { snippet: { textOriginal: ctx.text } } },
      },
      signal: ctx.signal,
      timeoutMs: ctx.env.timeoutMs,
      createCall: true,
      what: 'YouTube: first comment',
      readError,
    });
    return str(res.json, 'id', 'YouTube comment thread');
  },
  async find(ctx) {
    const res = await platformCall({
      url: url(ctx),
      query: {
        part: 'snippet',
        videoId: ctx.platformPostId,
        order: 'time',
        maxResults: String(FIND_PAGE),
        textFormat: 'plainText',
      },
      headers: authHeader(ctx.account),
      signal: ctx.signal,
      timeoutMs: ctx.env.timeoutMs,
      what: 'YouTube: looking for the first comment',
      readError,
    });
    const channel = ctx.account.platformUserId;
    const mine = arr(res.json, 'items').find((thread) => {
      const snippet = pick(thread, 'snippet', 'topLevelComment', 'snippet');
      return (
        str(snippet, 'textOriginal') === ctx.text &&
        str(pick(snippet, 'authorChannelId'), 'value') === channel
      );
    });
    const id = mine ? str(mine, 'id') : undefined;
    return id ? { state: 'found', commentId: id } : { state: 'absent' };
  },
  // Before the engine posted first comments, publishing did and checkpointed the outcome.
  earlier(checkpoint: Readonly<Checkpoint>) {
    const comment = (checkpoint as YouTubeCheckpoint).comment;
    if (comment === 'failed') return 'handled';
    return comment ? { commentId: comment } : undefined;
  },
};
