/**
 * The engagement capabilities of a platform module: `comments` (list, create,
 * reply, delete, hide) and `messages` (direct-message conversations). Routes ask
 * `ctx.platforms[platform].comments` / `.messages`; a module without one does not
 * offer it. Calls fail with PlatformError (the `auth` class goes back to the one
 * refresh-once path) or with EngagementRefusal, which says what the platform's
 * refusal means for the user (an unknown comment, a missing permission, ...), so
 * the routes can answer 400/403/404/409 instead of a blanket 502.
 */
import type { AccountEnv } from './module.ts';

/** Who wrote a comment or message; platforms leave parts out without the right permission. */
export interface Author {
  id: string | null;
  name: string | null;
}

export interface CommentReply {
  id: string;
  text: string;
  author: Author;
  /** ISO 8601 UTC. */
  timestamp: string;
  likeCount: number;
}

/** A top-level comment with its first-level replies (interface.md, Comment). */
export interface Comment extends CommentReply {
  hidden: boolean;
  replies: CommentReply[];
}

/** One page of a list; `nextCursor` is null on the last page. */
export interface Paged {
  limit: number;
  after?: string | undefined;
}

/** The permissions (OAuth scopes) the platform wants for reading and for changing comments. */
export interface EngagementPermissions {
  /** Any one of these lets the account read (the first is the one to ask for). */
  read: readonly string[];
  write: string;
}

export interface PlatformComments {
  permissions: EngagementPermissions;
  /** Top-level comments of a platform post, newest first, each with its first-level replies. */
  list(
    a: AccountEnv,
    q: Paged & { postId: string },
  ): Promise<{ comments: Comment[]; nextCursor: string | null }>;
  /** A top-level comment on `postId`, or a reply to `commentId`; answers the new comment's id. */
  create(a: AccountEnv, c: { postId?: string; commentId?: string; text: string }): Promise<string>;
  /** Deletes a comment. Absent: the platform can not (`cannotDelete` says why). */
  delete?: (a: AccountEnv, commentId: string) => Promise<void>;
  /** Why comments can not be deleted here, when `delete` is absent. */
  cannotDelete?: string;
  /** Hides or shows a comment again. */
  setHidden(a: AccountEnv, commentId: string, hidden: boolean): Promise<void>;
}

export interface Participant {
  id: string;
  name: string | null;
  username: string | null;
  profilePictureUrl: string | null;
}

export interface Message {
  id: string;
  /** Null when the platform gives no details (Instagram: older than the 20 most recent). */
  text: string | null;
  from: Author | null;
  timestamp: string;
}

/** interface.md, Conversation. */
export interface Conversation {
  id: string;
  participants: Participant[];
  lastMessage: { id: string; text: string | null; from: Author; timestamp: string } | null;
  updatedTime: string;
}

export interface PlatformMessages {
  /** The permission reading and sending messages needs. */
  permission: string;
  conversations(
    a: AccountEnv,
    q: Paged,
  ): Promise<{
    selfId: string;
    selfUsername: string | null;
    conversations: Conversation[];
    nextCursor: string | null;
  }>;
  /** The messages of one conversation, newest first. */
  messages(
    a: AccountEnv,
    conversationId: string,
    q: Paged,
  ): Promise<{ messages: Message[]; nextCursor: string | null }>;
  /** Sends a text message; answers its id. */
  send(a: AccountEnv, m: { recipientId: string; text: string }): Promise<string>;
}

/**
 * What a platform's refusal means for the user:
 * - `not_found`: the post, comment, conversation or recipient does not exist (or is not this account's);
 * - `invalid`: the platform refused the request's content or parameters;
 * - `missing_permission`: the account was connected without `permission`;
 * - `not_allowed_now`: the platform refuses it in this state (Instagram's 24-hour messaging window).
 */
export type RefusalKind = 'not_found' | 'invalid' | 'missing_permission' | 'not_allowed_now';

export class EngagementRefusal extends Error {
  override name = 'EngagementRefusal';
  readonly kind: RefusalKind;
  readonly permission: string | undefined;
  constructor(kind: RefusalKind, message: string, permission?: string) {
    super(message);
    this.kind = kind;
    this.permission = permission;
  }
}
