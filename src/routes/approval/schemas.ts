/** Request and answer schemas of approval, notes and client review links. */
import { Type } from 'typebox';
import { NOTE_MAX_LENGTH } from '../../domain/approval/notes.ts';
import { LABEL_MAX_LENGTH } from '../../domain/approval/review-links.ts';
import { APPROVAL_MODES } from '../../domain/approval/settings.ts';
import { IDS } from '../examples.ts';
import { CreateAnswerSchema, PostSchema } from '../posts/schemas.ts';

const Nullable = <T extends ReturnType<typeof Type.String>>(s: T) => Type.Union([s, Type.Null()]);

export const ApprovalModeField = Type.Enum([...APPROVAL_MODES], {
  description:
    'off: no approval step; nothing waits, and a contributor (who can not publish) saves drafts only: their publish, schedule and queue are refused with 403. contributors (the default): a contributor’s post waits for approval, editors and up publish directly. everyone: every post waits, whoever makes it.',
});

export const ApprovalSettingsSchema = Type.Object({
  success: Type.Boolean(),
  approval: ApprovalModeField,
  profiles: Type.Array(Type.Object({ profileId: Type.String(), approval: ApprovalModeField }), {
    description: 'Profiles with a setting of their own; the others have the project’s.',
  }),
});

export const ApprovalRequestSchema = Type.Object({
  requestedBy: Type.String({ description: 'Who sent it for approval (an e-mail, or key:<id>).' }),
  requestedAt: Type.String({ format: 'date-time' }),
  publishNow: Type.Boolean({ description: 'It asks to go out at once when approved.' }),
  queue: Type.Boolean({ description: 'It asks for the next free slot of its posting queue.' }),
});

export const AwaitingListSchema = Type.Object({
  success: Type.Boolean(),
  total: Type.Integer(),
  posts: Type.Array(Type.Intersect([PostSchema, Type.Object({ approval: ApprovalRequestSchema })])),
});

export const ApproveAnswerSchema = Type.Intersect([
  CreateAnswerSchema,
  Type.Object({
    result: Type.Enum(['scheduled', 'published_now'], {
      description: 'scheduled: for its time; published_now: it asked for now, or its time had passed.',
    }),
    message: Type.String(),
  }),
]);

export const RejectAnswerSchema = Type.Object({
  success: Type.Boolean(),
  postId: Type.String(),
  status: Type.Literal('draft'),
  message: Type.String(),
});

export const DecisionNoteField = Type.String({ maxLength: NOTE_MAX_LENGTH });

export const NoteSchema = Type.Object({
  id: Type.String(),
  kind: Type.Enum(
    ['note', 'submitted', 'approved', 'changes_requested', 'review_approved', 'review_changes_requested'],
    { description: 'note, or a step of the approval history.' },
  ),
  author: Type.String({
    description: 'A member’s e-mail, key:<id> for an access key, or the name a reviewer gave.',
  }),
  reviewLinkId: Nullable(Type.String({ description: 'Set when written through a client review link.' })),
  text: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
});

export const NoteIdParams = Type.Object({
  postId: Type.String({ minLength: 1, maxLength: 200 }),
  noteId: Type.String({ minLength: 1, maxLength: 200 }),
});

export const noteExample = {
  id: 'note_mwuq2k70c5x1m8t3v9bn4zr6wdh2qy7k',
  kind: 'note',
  author: 'maria@acme.example',
  reviewLinkId: null,
  text: 'Can we use the photo from Tuesday instead?',
  createdAt: '2026-11-22T08:15:40.107Z',
};

export const ReviewLinkSchema = Type.Object({
  id: Type.String(),
  postId: Nullable(Type.String()),
  profileId: Nullable(Type.String()),
  label: Nullable(Type.String()),
  createdBy: Type.String(),
  canApprove: Type.Boolean({
    description:
      'Whether the reviewer’s decision moves the post (the creator could approve); otherwise it is recorded only.',
  }),
  status: Type.Enum(['active', 'expired', 'revoked']),
  expiresAt: Type.String({ format: 'date-time' }),
  revokedAt: Nullable(Type.String({ format: 'date-time' })),
  createdAt: Type.String({ format: 'date-time' }),
});

export const reviewLinkExample = {
  id: 'rvl_mwur8m20x4k7q1c9vb3nz6tw5dh8yr2j',
  postId: IDS.post,
  profileId: null,
  label: 'December campaign for Acme',
  createdBy: 'maria@acme.example',
  canApprove: true,
  status: 'active',
  expiresAt: '2026-11-29T08:15:40.107Z',
  revokedAt: null,
  createdAt: '2026-11-22T08:15:40.107Z',
};

export const ReviewLinkBodySchema = Type.Object(
  {
    postId: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'One post.' })),
    profileId: Type.Optional(
      Type.String({
        minLength: 1,
        maxLength: 200,
        description: 'The profile’s upcoming (pending and scheduled) posts.',
      }),
    ),
    expiresAt: Type.Optional(Type.String({ maxLength: 64, description: 'ISO 8601 date-time.' })),
    ttlHours: Type.Optional(Type.Integer({ minimum: 1, description: 'Instead of expiresAt.' })),
    label: Type.Optional(Type.String({ maxLength: LABEL_MAX_LENGTH })),
  },
  { additionalProperties: false },
);

export const TokenParams = Type.Object({ token: Type.String({ minLength: 1, maxLength: 200 }) });

export const ReviewViewSchema = Type.Object({
  success: Type.Boolean(),
  label: Nullable(Type.String()),
  expiresAt: Type.String({ format: 'date-time' }),
  canApprove: Type.Boolean(),
  posts: Type.Array(
    Type.Object({
      postId: Type.String(),
      status: Type.String(),
      scheduledFor: Nullable(Type.String({ format: 'date-time' })),
      timezone: Type.String(),
      mediaItems: Type.Array(
        Type.Object({ type: Type.String(), url: Type.String(), thumbnail: Type.Optional(Type.String()) }),
      ),
      platforms: Type.Array(
        Type.Object({
          platform: Type.String(),
          accountName: Nullable(Type.String()),
          accountHandle: Nullable(Type.String()),
          accountImageUrl: Nullable(Type.String()),
          content: Type.String({ description: 'The text this platform gets.' }),
        }),
      ),
      canDecide: Type.Boolean(),
      decisions: Type.Array(
        Type.Object({
          decision: Type.Enum(['approve', 'request_changes']),
          name: Type.String(),
          comment: Type.String(),
          at: Type.String({ format: 'date-time' }),
        }),
      ),
      outcome: Type.Union(
        [
          Type.Object({
            decision: Type.Enum(['approved', 'changes_requested']),
            at: Type.String({ format: 'date-time' }),
          }),
          Type.Null(),
        ],
        {
          description:
            'Once the post no longer awaits approval, the last decision on it (by the team or a reviewer); null while it waits or when it never awaited approval.',
        },
      ),
    }),
  ),
});
