/**
 * comment.received and message.received end to end, on SQLite and PostgreSQL:
 * people comment on the simulator (Facebook, Instagram, Threads) and write to an
 * Instagram account; the simulator pushes Meta-style signed webhooks to the
 * service's /v1/webhooks/meta, the poll reads the same comments again, and the
 * subscriber's receiver gets each event exactly once with a valid signature. A
 * second context on the same database (as after a restart, or another node)
 * announces nothing again. Subscriptions that did not select the types, or whose
 * profile is another, receive nothing.
 */
import assert from 'node:assert/strict';
import type { AddressInfo } from 'node:net';
import { after, before, it } from 'node:test';
import { createContext } from '../../src/app.ts';
import { pollEngagement } from '../../src/domain/inbound-engagement/poll.ts';
import { createLogger } from '../../src/log.ts';
import { signatureMatches } from '../../src/notifications/signing.ts';
import { addComment } from '../../src/simulator/platforms/_shared/meta-comments.ts';
import {
  metaWebhooksSettled,
  subscribeMetaWebhooks,
} from '../../src/simulator/platforms/_shared/meta-webhooks.ts';
import { addIncomingMessage } from '../../src/simulator/platforms/instagram/inbox.ts';
import { type EngagementEnv, IG_USER, simPost, startEngagementEnv } from '../engagement/helpers.ts';
import { forEachDatabase } from '../harness.ts';
import { FUTURE } from '../posts-fixtures.ts';
import { until } from '../shared-store.ts';
import { type Receiver, startReceiver } from './receiver.ts';

const SETTINGS = {
  PORT: '0',
  JOBS_POLL_MS: '20',
  NOTIFICATION_POLL_MS: '20',
  META_WEBHOOK_VERIFY_TOKEN: 'verify-me',
  // The test polls itself (pollEngagement), so the recurring poll stays out of the way.
  ENGAGEMENT_POLL_SECONDS: '3600',
};

forEachDatabase('comment.received and message.received', (dialect) => {
  let env: EngagementEnv;
  let all: Receiver;
  let postsOnly: Receiver;
  let otherProfile: Receiver;
  let secret: string;
  let profileId: string;

  before(async () => {
    env = await startEngagementEnv(dialect, { settings: SETTINGS, listen: true });
    const { t, sim } = env;
    const port = (t.service.server!.server.address() as AddressInfo).port;
    for (const p of ['facebook', 'instagram', 'threads'] as const)
      subscribeMetaWebhooks(sim, p, { callbackUrl: `http://127.0.0.1:${port}/v1/webhooks/meta` });
    [all, postsOnly, otherProfile] = await Promise.all([startReceiver(), startReceiver(), startReceiver()]);
    // Every account of the test is in this profile.
    profileId = (await t.request('POST', '/v1/profiles', { name: 'Shop' })).body.profile.id;
    const other = (await t.request('POST', '/v1/profiles', { name: 'Other' })).body.profile.id;
    await t.ctx.store.db.updateTable('integrations').set({ profile_id: profileId }).execute();
    const sub = await t.request('POST', '/v1/notifications', {
      channel: 'webhook',
      eventTypes: ['comment.received', 'message.received'],
      profileId,
      webhook: { url: all.url },
    });
    assert.equal(sub.status, 201, sub.text);
    secret = sub.body.notification.webhook.secret;
    await t.request('POST', '/v1/notifications', {
      channel: 'webhook',
      eventTypes: ['post.published', 'post.failed'],
      webhook: { url: postsOnly.url },
    });
    await t.request('POST', '/v1/notifications', {
      channel: 'webhook',
      eventTypes: ['comment.received', 'message.received'],
      profileId: other,
      webhook: { url: otherProfile.url },
    });
  });
  after(async () => {
    await metaWebhooksSettled(env.sim);
    await env.close();
    await Promise.all([all.close(), postsOnly.close(), otherProfile.close()]);
  });

  /**
   * A post of ours on `platform`, as if published just now as the simulator's post
   * `platformPostId`. It is created as a scheduled text post on Facebook (the one
   * the simulator needs no media for) and its target then stands for the account
   * under test: how it was published does not matter here.
   */
  async function publishedPost(
    platform: 'facebook' | 'instagram' | 'threads',
  ): Promise<{ postId: string; platformPostId: string }> {
    const { t, sim, ids } = env;
    const platformPostId = simPost(sim, platform, `Our ${platform} post`);
    const created = await t.request('POST', '/v1/posts', {
      content: `Our ${platform} post`,
      platforms: [{ platform: 'facebook', accountId: ids.facebook }],
      scheduledFor: FUTURE,
    });
    assert.equal(created.status, 202, created.text);
    const postId = created.body.postId as string;
    const now = new Date().toISOString();
    await t.ctx.store.db
      .updateTable('post_targets')
      .set({
        platform,
        integration_id: ids[platform],
        status: 'published',
        platform_post_id: platformPostId,
        published_at: now,
      })
      .where('post_id', '=', postId)
      .execute();
    return { postId, platformPostId };
  }

  const eventsOf = (r: Receiver, type: string, id: string) =>
    r.received.filter(
      (g) => g.body?.type === type && (g.body.data.comment?.id ?? g.body.data.message?.id) === id,
    );

  /** Waits until the outbox holds no undispatched row and no delivery is pending, so absence can be asserted. */
  async function settled(): Promise<void> {
    const { t } = env;
    await metaWebhooksSettled(env.sim);
    await until(async () => {
      const waiting = await t.ctx.store.db
        .selectFrom('outbox')
        .select('id')
        .where('dispatched_at', 'is', null)
        .execute();
      const pending = await t.ctx.store.db
        .selectFrom('notification_deliveries')
        .select('id')
        .where('status', '=', 'pending')
        .execute();
      return waiting.length === 0 && pending.length === 0;
    }, 15_000);
  }

  for (const platform of ['facebook', 'instagram', 'threads'] as const) {
    it(`a ${platform} comment is delivered once, signed, though the push and the poll both see it`, async () => {
      const { sim } = env;
      const { postId, platformPostId } = await publishedPost(platform);
      const comment = addComment(sim, platform, {
        postId: platformPostId,
        text: `Love it (${platform})`,
        author: { id: `9${Date.now()}`, name: 'fan' },
      });
      await until(() => eventsOf(all, 'comment.received', comment.id).length === 1, 15_000);
      // The poll reads the same comment from the platform: nothing new.
      assert.equal(await pollEngagement(env.t.ctx), 0);
      await settled();
      const got = eventsOf(all, 'comment.received', comment.id);
      assert.equal(got.length, 1);
      const [event] = got;
      assert.ok(event);
      assert.ok(
        signatureMatches(
          secret,
          String(event.headers['x-service-timestamp']),
          event.rawBody,
          String(event.headers['x-service-signature']),
        ),
      );
      assert.equal(event.headers['x-service-event-type'], 'comment.received');
      assert.equal(event.body.profileId, profileId);
      assert.equal(event.body.data.account.integrationId, env.ids[platform]);
      assert.equal(event.body.data.account.platform, platform);
      assert.deepEqual(event.body.data.post, {
        id: postId,
        platformPostId,
        platformPostUrl: null,
      });
      assert.equal(event.body.data.comment.text, `Love it (${platform})`);
      assert.equal(event.body.data.comment.parentId, null);
      assert.equal(eventsOf(postsOnly, 'comment.received', comment.id).length, 0, 'not selected');
      assert.equal(eventsOf(otherProfile, 'comment.received', comment.id).length, 0, 'another profile');
    });
  }

  it('a comment found only by the poll (no push) is delivered once; a reply names its parent', async () => {
    const { sim } = env;
    const { platformPostId } = await publishedPost('instagram');
    const sub = sim.state.collection('instagram', 'webhook_subscriptions');
    const saved = new Map(sub);
    sub.clear();
    try {
      const top = addComment(sim, 'instagram', { postId: platformPostId, text: 'Where is this?' });
      const reply = addComment(sim, 'instagram', { parentId: top.id, text: 'Lisbon!' });
      assert.equal(await pollEngagement(env.t.ctx), 2);
      assert.equal(await pollEngagement(env.t.ctx), 0, 'a second poll finds nothing new');
      await until(() => eventsOf(all, 'comment.received', reply.id).length === 1, 15_000);
      const [event] = eventsOf(all, 'comment.received', reply.id);
      assert.equal(event?.body.data.comment.parentId, top.id);
      assert.equal(eventsOf(all, 'comment.received', top.id).length, 1);
    } finally {
      for (const [k, v] of saved) sub.set(k, v);
    }
  });

  it('an Instagram message is delivered once by push and poll together', async () => {
    const { sim } = env;
    const conversation = addIncomingMessage(sim, IG_USER, {
      from: { id: '17841499990000001', username: 'customer' },
      text: 'Open on Sunday?',
    });
    const messageId = conversation.messages.at(-1)?.id ?? '';
    await until(() => eventsOf(all, 'message.received', messageId).length === 1, 15_000);
    assert.equal(await pollEngagement(env.t.ctx), 0);
    await settled();
    const got = eventsOf(all, 'message.received', messageId);
    assert.equal(got.length, 1);
    assert.equal(got[0]?.body.data.message.text, 'Open on Sunday?');
    assert.equal(got[0]?.body.data.message.from.id, '17841499990000001');
    assert.equal(eventsOf(postsOnly, 'message.received', messageId).length, 0);
  });

  it('after a restart (a new context on the same database) nothing is announced again', async () => {
    const { t, sim } = env;
    const { platformPostId } = await publishedPost('facebook');
    const comment = addComment(sim, 'facebook', { postId: platformPostId, text: 'Seen before the restart' });
    await until(() => eventsOf(all, 'comment.received', comment.id).length === 1, 15_000);
    // A fresh context: no memory of this process, only the database.
    const fresh = createContext(t.ctx.config, { store: t.ctx.store, log: createLogger('silent') });
    assert.equal(await pollEngagement(fresh), 0);
    const rows = await t.ctx.store.db
      .selectFrom('outbox')
      .select('id')
      .where('type', '=', 'comment.received')
      .where('payload', 'like', `%${comment.id}%`)
      .execute();
    assert.equal(rows.length, 1);
    await settled();
    assert.equal(eventsOf(all, 'comment.received', comment.id).length, 1);
  });

  it('comments the account writes itself, and comments on posts the service did not publish, are not announced', async () => {
    const { sim } = env;
    const foreign = simPost(sim, 'threads', 'Posted elsewhere');
    const outside = addComment(sim, 'threads', { postId: foreign, text: 'On a post not ours' });
    assert.equal(await pollEngagement(env.t.ctx), 0);
    await settled();
    assert.equal(eventsOf(all, 'comment.received', outside.id).length, 0);
  });
});
