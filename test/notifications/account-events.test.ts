/**
 * account.* events end to end on SQLite and PostgreSQL, with an X account
 * connected through the simulator's OAuth: a publish that meets a revoked grant
 * sends account.disconnected (once, with reason, sentence and action);
 * connecting the account again sends account.reconnected; a refresh token about
 * to reach its hard end sends account.token_expiring once however often the check
 * runs; deleting the integration sends account.removed. A subscription that did
 * not select them, or whose profile is another, receives none.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { warnExpiringTokens } from '../../src/domain/account-events/token-expiry.ts';
import { signatureMatches } from '../../src/notifications/signing.ts';
import { type ConnectEnv, connectLikeAUser, startConnectEnv } from '../connect/helpers.ts';
import { forEachDatabase } from '../harness.ts';
import { until } from '../shared-store.ts';
import { type Receiver, startReceiver } from './receiver.ts';

const ACCOUNT_TYPES = [
  'account.disconnected',
  'account.reconnected',
  'account.token_expiring',
  'account.removed',
];

forEachDatabase('account events', (dialect) => {
  let env: ConnectEnv;
  let all: Receiver;
  let postsOnly: Receiver;
  let otherProfile: Receiver;
  let secret: string;
  let profileId: string;
  let id: string;

  before(async () => {
    env = await startConnectEnv(dialect, {
      JOBS_POLL_MS: '20',
      NOTIFICATION_POLL_MS: '20',
      PUBLISH_WAIT_MS: '5000',
      NOTIFICATION_RETRY_DELAYS_MS: '40,80',
    });
    const { t } = env;
    [all, postsOnly, otherProfile] = await Promise.all([startReceiver(), startReceiver(), startReceiver()]);
    profileId = (await t.request('POST', '/v1/profiles', { name: 'Shop' })).body.profile.id;
    const other = (await t.request('POST', '/v1/profiles', { name: 'Other' })).body.profile.id;
    const sub = await t.request('POST', '/v1/notifications', {
      channel: 'webhook',
      eventTypes: ACCOUNT_TYPES,
      profileId,
      webhook: { url: all.url },
    });
    assert.equal(sub.status, 201, sub.text);
    secret = sub.body.notification.webhook.secret;
    await t.request('POST', '/v1/notifications', {
      channel: 'webhook',
      eventTypes: ['post.published', 'post.partial', 'post.failed'],
      webhook: { url: postsOnly.url },
    });
    await t.request('POST', '/v1/notifications', {
      channel: 'webhook',
      eventTypes: ACCOUNT_TYPES,
      profileId: other,
      webhook: { url: otherProfile.url },
    });
    id = (await connectLikeAUser(t, 'twitter', { profileId })).searchParams.get('integrationId') ?? '';
    assert.ok(id);
  });
  after(async () => {
    await env.close();
    await Promise.all([all.close(), postsOnly.close(), otherProfile.close()]);
  });

  const ofType = (r: Receiver, type: string) => r.received.filter((g) => g.body?.type === type);

  /** No outbox row waits and no delivery is pending: what has not arrived will not. */
  async function settled(): Promise<void> {
    const db = env.t.ctx.store.db;
    await until(async () => {
      const waiting = await db.selectFrom('outbox').select('id').where('dispatched_at', 'is', null).execute();
      const pending = await db
        .selectFrom('notification_deliveries')
        .select('id')
        .where('status', '=', 'pending')
        .execute();
      return waiting.length === 0 && pending.length === 0;
    }, 15_000);
  }

  it('a publish that meets a revoked grant sends account.disconnected once, signed, saying why and what to do', async () => {
    const { t, sim } = env;
    sim.state.revokeTokens({ platform: 'twitter' });
    const post = await t.request('POST', '/v1/posts', {
      content: `Hello ${Date.now()}`,
      platforms: [{ platform: 'twitter', accountId: id }],
      publishNow: true,
    });
    assert.equal(post.status, 202, post.text);
    await until(() => ofType(all, 'account.disconnected').length === 1, 20_000);
    await until(() => ofType(postsOnly, 'post.failed').length === 1, 20_000);
    // A second publish to the broken account changes nothing more.
    await t.request('POST', '/v1/posts', {
      content: `Again ${Date.now()}`,
      platforms: [{ platform: 'twitter', accountId: id }],
      publishNow: true,
    });
    await settled();
    const [event] = ofType(all, 'account.disconnected');
    assert.equal(ofType(all, 'account.disconnected').length, 1);
    assert.ok(event);
    assert.ok(
      signatureMatches(
        secret,
        String(event.headers['x-service-timestamp']),
        event.rawBody,
        String(event.headers['x-service-signature']),
      ),
    );
    assert.equal(event.headers['x-service-event-type'], 'account.disconnected');
    const { data } = event.body;
    assert.equal(data.account.integrationId, id);
    assert.equal(data.account.platform, 'twitter');
    assert.equal(data.account.profileId, profileId);
    assert.ok(data.account.username);
    assert.ok(['token_revoked', 'refresh_failed', 'token_expired'].includes(data.reason), data.reason);
    assert.match(data.summary, /X account/);
    assert.match(data.action, /GET \/v1\/connect\/twitter/);
    assert.equal(data.expiresAt, null);
    const read = await t.request('GET', `/v1/connect/integrations/${id}`);
    assert.equal(read.body.integration.authStatus, 'needs_reconnect');
    // The deliveries log shows it without a post.
    const subs = await t.request('GET', '/v1/notifications');
    const mine = subs.body.notifications.find(
      (n: { webhook?: { url: string } }) => n.webhook?.url === all.url,
    );
    const log = await t.request('GET', `/v1/notifications/${mine.id}/deliveries`);
    assert.equal(log.status, 200, log.text);
    const entry = log.body.deliveries.find(
      (d: { eventType: string }) => d.eventType === 'account.disconnected',
    );
    assert.equal(entry.postId, null);
    assert.equal(entry.status, 'succeeded');
  });

  it('connecting the account again sends account.reconnected', async () => {
    const again = await connectLikeAUser(env.t, 'twitter');
    assert.equal(again.searchParams.get('integrationId'), id, 'the same integration');
    await until(() => ofType(all, 'account.reconnected').length === 1, 15_000);
    const [event] = ofType(all, 'account.reconnected');
    assert.equal(event?.body.data.account.integrationId, id);
    assert.equal(event?.body.data.reason, null);
    assert.equal(event?.body.data.action, null);
    // Connecting an account that is fine sends nothing.
    await connectLikeAUser(env.t, 'twitter');
    await settled();
    assert.equal(ofType(all, 'account.reconnected').length, 1);
  });

  it('a refresh token near its hard end sends account.token_expiring once, however often the check runs', async () => {
    const { t } = env;
    const expiresAt = new Date(Date.now() + 3 * 86_400_000).toISOString();
    await t.ctx.store.db
      .updateTable('integrations')
      .set({ refresh_token_expires_at: expiresAt })
      .where('id', '=', id)
      .execute();
    assert.equal(await warnExpiringTokens(t.ctx), 1);
    assert.equal(await warnExpiringTokens(t.ctx), 0);
    await until(() => ofType(all, 'account.token_expiring').length === 1, 15_000);
    assert.equal(await warnExpiringTokens(t.ctx), 0);
    await settled();
    const got = ofType(all, 'account.token_expiring');
    assert.equal(got.length, 1);
    assert.equal(got[0]?.body.data.expiresAt, expiresAt);
    assert.equal(got[0]?.body.data.reason, 'token_expiring');
    // Beyond the warning window: nothing.
    await t.ctx.store.db
      .updateTable('integrations')
      .set({ refresh_token_expires_at: new Date(Date.now() + 30 * 86_400_000).toISOString() })
      .where('id', '=', id)
      .execute();
    assert.equal(await warnExpiringTokens(t.ctx), 0);
  });

  it('deleting the integration sends account.removed; other subscriptions received no account event', async () => {
    const { t } = env;
    const res = await t.request('DELETE', `/v1/connect/integrations/${id}`);
    assert.equal(res.status, 200, res.text);
    await until(() => ofType(all, 'account.removed').length === 1, 15_000);
    assert.equal(ofType(all, 'account.removed')[0]?.body.data.account.integrationId, id);
    await settled();
    assert.deepEqual(
      all.received.map((g) => g.body.type),
      ['account.disconnected', 'account.reconnected', 'account.token_expiring', 'account.removed'],
    );
    assert.equal(otherProfile.received.length, 0, 'another profile');
    assert.ok(
      postsOnly.received.every((g) => g.body.type.startsWith('post.')),
      'not selected',
    );
  });
});
