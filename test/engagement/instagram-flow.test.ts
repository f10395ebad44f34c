/**
 * End to end on SQLite and PostgreSQL, through the HTTP API only: publish an image
 * to Instagram, people comment on it (the simulator adds their comments), list
 * them by our own postId, reply to one, hide one, delete one, and read the post's
 * comments again as the platform now has them.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { type FixtureServer, startFixtureServer } from '../../src/media/testing.ts';
import { jpeg } from '../../src/platforms/shared/meta-testing.ts';
import { type Simulator, startSimulator } from '../../src/simulator/index.ts';
import { addComment, commentStore } from '../../src/simulator/platforms/_shared/meta-comments.ts';
import { forEachDatabase, startTestService, type TestService } from '../harness.ts';
import { connectSimulated } from '../publishing-e2e.ts';
import { until } from '../shared-store.ts';
import { IG_USER, q, SCOPES } from './helpers.ts';

forEachDatabase('publish to Instagram, then moderate its comments', (dialect) => {
  let t: TestService;
  let sim: Simulator;
  let fixtures: FixtureServer;
  let accountId: string;

  before(async () => {
    sim = await startSimulator();
    fixtures = await startFixtureServer();
    t = await startTestService(dialect, {
      settings: {
        JOBS_POLL_MS: '20',
        PUBLISH_WAIT_MS: '10000',
        OUTBOUND_ALLOWLIST: '127.0.0.1',
        SIMULATOR_URL: sim.url,
      },
    });
    accountId = await connectSimulated(t, sim, 'instagram', IG_USER, { scopes: SCOPES.instagram });
  });
  after(async () => {
    await t.close();
    await fixtures.close();
    await sim.close();
  });

  it('lists the comments of a post published through the API, replies, hides one and deletes one', async () => {
    const image = fixtures.set('/engagement/photo.jpg', jpeg(1080, 1080), 'image/jpeg');
    const created = await t.request('POST', '/v1/posts', {
      content: `New menu ${dialect} ${Date.now()}`,
      mediaItems: [{ type: 'image', url: image }],
      platforms: [{ platform: 'instagram', accountId }],
      publishNow: true,
    });
    assert.equal(created.status, 202, created.text);
    const postId = created.body.postId as string;
    let mediaId = '';
    await until(async () => {
      const post = (await t.request('GET', `/v1/posts/${postId}`)).body.post;
      mediaId = post.platforms[0]?.platformPostId ?? '';
      return post.status === 'published';
    }, 15_000);
    assert.ok(mediaId);

    const before = await t.request('GET', `/v1/comments?${q({ platform: 'instagram', accountId, postId })}`);
    assert.equal(before.status, 200, before.text);
    assert.deepEqual(before.body.comments, []);

    const love = addComment(sim, 'instagram', {
      postId: mediaId,
      text: 'Looks delicious',
      author: { id: '801', name: 'foodie' },
    });
    const spam = addComment(sim, 'instagram', {
      postId: mediaId,
      text: 'Buy followers at …',
      author: { id: '802', name: 'spammer' },
    });
    const rude = addComment(sim, 'instagram', {
      postId: mediaId,
      text: 'Meh',
      author: { id: '803', name: 'grumpy' },
    });

    const listed = await t.request('GET', `/v1/comments?${q({ platform: 'instagram', accountId, postId })}`);
    assert.equal(listed.status, 200, listed.text);
    assert.deepEqual(
      listed.body.comments.map((c: { id: string }) => c.id).sort(),
      [love.id, spam.id, rude.id].sort(),
    );
    const byPlatformId = await t.request(
      'GET',
      `/v1/comments?${q({ platform: 'instagram', accountId, postId: mediaId })}`,
    );
    assert.deepEqual(
      byPlatformId.body.comments,
      listed.body.comments,
      'our postId and the platform id name the same post',
    );

    const reply = await t.request('POST', '/v1/comments', {
      platform: 'instagram',
      accountId,
      commentId: love.id,
      text: 'Thank you! Come try it',
    });
    assert.equal(reply.status, 200, reply.text);
    const hidden = await t.request('PATCH', `/v1/comments/${spam.id}`, {
      platform: 'instagram',
      accountId,
      hidden: true,
    });
    assert.equal(hidden.status, 200, hidden.text);
    const deleted = await t.request(
      'DELETE',
      `/v1/comments/${rude.id}?${q({ platform: 'instagram', accountId })}`,
    );
    assert.equal(deleted.status, 200, deleted.text);

    const now = await t.request('GET', `/v1/comments?${q({ platform: 'instagram', accountId, postId })}`);
    const byId = new Map(now.body.comments.map((c: { id: string }) => [c.id, c]));
    assert.equal(byId.size, 2);
    assert.equal(byId.has(rude.id), false);
    assert.deepEqual(
      (byId.get(love.id) as { replies: { id: string; text: string }[] }).replies.map((r) => [r.id, r.text]),
      [[reply.body.commentId, 'Thank you! Come try it']],
    );
    assert.equal((byId.get(spam.id) as { hidden: boolean }).hidden, true);
    assert.equal(commentStore(sim, 'instagram').get(rude.id)?.deleted, true);

    const scheduled = await t.request('POST', '/v1/posts', {
      content: 'Later',
      mediaItems: [{ type: 'image', url: image }],
      platforms: [{ platform: 'instagram', accountId }],
      scheduledFor: new Date(Date.now() + 3_600_000).toISOString(),
    });
    assert.equal(scheduled.status, 202, scheduled.text);
    const notYet = await t.request(
      'GET',
      `/v1/comments?${q({ platform: 'instagram', accountId, postId: scheduled.body.postId })}`,
    );
    assert.equal(notYet.status, 409, notYet.text);
    assert.match(notYet.body.message, /not published/);
  });
});
