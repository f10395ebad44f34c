/**
 * Comments on Instagram media (Instagram Login, section 2.4 of the platform
 * facts): `GET /{media}/comments` with the `replies{...}` expansion (top-level
 * comments only, newest first, at most 50 a call: bigger pages take several
 * calls), `POST /{media}/comments` and `POST /{comment}/replies` (`message`),
 * `POST /{comment}` with `hide`, `DELETE /{comment}`. Every call needs
 * `instagram_business_manage_comments`.
 */
import type { Comment, CommentReply, PlatformComments } from '../engagement.ts';
import type { AccountEnv } from '../module.ts';
import { pick, str } from '../shared/json.ts';
import { GRAPH_VERSION } from '../shared/meta.ts';
import {
  collectPages,
  countOf,
  idOf,
  isoTime,
  type MetaEngagementEnv,
  metaEngagementCall,
} from '../shared/meta-engagement.ts';
import { readInstagramError } from './errors.ts';

const PERMISSION = 'instagram_business_manage_comments';
const MAX_PER_CALL = 50;
const REPLY_FIELDS = 'id,text,timestamp,username,from{id,username},like_count';
const FIELDS = `${REPLY_FIELDS},hidden,replies{${REPLY_FIELDS}}`;

export const igEnv = (a: AccountEnv): MetaEngagementEnv => ({
  env: a.env,
  token: a.account.accessToken,
  version: GRAPH_VERSION,
  label: 'Instagram',
  readError: readInstagramError,
});

function readReply(item: unknown): CommentReply {
  return {
    id: str(item, 'id', 'Instagram comment'),
    text: str(item, 'text') ?? '',
    author: {
      id: str(pick(item, 'from'), 'id') ?? null,
      name: str(pick(item, 'from'), 'username') ?? str(item, 'username') ?? null,
    },
    timestamp: isoTime(pick(item, 'timestamp')),
    likeCount: countOf(item, 'like_count'),
  };
}

function readComment(item: unknown): Comment {
  const replies = pick(item, 'replies', 'data');
  return {
    ...readReply(item),
    hidden: pick(item, 'hidden') === true,
    replies: Array.isArray(replies) ? replies.map(readReply) : [],
  };
}

const call = (a: AccountEnv, path: string, o: Parameters<typeof metaEngagementCall>[2]) =>
  metaEngagementCall(igEnv(a), path, o);

export const instagramComments: PlatformComments = {
  permissions: { read: [PERMISSION], write: PERMISSION },
  async list(a, q) {
    const subject = `post ${q.postId}`;
    const read = await collectPages(
      q.limit,
      MAX_PER_CALL,
      q.after,
      (size, after) =>
        call(a, `${encodeURIComponent(q.postId)}/comments`, {
          subject,
          permission: PERMISSION,
          query: { fields: FIELDS, limit: String(size), after },
        }),
      readComment,
    );
    return { comments: read.items, nextCursor: read.nextCursor };
  },
  async create(a, c) {
    const target = c.commentId
      ? { path: `${encodeURIComponent(c.commentId)}/replies`, subject: `comment ${c.commentId}` }
      : { path: `${encodeURIComponent(c.postId ?? '')}/comments`, subject: `post ${c.postId}` };
    const answer = await call(a, target.path, {
      method: 'POST',
      subject: target.subject,
      permission: PERMISSION,
      form: { message: c.text },
    });
    return idOf(answer, 'Instagram comment');
  },
  async delete(a, commentId) {
    await call(a, encodeURIComponent(commentId), {
      method: 'DELETE',
      subject: `comment ${commentId}`,
      permission: PERMISSION,
    });
  },
  async setHidden(a, commentId, hidden) {
    await call(a, encodeURIComponent(commentId), {
      method: 'POST',
      subject: `comment ${commentId}`,
      permission: PERMISSION,
      form: { hide: String(hidden) },
    });
  },
};
