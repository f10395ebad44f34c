/**
 * Post lifecycle events and the webhook payload built from them
 * (interface.md, Events; decisions.md, Notifications). The account and
 * engagement events a subscription may also select are in account-events.ts;
 * they share the outbox, fan-out, signing and delivery.
 */

/** The contract's four, then the ones a subscription gets only when it lists them. */
export const EVENT_TYPES = [
  'post.scheduled',
  'post.published',
  'post.partial',
  'post.failed',
  // Approval (domain/approval): a post awaits approval, was approved, or was sent back to draft.
  'post.approval_requested',
  'post.approved',
  'post.rejected',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

export const PAYLOAD_VERSION = '2026-11-01';

export function isEventType(value: string): value is EventType {
  return (EVENT_TYPES as readonly string[]).includes(value);
}

/** One platform target of a post as the event reports it. */
export interface TargetSnapshot {
  platform: string;
  integrationId: string;
  /** The integration's profile when the event happened; null when unassigned. */
  profileId: string | null;
  status: string;
  platformPostId: string | null;
  platformPostUrl: string | null;
  publishedAt: string | null;
  errorMessage: string | null;
  warningMessage: string | null;
}

/** The post as it stood when its state changed. */
export interface PostSnapshot {
  id: string;
  status: string;
  content: string;
  scheduledFor: string | null;
  /** Stored media items as the posts API answers them (type, url, thumbnail, filename, size, mimeType …). */
  mediaItems: unknown[];
  /** True when the post was created for future publication (onlyScheduledPosts). */
  wasScheduled: boolean;
  targets: TargetSnapshot[];
  /** As the engine computed them; when absent they are derived from the targets and PUBLIC_URL. */
  publishedAt?: string | null;
  links?: PostLinks;
}

/**
 * Where a post can be looked at. `service` (the dashboard's page of the post) is
 * left out while the service has no dashboard page for a post, rather than
 * pointing at a page that does not exist; `api` is the post read endpoint.
 */
export interface PostLinks {
  service?: string;
  api: string;
}

/** The links of a post for a service reached at `publicUrl`. */
export function postLinks(publicUrl: string, postId: string): PostLinks {
  const base = publicUrl.replace(/\/$/, '');
  return { api: `${base}/v1/posts/${encodeURIComponent(postId)}` };
}

/** A lifecycle event, from the publishing engine's outbox (or a test). */
export interface LifecycleEvent {
  /** Event id: the top-level `id` and X-Service-Event-Id, the same on every attempt. */
  id: string;
  projectId: string;
  type: EventType;
  createdAt: string;
  post: PostSnapshot;
}

export interface WebhookPayload {
  version: string;
  id: string;
  type: EventType;
  createdAt: string;
  projectId: string;
  profileId: string | null;
  data: {
    post: {
      id: string;
      status: string;
      content: string;
      scheduledFor: string | null;
      publishedAt: string | null;
      mediaItems: unknown[];
      links: PostLinks;
    };
    platforms: TargetSnapshot[];
  };
}

/**
 * What an outbox row carries (written by the publishing engine, read by the
 * dispatcher): the webhook's `data`, plus whether the post was scheduled (for
 * onlyScheduledPosts).
 */
export type OutboxPayload = WebhookPayload['data'] & { wasScheduled: boolean };

/** Earliest successful publication time among the targets. */
function earliestPublished(targets: readonly TargetSnapshot[]): string | null {
  const times = targets
    .filter((t) => t.publishedAt && t.status === 'published')
    .map((t) => t.publishedAt as string)
    .sort();
  return times[0] ?? null;
}

/**
 * The payload for one subscription: `data.platforms` holds only the targets of
 * the subscription's profile when it has one. Field order follows the interface.
 */
export function buildPayload(
  event: LifecycleEvent,
  subscriptionProfileId: string | null,
  publicUrl: string,
): WebhookPayload {
  const targets =
    subscriptionProfileId === null
      ? event.post.targets
      : event.post.targets.filter((t) => t.profileId === subscriptionProfileId);
  return {
    version: PAYLOAD_VERSION,
    id: event.id,
    type: event.type,
    createdAt: event.createdAt,
    projectId: event.projectId,
    profileId: subscriptionProfileId,
    data: {
      post: {
        id: event.post.id,
        status: event.post.status,
        content: event.post.content,
        scheduledFor: event.post.scheduledFor,
        publishedAt:
          event.post.publishedAt !== undefined
            ? event.post.publishedAt
            : earliestPublished(event.post.targets),
        mediaItems: event.post.mediaItems,
        // Computed now (not taken from the stored event), so no event carries a link
        // to a page that does not exist, even one written by an earlier version.
        links: postLinks(publicUrl, event.post.id),
      },
      platforms: targets.map((t) => ({
        platform: t.platform,
        integrationId: t.integrationId,
        profileId: t.profileId,
        status: t.status,
        platformPostId: t.platformPostId,
        platformPostUrl: t.platformPostUrl,
        publishedAt: t.publishedAt,
        errorMessage: t.errorMessage,
        warningMessage: t.warningMessage,
      })),
    },
  };
}

/** The subscription options an event is matched against. */
export interface SubscriptionFilter {
  enabled: boolean;
  eventTypes: readonly string[];
  profileId: string | null;
  onlyScheduledPosts: boolean;
}

/**
 * Emission rules 3–5: the subscription's event types select events; with
 * onlyScheduledPosts, final events only for posts created as scheduled; with a
 * profile, only posts that have at least one target of that profile.
 */
export function subscriptionWants(sub: SubscriptionFilter, event: LifecycleEvent): boolean {
  if (!sub.enabled || !sub.eventTypes.includes(event.type)) return false;
  if (sub.onlyScheduledPosts && event.type !== 'post.scheduled' && !event.post.wasScheduled) return false;
  if (sub.profileId !== null && !event.post.targets.some((t) => t.profileId === sub.profileId)) return false;
  return true;
}
