/**
 * X's first comment: a reply of the account in the thread of its own post
 * (`POST /2/tweets` with `reply.in_reply_to_tweet_id`), under the post's last
 * tweet, so a thread goes on with it. After a call with no known outcome it is
 * looked for among the account's recent tweets by its text as X stores it
 * (reconcile.ts `comparableText`). 280 weighted characters, like any post.
 */
import type { PlatformFirstComment } from '../first-comment.ts';
import { pick, platformCall, str } from '../shared/http.ts';
import { xWeightedLength } from '../shared/text.ts';
import { authHeader } from './account.ts';
import { readXError } from './errors.ts';
import { POST_FIELDS } from './fields.ts';
import type { XCheckpoint } from './publish.ts';
import { comparableText } from './reconcile.ts';

const LIMIT = 280;
/** Recent tweets read when looking for the reply. */
const FIND_COUNT = 100;

/** The post's last tweet: a thread's last item (checkpointed), else the post itself. */
function lastTweet(platformPostId: string, checkpoint: Readonly<XCheckpoint>): string {
  const tweets = checkpoint.tweets ?? {};
  const last = Object.keys(tweets)
    .map(Number)
    .sort((a, b) => b - a)[0];
  return (last !== undefined ? tweets[String(last)] : undefined) ?? platformPostId;
}

export const twitterFirstComment: PlatformFirstComment = {
  measure: (text) => ({
    length: xWeightedLength(text),
    limit: LIMIT,
    unit: 'characters as X counts them (URLs 23, CJK and emoji 2)',
  }),
  async post(ctx) {
    const res = await platformCall({
      url: ctx.env.url('api', '/2/tweets'),
      headers: authHeader(ctx.account),
      json: {
        text: ctx.text,
        reply: { in_reply_to_tweet_id: lastTweet(ctx.platformPostId, ctx.checkpoint as XCheckpoint) },
      },
      signal: ctx.signal,
      timeoutMs: ctx.env.timeoutMs,
      createCall: true,
      what: 'X: first comment',
      readError: (r) => readXError(r),
    });
    return str(pick(res.json, 'data'), 'id', 'X reply');
  },
  async find(ctx) {
    const query = new URLSearchParams({ max_results: String(FIND_COUNT), [POST_FIELDS]: 'created_at,text' });
    const res = await platformCall({
      url: ctx.env.url('api', `/2/users/${encodeURIComponent(ctx.account.platformUserId)}/tweets?${query}`),
      headers: authHeader(ctx.account),
      signal: ctx.signal,
      timeoutMs: ctx.env.timeoutMs,
      what: 'X: looking for the first comment',
      readError: (r) => readXError(r),
    });
    const list = (pick(res.json, 'data') as unknown[] | undefined) ?? [];
    const wanted = comparableText(ctx.text);
    const id = str(
      list.find((t) => comparableText(str(t, 'text') ?? '') === wanted),
      'id',
    );
    return id ? { state: 'found', commentId: id } : { state: 'absent' };
  },
};
