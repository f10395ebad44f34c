/**
 * The account and engagement events a subscription may select, for the OpenAPI
 * document's `webhooks` beside the four post events (webhook-event.ts): the same
 * envelope (version, id, type, createdAt, projectId, profileId) with their own
 * `data`. Built by src/notifications/account-events.ts; test/account-events
 * checks built payloads and these examples against the schemas.
 */
import { type TSchema, Type } from 'typebox';
import { ACCOUNT_EVENT_TYPES, type AccountEventType } from '../../notifications/account-events.ts';
import { PAYLOAD_VERSION } from '../../notifications/events.ts';
import { PLATFORMS } from '../../platforms/names.ts';
import { IDS } from '../examples.ts';

const Nullable = (s: TSchema, description?: string) =>
  Type.Union([s, Type.Null()], description ? { description } : {});

const Account = Type.Object(
  {
    integrationId: Type.String(),
    platform: Type.Enum([...PLATFORMS]),
    name: Nullable(Type.String(), 'Display name on the platform.'),
    username: Nullable(Type.String(), 'Handle on the platform.'),
    profileId: Nullable(Type.String(), 'The profile the account is in; null when unassigned.'),
  },
  { description: 'The account the event is about, as it was then.' },
);

const Author = Type.Object({ id: Nullable(Type.String()), name: Nullable(Type.String()) });

const envelope = (types: readonly AccountEventType[], data: TSchema) => ({
  version: Type.Literal(PAYLOAD_VERSION, { description: 'Webhook payload version.' }),
  id: Type.String({ description: 'Unique event id (also X-Service-Event-Id): the idempotency key.' }),
  type: Type.Union(
    types.map((t) => Type.Literal(t)),
    { description: 'Also X-Service-Event-Type.' },
  ),
  createdAt: Type.String({ format: 'date-time' }),
  projectId: Type.String(),
  profileId: Nullable(Type.String(), "The subscription's profile; null without one."),
  data,
});

const ENVELOPE_EXAMPLE = {
  version: PAYLOAD_VERSION,
  id: IDS.event,
  createdAt: '2026-11-30T08:00:04.390Z',
  projectId: 'proj_mwu7x1k0r4m8q2c6vb9nz3tw5dyh7',
  profileId: null,
};
const ACCOUNT_EXAMPLE = {
  integrationId: IDS.integration,
  platform: 'instagram',
  name: 'Acme Coffee',
  username: 'acmecoffee',
  profileId: IDS.profile,
};

export const AccountEventSchema = Type.Object(
  envelope(
    ACCOUNT_EVENT_TYPES,
    Type.Object({
      account: Account,
      reason: Nullable(
        Type.String(),
        'account.disconnected: token_expired, token_revoked, missing_scopes or refresh_failed; account.token_expiring: token_expiring; account.spend_cap_reached: spend_cap_reached; otherwise null.',
      ),
      summary: Type.String({ description: 'One readable sentence: what happened.' }),
      action: Nullable(Type.String(), 'What the user must do; null when nothing.'),
      expiresAt: Nullable(
        Type.String({ format: 'date-time' }),
        'account.token_expiring: when the authorization runs out; otherwise null.',
      ),
    }),
  ),
  {
    $id: 'AccountEvent',
    examples: [
      {
        ...ENVELOPE_EXAMPLE,
        type: 'account.disconnected',
        data: {
          account: ACCOUNT_EXAMPLE,
          reason: 'token_revoked',
          summary:
            'The platform refused the authorization of the Instagram account @acmecoffee: it was revoked, or the password or permissions changed.',
          action:
            'Connect the account again (GET /v1/connect/instagram, or Accounts in the dashboard); publishing to it fails until then.',
          expiresAt: null,
        },
      },
    ],
  },
);

export const CommentReceivedEventSchema = Type.Object(
  envelope(
    ['comment.received'],
    Type.Object({
      account: Account,
      comment: Type.Object({
        id: Type.String({ description: "The platform's comment id (commentId of the comments API)." }),
        text: Nullable(Type.String()),
        author: Author,
        timestamp: Type.String({ format: 'date-time' }),
        parentId: Nullable(Type.String(), 'The comment this one answers; null for a top-level comment.'),
      }),
      post: Type.Object({
        id: Nullable(Type.String(), 'The postId the create answered.'),
        platformPostId: Type.String(),
        platformPostUrl: Nullable(Type.String()),
      }),
    }),
  ),
  {
    $id: 'CommentReceivedEvent',
    examples: [
      {
        ...ENVELOPE_EXAMPLE,
        type: 'comment.received',
        data: {
          account: ACCOUNT_EXAMPLE,
          comment: {
            id: '17890455123456789',
            text: 'Is the oat latte back?',
            author: { id: '17841455512345678', name: 'latte_lover' },
            timestamp: '2026-11-30T08:00:02.000Z',
            parentId: null,
          },
          post: {
            id: IDS.post,
            platformPostId: '17912345678901234',
            platformPostUrl: 'https://www.instagram.com/p/DAbCdEfGhIj/',
          },
        },
      },
    ],
  },
);

export const MessageReceivedEventSchema = Type.Object(
  envelope(
    ['message.received'],
    Type.Object({
      account: Account,
      message: Type.Object({
        id: Type.String({ description: "The platform's message id." }),
        conversationId: Nullable(
          Type.String(),
          'Null when the platform did not name it (list conversations with GET /v1/messages).',
        ),
        text: Nullable(Type.String()),
        from: Author,
        timestamp: Type.String({ format: 'date-time' }),
      }),
    }),
  ),
  {
    $id: 'MessageReceivedEvent',
    examples: [
      {
        ...ENVELOPE_EXAMPLE,
        type: 'message.received',
        data: {
          account: ACCOUNT_EXAMPLE,
          message: {
            id: 'aWdfZAG1faXRlbTo1234567890123456789012',
            conversationId: null,
            text: 'Do you deliver on Sundays?',
            from: { id: '17841455598765432', name: null },
            timestamp: '2026-11-30T08:00:03.120Z',
          },
        },
      },
    ],
  },
);

export const ACCOUNT_EVENT_MEANING: Record<AccountEventType, string> = {
  'account.disconnected':
    'A connected account can no longer be used (its authorization expired, was revoked or could not be renewed); it must be connected again.',
  'account.reconnected': 'An account that needed reconnecting was connected again and can be used.',
  'account.token_expiring':
    "An account's authorization will end soon and the service can not renew it; sent once per expiry.",
  'account.removed': 'A connected account was disconnected and removed.',
  'account.spend_cap_reached':
    "A post to a platform that charges for its calls (X) was refused or failed because the project's monthly spend cap for that platform would be passed; sent once per platform and month.",
  'comment.received':
    'Someone commented on, or replied under, a post published through the service (Facebook, Instagram, Threads).',
  'message.received': 'Someone sent a direct message to an Instagram account.',
};

/** The schema each account or engagement event type is documented with. */
export const ACCOUNT_EVENT_SCHEMA_ID: Record<AccountEventType, string> = {
  'account.disconnected': 'AccountEvent',
  'account.reconnected': 'AccountEvent',
  'account.token_expiring': 'AccountEvent',
  'account.removed': 'AccountEvent',
  'account.spend_cap_reached': 'AccountEvent',
  'comment.received': 'CommentReceivedEvent',
  'message.received': 'MessageReceivedEvent',
};

export const ACCOUNT_WEBHOOK_SCHEMAS = [
  AccountEventSchema,
  CommentReceivedEventSchema,
  MessageReceivedEventSchema,
];
