/**
 * Replies ("comments") on Threads posts (section 3.3 of the platform facts):
 * `GET /{media}/replies` (top-level replies, newest first) and, for those with
 * replies, `GET /{reply}/replies` (the first level under them); a reply of the
 * account is a post of its own made through the container flow (`POST
 * /{user}/threads` with `media_type=TEXT` and `reply_to_id`, then
 * `threads_publish`), retried on the same container like a publish when Threads
 * says the fresh container is not found yet; `POST /{reply}/manage_reply` hides
 * (top-level replies only). Threads can not delete other people's replies: only
 * hiding moderates them. Threads reports no like counts for replies (0).
 */

import { PlatformError } from '../contract.ts';
import type { Comment, CommentReply, PlatformComments } from '../engagement.ts';
import type { AccountEnv } from '../module.ts';
import { pick, str } from '../shared/json.ts';
import { THREADS_VERSION } from '../shared/meta.ts';
import {
  collectPages,
  idOf,
  isoTime,
  type MetaCallOptions,
  metaEngagementCall,
} from '../shared/meta-engagement.ts';
import { threadsFlow } from './container.ts';
import { readThreadsError } from './errors.ts';

const READ = 'threads_read_replies';
const WRITE = 'threads_manage_replies';
const REPLY_FIELDS = 'id,text,username,timestamp';
/** Replies read under each top-level reply (the first page of them). */
const NESTED_LIMIT = 25;

export const THREADS_CANNOT_DELETE =
  "Deleting comments is not supported on Threads: its API deletes only the account's own posts, and other people's replies can only be hidden (PATCH /v1/comments/{commentId} with hidden: true)";

const call = (a: AccountEnv, path: string, o: MetaCallOptions) =>
  metaEngagementCall(
    {
      env: a.env,
      token: a.account.accessToken,
      version: THREADS_VERSION,
      label: 'Threads',
      readError: readThreadsError,
    },
    path,
    o,
  );

function readReply(item: unknown): CommentReply {
  return {
    id: str(item, 'id', 'Threads reply'),
    text: str(item, 'text') ?? '',
    // Replies carry the author's username only.
    author: { id: null, name: str(item, 'username') ?? null },
    timestamp: isoTime(pick(item, 'timestamp')),
    likeCount: 0,
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export const threadsComments: PlatformComments = {
  permissions: { read: [READ, WRITE], write: WRITE },
  async list(a, q) {
    const read = await collectPages(
      q.limit,
      100,
      q.after,
      (size, after) =>
        call(a, `${encodeURIComponent(q.postId)}/replies`, {
          subject: `post ${q.postId}`,
          permission: READ,
          query: {
            fields: `${REPLY_FIELDS},has_replies,hide_status`,
            reverse: 'true',
            limit: String(size),
            after,
          },
        }),
      (item) => ({ item, reply: readReply(item) }),
    );
    const comments: Comment[] = [];
    for (const { item, reply } of read.items) {
      const nested =
        pick(item, 'has_replies') === true
          ? await call(a, `${encodeURIComponent(reply.id)}/replies`, {
              subject: `reply ${reply.id}`,
              permission: READ,
              query: { fields: REPLY_FIELDS, reverse: 'false', limit: String(NESTED_LIMIT) },
            })
          : { data: [] };
      const data = pick(nested, 'data');
      comments.push({
        ...reply,
        hidden: str(item, 'hide_status') === 'HIDDEN',
        replies: Array.isArray(data) ? data.map(readReply) : [],
      });
    }
    return { comments, nextCursor: read.nextCursor };
  },
  async create(a, c) {
    const replyTo = c.commentId ?? c.postId ?? '';
    const subject = c.commentId ? `comment ${replyTo}` : `post ${replyTo}`;
    const user = encodeURIComponent(a.account.platformUserId);
    const container = idOf(
      await call(a, `${user}/${threadsFlow.containerEdge}`, {
        method: 'POST',
        subject,
        permission: WRITE,
        form: { media_type: 'TEXT', text: c.text, reply_to_id: replyTo },
      }),
      'Threads reply container',
    );
    for (let attempt = 1; ; attempt++) {
      try {
        const published = await call(a, `${user}/${threadsFlow.publishEdge}`, {
          method: 'POST',
          subject: `reply container ${container}`,
          permission: WRITE,
          form: { creation_id: container },
        });
        return idOf(published, 'Threads reply');
      } catch (err) {
        // The known race right after a container is made: the same container, a little later.
        if (
          !(err instanceof PlatformError) ||
          !threadsFlow.notReady(err) ||
          attempt >= threadsFlow.notReadyTries
        )
          throw err;
        await sleep(threadsFlow.notReadyWaitMs);
      }
    }
  },
  cannotDelete: THREADS_CANNOT_DELETE,
  async setHidden(a, commentId, hidden) {
    await call(a, `${encodeURIComponent(commentId)}/manage_reply`, {
      method: 'POST',
      subject: `comment ${commentId}`,
      permission: WRITE,
      form: { hide: String(hidden) },
    });
  },
};
