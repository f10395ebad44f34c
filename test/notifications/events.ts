/** Lifecycle events for tests, before (and besides) the publishing engine's own. */
import { newId } from '../../src/domain/ids.ts';
import type { EventType, LifecycleEvent, TargetSnapshot } from '../../src/notifications/events.ts';

export function target(overrides: Partial<TargetSnapshot> = {}): TargetSnapshot {
  return {
    platform: 'bluesky',
    integrationId: 'int_a',
    profileId: null,
    status: 'published',
    platformPostId: 'at://did:plc:x/app.bsky.feed.post/1',
    platformPostUrl: 'https://bsky.app/profile/x/post/1',
    publishedAt: '2026-11-22T09:00:01.000Z',
    errorMessage: null,
    warningMessage: null,
    ...overrides,
  };
}

export function lifecycleEvent(
  projectId: string,
  type: EventType,
  overrides: { wasScheduled?: boolean; targets?: TargetSnapshot[]; postId?: string; content?: string } = {},
): LifecycleEvent {
  return {
    id: newId('evt'),
    projectId,
    type,
    createdAt: new Date().toISOString(),
    post: {
      id: overrides.postId ?? newId('post'),
      status: type === 'post.scheduled' ? 'scheduled' : type.slice('post.'.length),
      content: overrides.content ?? 'Hello from the test suite',
      scheduledFor: overrides.wasScheduled ? '2026-11-22T09:00:00.000Z' : null,
      mediaItems: [],
      wasScheduled: overrides.wasScheduled ?? false,
      targets: overrides.targets ?? [target()],
    },
  };
}
