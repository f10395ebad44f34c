/**
 * Sandbox mode lets a person try the inbox: POST /v1/sandbox/comments has the
 * simulator comment on one of the account's published posts, POST
 * /v1/sandbox/messages has someone write to its Instagram inbox. End to end on
 * SQLite and PostgreSQL: a post published through the API, the simulated comment
 * listed by GET /v1/comments and announced by the engagement poll as
 * comment.received, the message listed by GET /v1/messages and announced as
 * message.received. Refused, with nothing sent, outside sandbox mode (409), for a
 * platform without comments or messages (400), for unknown or another project's
 * accounts (404) and without a published post (409).
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { pollEngagement } from '../../src/domain/inbound-engagement/poll.ts';
import { createProject } from '../../src/domain/projects/projects.ts';
import { type FixtureServer, startFixtureServer } from '../../src/media/testing.ts';
import { jpeg } from '../../src/platforms/shared/meta-testing.ts';
import { commentStore } from '../../src/simulator/platforms/_shared/meta-comments.ts';
import { conversations } from '../../src/simulator/platforms/instagram/inbox.ts';
import { insertIntegration } from '../fake-adapter.ts';
import { forEachDatabase, startTestService, type TestService } from '../harness.ts';
import { until } from '../shared-store.ts';
import { type EngagementEnv, q, startEngagementEnv } from './helpers.ts';

forEachDatabase('sandbox: simulate a comment and a message', (dialect) => {
  let env: EngagementEnv;
  let t: TestService;
  let fixtures: FixtureServer;
  let postId: string;

  const events = async (type: string) =>
    (
      await t.ctx.store.db
        .selectFrom('outbox')
        .select('payload')
        .where('project_id', '=', t.projectId)
        .where('type', '=', type)
        .execute()
    ).map((r) => JSON.parse(r.payload));

  before(async () => {
    fixtures = await startFixtureServer();
    env = await startEngagementEnv(dialect, {
      settings: { JOBS_POLL_MS: '20', PUBLISH_WAIT_MS: '10000', OUTBOUND_ALLOWLIST: '127.0.0.1' },
    });
    t = env.t;
    const created = await t.request('POST', '/v1/posts', {
      content: `Our new bakery ${dialect}`,
      mediaItems: [
        { type: 'image', url: fixtures.set('/sandbox/photo.jpg', jpeg(1080, 1080), 'image/jpeg') },
      ],
      platforms: [{ platform: 'instagram', accountId: env.ids.instagram }],
      publishNow: true,
    });
    assert.equal(created.status, 202, created.text);
    postId = created.body.postId;
    await until(
      async () => (await t.request('GET', `/v1/posts/${postId}`)).body.post.status === 'published',
      15_000,
    );
  });
  after(async () => {
    await env?.close();
    await fixtures?.close();
  });

  it('adds a comment under the published post, listed by GET /v1/comments and announced by the poll', async () => {
    const res = await t.request('POST', '/v1/sandbox/comments', {
      accountId: env.ids.instagram,
      text: 'Can I order a cake for Saturday?',
    });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.postId, postId);
    assert.equal(res.body.text, 'Can I order a cake for Saturday?');
    assert.ok(res.body.author.name);
    const stored = commentStore(env.sim, 'instagram').get(res.body.commentId);
    assert.equal(stored?.postId, res.body.platformPostId, 'the simulator holds it under the post');

    const listed = await t.request(
      'GET',
      `/v1/comments?${q({ platform: 'instagram', accountId: env.ids.instagram, postId })}`,
    );
    assert.equal(listed.status, 200, listed.text);
    assert.deepEqual(
      listed.body.comments.map((c: { id: string; text: string }) => [c.id, c.text]),
      [[res.body.commentId, 'Can I order a cake for Saturday?']],
    );

    // Sandbox platforms are polled: the comment arrives as a real one would.
    assert.ok((await pollEngagement(t.ctx)) >= 1);
    const received = await events('comment.received');
    assert.deepEqual(
      received.map((e) => e.comment?.id ?? e.data?.comment?.id),
      [res.body.commentId],
    );
    assert.equal(await pollEngagement(t.ctx), 0, 'announced once');
  });

  it('writes a sample comment when no text is given, under the post named', async () => {
    const res = await t.request('POST', '/v1/sandbox/comments', { accountId: env.ids.instagram, postId });
    assert.equal(res.status, 200, res.text);
    assert.ok(res.body.text.length > 0);
  });

  it('delivers a message to the Instagram inbox, listed by GET /v1/messages and announced by the poll', async () => {
    const res = await t.request('POST', '/v1/sandbox/messages', {
      accountId: env.ids.instagram,
      fromUsername: 'cake_lover',
      text: 'Hello! Do you deliver?',
    });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.from.username, 'cake_lover');
    const again = await t.request('POST', '/v1/sandbox/messages', {
      accountId: env.ids.instagram,
      fromUsername: 'cake_lover',
      text: 'Also on Sundays?',
    });
    assert.equal(
      again.body.conversationId,
      res.body.conversationId,
      'the same person, the same conversation',
    );
    const listed = await t.request(
      'GET',
      `/v1/messages?${q({ platform: 'instagram', accountId: env.ids.instagram })}`,
    );
    assert.equal(listed.status, 200, listed.text);
    assert.ok(
      listed.body.conversations.some((c: { id: string }) => c.id === res.body.conversationId),
      listed.text,
    );
    assert.ok((await pollEngagement(t.ctx)) >= 2);
    const texts = (await events('message.received')).map((e) => e.message?.text ?? e.data?.message?.text);
    assert.deepEqual(texts.sort(), ['Also on Sundays?', 'Hello! Do you deliver?']);
  });

  it('refuses what it can not simulate, sending nothing', async () => {
    const comments = commentStore(env.sim, 'instagram').size;
    const x = await insertIntegration(t.ctx, t.projectId, 'twitter', { platformUserId: `x-${dialect}` });
    const onX = await t.request('POST', '/v1/sandbox/comments', { accountId: x });
    assert.equal(onX.status, 400, onX.text);
    assert.match(onX.body.message, /Facebook Pages, Instagram and Threads/);
    const dmFacebook = await t.request('POST', '/v1/sandbox/messages', { accountId: env.ids.facebook });
    assert.equal(dmFacebook.status, 400, dmFacebook.text);
    assert.match(dmFacebook.body.message, /Instagram/);

    const unknown = await t.request('POST', '/v1/sandbox/comments', { accountId: 'int_missing' });
    assert.equal(unknown.status, 404, unknown.text);
    const other = await createProject(t.ctx, `other ${dialect}`);
    const theirs = await insertIntegration(t.ctx, other.projectId, 'instagram', {
      platformUserId: `their-${dialect}`,
    });
    assert.equal((await t.request('POST', '/v1/sandbox/comments', { accountId: theirs })).status, 404);
    assert.equal((await t.request('POST', '/v1/sandbox/messages', { accountId: theirs })).status, 404);

    const nothingPublished = await t.request('POST', '/v1/sandbox/comments', { accountId: env.ids.threads });
    assert.equal(nothingPublished.status, 409, nothingPublished.text);
    assert.match(nothingPublished.body.message, /no published post yet/);
    const missingPost = await t.request('POST', '/v1/sandbox/comments', {
      accountId: env.ids.instagram,
      postId: 'post_missing',
    });
    assert.equal(missingPost.status, 404, missingPost.text);

    const bad = await t.request('POST', '/v1/sandbox/messages', {
      accountId: env.ids.instagram,
      fromUsername: 'no spaces',
    });
    assert.equal(bad.status, 400, bad.text);
    assert.equal(commentStore(env.sim, 'instagram').size, comments);
  });

  it('is refused with 409 outside sandbox mode, where only real people comment and write', async () => {
    const real = await startTestService(dialect, {
      settings: {
        SIMULATOR_URL: env.sim.url,
        INSTAGRAM_CLIENT_ID: 'real-app',
        INSTAGRAM_CLIENT_SECRET: 'real-secret',
      },
    });
    try {
      const account = await insertIntegration(real.ctx, real.projectId, 'instagram', {
        platformUserId: 'real-ig',
      });
      const before = {
        comments: commentStore(env.sim, 'instagram').size,
        inbox: conversations(env.sim).size,
      };
      const comment = await real.request('POST', '/v1/sandbox/comments', { accountId: account });
      assert.equal(comment.status, 409, comment.text);
      assert.match(
        comment.body.message,
        /sandbox mode only.*Instagram accounts of this service are on the real platform/,
      );
      const message = await real.request('POST', '/v1/sandbox/messages', { accountId: account });
      assert.equal(message.status, 409, message.text);
      assert.deepEqual(
        { comments: commentStore(env.sim, 'instagram').size, inbox: conversations(env.sim).size },
        before,
      );
    } finally {
      await real.close();
    }
  });
});
