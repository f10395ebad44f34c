/**
 * Request and answer schemas of the comments and messages endpoints
 * (interface.md "Comments", "Messages", Comment, Conversation; decisions.md
 * "Engagement"), with examples for the API reference. The platforms offered are
 * the modules with the capability (src/platforms/registry.ts).
 */
import { Type } from 'typebox';
import type { PlatformModule } from '../../platforms/module.ts';
import type { Platform } from '../../platforms/names.ts';
import { PLATFORM_MODULES } from '../../platforms/registry.ts';

const withCapability = (c: 'comments' | 'messages'): Platform[] =>
  (Object.keys(PLATFORM_MODULES) as Platform[]).filter((p) => (PLATFORM_MODULES[p] as PlatformModule)[c]);

export const COMMENT_PLATFORMS = withCapability('comments');
export const MESSAGE_PLATFORMS = withCapability('messages');

const Nullable = <T extends ReturnType<typeof Type.String>>(s: T) => Type.Union([s, Type.Null()]);

const AccountId = Type.String({
  minLength: 1,
  description: 'The integration id (GET /v1/connect/integrations); it must belong to your project.',
  examples: ['int_01jd3k0000abcdefghjkmnpqrs'],
});
const Cursor = Type.String({
  minLength: 1,
  description: 'The nextCursor of the previous page.',
  examples: ['QVFIUmFkdWJ3'],
});

export const commentPlatform = () =>
  Type.Enum([...COMMENT_PLATFORMS], {
    description: 'facebook, instagram or threads',
    examples: ['instagram'],
  });
export const messagePlatform = () =>
  Type.Enum([...MESSAGE_PLATFORMS], { description: 'instagram', examples: ['instagram'] });

export const CommentsQuery = Type.Object(
  {
    platform: commentPlatform(),
    accountId: AccountId,
    postId: Type.String({
      minLength: 1,
      description:
        "The platform's post id, or our own postId (the post's published target on this account is used).",
      examples: ['17895695668004550', 'post_0m3x1k2ab7qrs8tvwxyz0123'],
    }),
    limit: Type.Integer({ minimum: 1, maximum: 100, default: 25 }),
    after: Type.Optional(Cursor),
  },
  { additionalProperties: false },
);

export const AccountQuery = (platform: ReturnType<typeof commentPlatform>) =>
  Type.Object({ platform, accountId: AccountId }, { additionalProperties: false });

const Author = Type.Object({
  id: Nullable(Type.String()),
  name: Nullable(
    Type.String({ description: 'Display name, or the username where the platform gives only that.' }),
  ),
});

const replyFields = {
  id: Type.String(),
  text: Type.String(),
  author: Author,
  timestamp: Type.String({ format: 'date-time' }),
  likeCount: Type.Integer({ description: 'Threads reports no like counts for replies: 0.' }),
};

export const CommentSchema = Type.Object({
  ...replyFields,
  hidden: Type.Boolean(),
  replies: Type.Array(Type.Object(replyFields), { description: 'First-level replies.' }),
});

const commentExample = {
  id: '17858893269000001',
  text: 'Love this!',
  author: { id: '17841400000000099', name: 'happy_customer' },
  timestamp: '2026-11-24T09:00:00.000Z',
  likeCount: 3,
  hidden: false,
  replies: [
    {
      id: '17858893269000002',
      text: 'Thank you!',
      author: { id: '17841400000000001', name: 'our_brand' },
      timestamp: '2026-11-24T09:05:00.000Z',
      likeCount: 1,
    },
  ],
};

export const CommentsAnswer = Type.Object(
  {
    success: Type.Boolean(),
    comments: Type.Array(CommentSchema),
    nextCursor: Nullable(
      Type.String({ description: 'Pass as `after` for the next page; null on the last.' }),
    ),
  },
  { examples: [{ success: true, comments: [commentExample], nextCursor: 'QVFIUmFkdWJ3' }] },
);

export const CreateCommentBody = Type.Object(
  {
    platform: commentPlatform(),
    accountId: AccountId,
    text: Type.String({ minLength: 1, maxLength: 10000 }),
    postId: Type.Optional(
      Type.String({
        minLength: 1,
        description: "A top-level comment on this post (the platform's id or our postId).",
      }),
    ),
    commentId: Type.Optional(Type.String({ minLength: 1, description: 'A reply to this comment.' })),
  },
  {
    additionalProperties: false,
    examples: [
      {
        platform: 'instagram',
        accountId: 'int_01jd3k0000abcdefghjkmnpqrs',
        postId: '17895695668004550',
        text: 'Thanks for watching!',
      },
      {
        platform: 'facebook',
        accountId: 'int_01jd3k0000abcdefghjkmnpqrs',
        commentId: '1234_5678',
        text: 'Glad you like it',
      },
    ],
  },
);

export const CommentIdParams = Type.Object({
  commentId: Type.String({ minLength: 1, examples: ['17858893269000001'] }),
});

export const HideBody = Type.Object(
  {
    platform: commentPlatform(),
    accountId: AccountId,
    hidden: Type.Boolean({ description: 'true hides the comment, false shows it again.' }),
  },
  {
    additionalProperties: false,
    examples: [{ platform: 'instagram', accountId: 'int_01jd3k0000abcdefghjkmnpqrs', hidden: true }],
  },
);

export const SuccessAnswer = Type.Object({ success: Type.Boolean() }, { examples: [{ success: true }] });

export const CommentIdAnswer = Type.Object(
  { success: Type.Boolean(), commentId: Type.String() },
  { examples: [{ success: true, commentId: '17858893269000003' }] },
);

export const ConversationsQuery = Type.Object(
  {
    platform: messagePlatform(),
    accountId: AccountId,
    limit: Type.Integer({ minimum: 1, maximum: 100, default: 20 }),
    after: Type.Optional(Cursor),
  },
  { additionalProperties: false },
);

export const MessagesQuery = Type.Object(
  {
    platform: messagePlatform(),
    accountId: AccountId,
    limit: Type.Integer({ minimum: 1, maximum: 100, default: 25 }),
    after: Type.Optional(Cursor),
  },
  { additionalProperties: false },
);

export const ConversationIdParams = Type.Object({
  conversationId: Type.String({ minLength: 1, examples: ['aWdfZAG06MTpJR01lc3NhZA'] }),
});

const Participant = Type.Object({
  id: Type.String(),
  name: Nullable(Type.String()),
  username: Nullable(Type.String()),
  profilePictureUrl: Nullable(Type.String()),
});

export const ConversationSchema = Type.Object({
  id: Type.String(),
  participants: Type.Array(Participant, {
    description: 'The people in the conversation besides the account.',
  }),
  lastMessage: Type.Union([
    Type.Object({
      id: Type.String(),
      text: Nullable(Type.String()),
      from: Author,
      timestamp: Type.String({ format: 'date-time' }),
    }),
    Type.Null(),
  ]),
  updatedTime: Type.String({ format: 'date-time' }),
});

export const ConversationsAnswer = Type.Object(
  {
    success: Type.Boolean(),
    selfId: Type.String({
      description: "The account's own id (to tell its messages from the other person's).",
    }),
    selfUsername: Nullable(Type.String()),
    conversations: Type.Array(ConversationSchema),
    nextCursor: Nullable(Type.String()),
  },
  {
    examples: [
      {
        success: true,
        selfId: '17841400000000001',
        selfUsername: 'our_brand',
        conversations: [
          {
            id: 'aWdfZAG06MTpJR01lc3NhZA',
            participants: [
              { id: '7260000000000001', name: null, username: 'happy_customer', profilePictureUrl: null },
            ],
            lastMessage: {
              id: 'aWdfZAG1faXRlbTo',
              text: 'Do you ship to Canada?',
              from: { id: '7260000000000001', name: 'happy_customer' },
              timestamp: '2026-11-24T10:00:00.000Z',
            },
            updatedTime: '2026-11-24T10:00:00.000Z',
          },
        ],
        nextCursor: null,
      },
    ],
  },
);

export const MessagesAnswer = Type.Object(
  {
    success: Type.Boolean(),
    messages: Type.Array(
      Type.Object({
        id: Type.String(),
        text: Nullable(Type.String({ description: 'Null when the platform gives no details.' })),
        from: Type.Union([Author, Type.Null()]),
        timestamp: Type.String({ format: 'date-time' }),
      }),
    ),
    nextCursor: Nullable(Type.String()),
  },
  {
    examples: [
      {
        success: true,
        messages: [
          {
            id: 'aWdfZAG1faXRlbTo',
            text: 'Do you ship to Canada?',
            from: { id: '7260000000000001', name: 'happy_customer' },
            timestamp: '2026-11-24T10:00:00.000Z',
          },
        ],
        nextCursor: null,
      },
    ],
  },
);

export const SendBody = Type.Object(
  {
    platform: messagePlatform(),
    accountId: AccountId,
    recipientId: Type.String({
      minLength: 1,
      description: "The person's id (a participant id of the conversation).",
    }),
    text: Type.String({
      minLength: 1,
      maxLength: 1000,
      description: 'At most 1000 bytes as UTF-8 (Instagram).',
    }),
  },
  {
    additionalProperties: false,
    examples: [
      {
        platform: 'instagram',
        accountId: 'int_01jd3k0000abcdefghjkmnpqrs',
        recipientId: '7260000000000001',
        text: 'Yes, we do!',
      },
    ],
  },
);

export const MessageIdAnswer = Type.Object(
  { success: Type.Boolean(), messageId: Type.String() },
  { examples: [{ success: true, messageId: 'aWdfZAG1faXRlbTo2' }] },
);
