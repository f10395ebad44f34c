/**
 * What the end-to-end publishing tests (test/publish-*.test.ts) share: a webhook
 * subscription for the post events, and a simulator account connected as an
 * integration of the test project with a token the simulator issued.
 */
import assert from 'node:assert/strict';
import type { Platform } from '../src/platforms/names.ts';
import type { Simulator } from '../src/simulator/index.ts';
import { insertIntegration } from './fake-adapter.ts';
import type { TestService } from './harness.ts';

export const POST_EVENTS = ['post.scheduled', 'post.published', 'post.partial', 'post.failed'];

/** Subscribes `url` to the post events (all by default); returns the subscription's signing secret. */
export async function subscribeWebhook(
  t: TestService,
  url: string,
  eventTypes: readonly string[] = POST_EVENTS,
): Promise<string> {
  const sub = await t.request('POST', '/v1/notifications', {
    channel: 'webhook',
    eventTypes,
    webhook: { url },
  });
  assert.equal(sub.status, 201, sub.text);
  return sub.body.notification.webhook.secret as string;
}

/**
 * Connects the simulator's `accountId` on `platform` (a non-expiring token with
 * `scopes`); the integration's platformUserId is `platformUserId` when the
 * account publishes as something else (a YouTube channel), else the account.
 */
export async function connectSimulated(
  t: TestService,
  sim: Simulator,
  platform: Platform,
  accountId: string,
  options: { scopes?: string[]; platformUserId?: string } = {},
): Promise<string> {
  const { accessToken } = sim.issueTokens(platform, {
    accountId,
    ttlSec: null,
    ...(options.scopes ? { scopes: options.scopes } : {}),
  });
  return insertIntegration(t.ctx, t.projectId, platform, {
    token: accessToken,
    platformUserId: options.platformUserId ?? accountId,
  });
}
