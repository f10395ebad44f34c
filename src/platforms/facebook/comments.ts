/**
 * Comments on Facebook Page posts (section 1.3 of the platform facts), with the
 * Page token: `GET /{post}/comments?filter=toplevel&order=reverse_chronological`
 * with the replies expanded (`comments{...}`), `POST /{post|comment}/comments`
 * (`message`), `POST /{comment}` with `is_hidden`, `DELETE /{comment}`. Reading
 * other people's names needs `pages_read_user_content`; changes need
 * `pages_manage_engagement`.
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
  type MetaCallOptions,
  metaEngagementCall,
} from '../shared/meta-engagement.ts';
import { readGraphError } from './errors.ts';

const READ = 'pages_read_user_content';
const WRITE = 'pages_manage_engagement';
const REPLY_FIELDS = 'id,message,created_time,from,like_count';
const FIELDS = `${REPLY_FIELDS},is_hidden,comments{${REPLY_FIELDS}}`;

const call = (a: AccountEnv, path: string, o: MetaCallOptions) =>
  metaEngagementCall(
    {
      env: a.env,
      token: a.account.accessToken,
      version: GRAPH_VERSION,
      label: 'Facebook',
      readError: readGraphError,
    },
    path,
    o,
  );

function readReply(item: unknown): CommentReply {
  return {
    id: str(item, 'id', 'Facebook comment'),
    text: str(item, 'message') ?? '',
    author: { id: str(pick(item, 'from'), 'id') ?? null, name: str(pick(item, 'from'), 'name') ?? null },
    timestamp: isoTime(pick(item, 'created_time')),
    likeCount: countOf(item, 'like_count'),
  };
}

function readComment(item: unknown): Comment {
  const replies = pick(item, 'comments', 'data');
  return {
    ...readReply(item),
    hidden: pick(item, 'is_hidden') === true,
    replies: Array.isArray(replies) ? replies.map(readReply) : [],
  };
}

export const facebookComments: PlatformComments = {
  permissions: { read: [READ, 'pages_read_engagement'], write: WRITE },
  async list(a, q) {
    const read = await collectPages(
      q.limit,
      100,
      q.after,
      (size, after) =>
        call(a, `${encodeURIComponent(q.postId)}/comments`, {
          subject: `post ${q.postId}`,
          permission: READ,
          query: {
            filter: 'toplevel',
            order: 'reverse_chronological',
            fields: FIELDS,
            limit: String(size),
            after,
          },
        }),
      readComment,
    );
    return { comments: read.items, nextCursor: read.nextCursor };
  },
  async create(a, c) {
    const id = c.commentId ?? c.postId ?? '';
    const answer = await call(a, `${encodeURIComponent(id)}/comments`, {
      method: 'POST',
      subject: c.commentId ? `comment ${id}` : `post ${id}`,
      permission: WRITE,
      form: { message: c.text },
    });
    return idOf(answer, 'Facebook comment');
  },
  async delete(a, commentId) {
    await call(a, encodeURIComponent(commentId), {
      method: 'DELETE',
      subject: `comment ${commentId}`,
      permission: WRITE,
    });
  },
  async setHidden(a, commentId, hidden) {
    await call(a, encodeURIComponent(commentId), {
      method: 'POST',
      subject: `comment ${commentId}`,
      permission: WRITE,
      form: { is_hidden: String(hidden) },
    });
  },
};
