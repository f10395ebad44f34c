import assert from 'node:assert/strict';
import { it } from 'node:test';
import { lifecycleEvent, target } from '../../test/notifications/events.ts';
import { buildPayload, subscriptionWants } from './events.ts';
import { maskSecret, newWebhookSecret, signatureMatches, signPayload, webhookHeaders } from './signing.ts';

it('signs timestamp.body with HMAC-SHA256 as the interface says', () => {
  // printf '%s' '1795338001.{"id":"evt_1"}' | openssl dgst -sha256 -hmac whsec_test
  assert.equal(
    signPayload('whsec_test', 1795338001, '{"id":"evt_1"}'),
    'sha256=ab3f64f6b3a2c13efb9e60fba16edca725e5148c580574fe52fae77adc8e1f56',
  );
  const h = webhookHeaders({
    secret: 'whsec_test',
    eventId: 'evt_1',
    eventType: 'post.failed',
    body: '{"id":"evt_1"}',
    timestamp: 1795338001,
  });
  assert.deepEqual(h, {
    'content-type': 'application/json',
    'user-agent': 'SocialPublishing-Webhooks/1.0',
    'x-service-event-id': 'evt_1',
    'x-service-event-type': 'post.failed',
    'x-service-timestamp': '1795338001',
    'x-service-signature': 'sha256=ab3f64f6b3a2c13efb9e60fba16edca725e5148c580574fe52fae77adc8e1f56',
  });
  assert.ok(signatureMatches('whsec_test', '1795338001', '{"id":"evt_1"}', h['x-service-signature'] ?? ''));
  assert.ok(!signatureMatches('whsec_test', '1795338002', '{"id":"evt_1"}', h['x-service-signature'] ?? ''));
  assert.ok(!signatureMatches('whsec_test', '1795338001', '{"id":"evt_1"}', 'sha256=00'));
});

it('makes distinct secrets and masks them to prefix and last four characters', () => {
  const a = newWebhookSecret();
  assert.match(a, /^whsec_[A-Za-z0-9_-]{43}$/);
  assert.notEqual(a, newWebhookSecret());
  assert.equal(maskSecret(a), `whsec_****${a.slice(-4)}`);
});

it('filters platforms by the subscription profile and keeps the whole post', () => {
  const event = lifecycleEvent('proj_1', 'post.partial', {
    targets: [
      target({ integrationId: 'int_a', profileId: 'prof_a', publishedAt: '2026-11-22T09:00:05.000Z' }),
      target({ integrationId: 'int_b', profileId: 'prof_b', publishedAt: '2026-11-22T09:00:01.000Z' }),
      target({ integrationId: 'int_c', profileId: null, status: 'failed', publishedAt: null }),
    ],
  });
  const all = buildPayload(event, null, 'https://api.example.com/');
  assert.deepEqual(
    all.data.platforms.map((p) => p.integrationId),
    ['int_a', 'int_b', 'int_c'],
  );
  assert.equal(all.data.post.publishedAt, '2026-11-22T09:00:01.000Z');
  assert.equal(all.data.post.links.api, `https://api.example.com/v1/posts/${event.post.id}`);
  const onlyA = buildPayload(event, 'prof_a', 'https://api.example.com');
  assert.equal(onlyA.profileId, 'prof_a');
  assert.deepEqual(
    onlyA.data.platforms.map((p) => p.integrationId),
    ['int_a'],
  );
  assert.equal(onlyA.data.post.publishedAt, '2026-11-22T09:00:01.000Z', 'the post is reported whole');
});

it('matches event types, onlyScheduledPosts, profiles and enabled', () => {
  const base = {
    enabled: true,
    eventTypes: ['post.scheduled', 'post.published'],
    profileId: null,
    onlyScheduledPosts: false,
  };
  const now = lifecycleEvent('p', 'post.published');
  const later = lifecycleEvent('p', 'post.published', { wasScheduled: true });
  const announced = lifecycleEvent('p', 'post.scheduled', { wasScheduled: true });
  assert.equal(subscriptionWants(base, now), true);
  assert.equal(subscriptionWants({ ...base, enabled: false }, now), false);
  assert.equal(subscriptionWants({ ...base, eventTypes: ['post.failed'] }, now), false);
  assert.equal(subscriptionWants({ ...base, onlyScheduledPosts: true }, now), false);
  assert.equal(subscriptionWants({ ...base, onlyScheduledPosts: true }, later), true);
  assert.equal(subscriptionWants({ ...base, onlyScheduledPosts: true }, announced), true);
  assert.equal(subscriptionWants({ ...base, profileId: 'prof_x' }, now), false);
  const inX = lifecycleEvent('p', 'post.published', { targets: [target({ profileId: 'prof_x' })] });
  assert.equal(subscriptionWants({ ...base, profileId: 'prof_x' }, inX), true);
});
