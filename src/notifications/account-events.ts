/**
 * Events about a connected account rather than a post: its authorization broke,
 * came back, is about to run out, or it was removed; someone commented on one of
 * its posts or wrote to it. A subscription receives them only when its
 * eventTypes name them; they go through the same outbox, fan-out, signing,
 * retries and deliveries log as the four post events, and the subscription's
 * profileId keeps only the events of accounts in that profile.
 */
import { EVENT_TYPES, PAYLOAD_VERSION } from './events.ts';

export const ACCOUNT_EVENT_TYPES = [
  'account.disconnected',
  'account.reconnected',
  'account.token_expiring',
  'account.removed',
  'account.spend_cap_reached',
] as const;
export const ENGAGEMENT_EVENT_TYPES = ['comment.received', 'message.received'] as const;

export type AccountEventType = (typeof ACCOUNT_EVENT_TYPES)[number] | (typeof ENGAGEMENT_EVENT_TYPES)[number];

/** Every type a subscription may select: the contract's four, then the account and engagement events. */
export const SUBSCRIBABLE_EVENT_TYPES = [
  ...EVENT_TYPES,
  ...ACCOUNT_EVENT_TYPES,
  ...ENGAGEMENT_EVENT_TYPES,
] as const;
export type SubscribableEventType = (typeof SUBSCRIBABLE_EVENT_TYPES)[number];

export function isAccountEventType(value: string): value is AccountEventType {
  return ([...ACCOUNT_EVENT_TYPES, ...ENGAGEMENT_EVENT_TYPES] as readonly string[]).includes(value);
}

/** The account an event is about, as it was when the event happened. */
export interface AccountRef {
  integrationId: string;
  platform: string;
  /** Display name on the platform. */
  name: string | null;
  /** Handle on the platform. */
  username: string | null;
  profileId: string | null;
}

/** `data` of the account.* events. */
export interface AccountStateData {
  account: AccountRef;
  /** Why: an authFailureReason (token_expired, token_revoked, missing_scopes, refresh_failed) or token_expiring; null when nothing is wrong. */
  reason: string | null;
  /** One readable sentence: what happened. */
  summary: string;
  /** What the user must do; null when nothing. */
  action: string | null;
  /** account.token_expiring: when the token runs out; otherwise null. */
  expiresAt: string | null;
}

/** `data` of comment.received. */
export interface CommentReceivedData {
  account: AccountRef;
  comment: {
    id: string;
    text: string | null;
    author: { id: string | null; name: string | null };
    timestamp: string;
    /** The comment this one answers; null for a top-level comment. */
    parentId: string | null;
  };
  post: {
    /** Our post id (`post_…`) when the post was published through the service. */
    id: string | null;
    platformPostId: string;
    platformPostUrl: string | null;
  };
}

/** `data` of message.received. */
export interface MessageReceivedData {
  account: AccountRef;
  message: {
    id: string;
    /** Null when the platform's notice names no conversation (read it with GET /v1/messages). */
    conversationId: string | null;
    text: string | null;
    from: { id: string | null; name: string | null };
    timestamp: string;
  };
}

export type AccountEventData = AccountStateData | CommentReceivedData | MessageReceivedData;

/** An account or engagement event, from the outbox. */
export interface AccountEvent {
  id: string;
  projectId: string;
  type: AccountEventType;
  createdAt: string;
  /** Our post the event concerns (comment.received on a post of ours), for the deliveries log. */
  postId: string | null;
  data: AccountEventData;
}

export interface AccountWebhookPayload {
  version: string;
  id: string;
  type: AccountEventType;
  createdAt: string;
  projectId: string;
  profileId: string | null;
  data: AccountEventData;
}

export function buildAccountPayload(
  event: AccountEvent,
  subscriptionProfileId: string | null,
): AccountWebhookPayload {
  return {
    version: PAYLOAD_VERSION,
    id: event.id,
    type: event.type,
    createdAt: event.createdAt,
    projectId: event.projectId,
    profileId: subscriptionProfileId,
    data: event.data,
  };
}

/** Selected by type; with a profile, only the events of accounts in that profile. */
export function subscriptionWantsAccountEvent(
  sub: { enabled: boolean; eventTypes: readonly string[]; profileId: string | null },
  event: AccountEvent,
): boolean {
  if (!sub.enabled || !sub.eventTypes.includes(event.type)) return false;
  return sub.profileId === null || sub.profileId === event.data.account.profileId;
}

/** What an outbox row of one of these events carries in `payload`. */
export interface AccountOutboxPayload {
  data: AccountEventData;
}
