/**
 * An approver edits a post awaiting approval (PUT /v1/posts/{postId}/pending): its
 * text and an account's own text change, it stays pending with nothing charged, its
 * history names the editor, and approving publishes the edited text; every documented
 * error (400 for a text a platform refuses, an unknown account or a bad body; 403 for
 * a contributor; 404; 409 once it is no longer pending).
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { createAccessKey } from '../../src/domain/projects/keys.ts';
import { forEachDatabase, startTestService, type TestService } from '../harness.ts';
import { addIntegration, FUTURE } from '../posts-fixtures.ts';

forEachDatabase('approval: editing a pending post', (dialect) => {
  let t: TestService;
  let tw: string;
  let li: string;
  let contributor: Record<string, string>;
  let editor: Record<string, string>;
  let editorActor: string;
  const used = async () => {
    const b = (await t.request('GET', '/v1/usage')).body.balance;
    return b.monthly.used + b.purchased.used;
  };
  const submit = async () => {
    const res = await t.request(
      'POST',
      '/v1/posts',
      {
        content: 'Winter blend is back',
        platforms: [
          { platform: 'twitter', accountId: tw },
          { platform: 'linkedin', accountId: li, content: 'Winter blend is back, for LinkedIn' },
        ],
        scheduledFor: FUTURE,
      },
      contributor,
    );
    assert.equal(res.status, 202, res.text);
    assert.equal(res.body.status, 'pending');
    return res.body.postId as string;
  };
  const edit = (postId: string, body: unknown, headers = editor) =>
    t.request('PUT', `/v1/posts/${postId}/pending`, body, headers);
  const read = async (postId: string) => (await t.request('GET', `/v1/posts/${postId}`)).body.post;
  const textOf = (post: { platforms: { integrationId: string; content: string | null }[] }, id: string) =>
    post.platforms.find((p) => p.integrationId === id)?.content;

  before(async () => {
    t = await startTestService(dialect, {
      settings: { ROLE: 'api', PUBLISH_WAIT_MS: '0', SIMULATOR_URL: 'http://127.0.0.1:9' },
    });
    tw = await addIntegration(t.ctx, t.projectId, 'twitter');
    li = await addIntegration(t.ctx, t.projectId, 'linkedin');
    contributor = {
      'x-access-key': (await createAccessKey(t.ctx, t.projectId, 'writer', { role: 'contributor' }))
        .accessKey,
    };
    const k = await createAccessKey(t.ctx, t.projectId, 'editor', { role: 'editor' });
    editor = { 'x-access-key': k.accessKey };
    editorActor = `key:${k.keyId}`;
  });
  after(() => t.close());

  it('changes the text and one account’s own text; stays pending, uncharged, at its time; approval publishes the edit', async () => {
    const postId = await submit();
    const before = await read(postId);
    const spent = await used();
    const res = await edit(postId, {
      content: 'Winter blend is back in every shop',
      targets: [
        { accountId: tw, content: 'Winter blend: back in every shop #coffee' },
        { accountId: li, content: null },
      ],
    });
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body, {
      success: true,
      postId,
      status: 'pending',
      message: 'Edited; still awaiting approval',
    });
    const after = await read(postId);
    assert.equal(after.status, 'pending');
    assert.equal(after.content, 'Winter blend is back in every shop');
    assert.equal(textOf(after, tw), 'Winter blend: back in every shop #coffee');
    // null: LinkedIn takes the post's text again.
    assert.ok([null, undefined, 'Winter blend is back in every shop'].includes(textOf(after, li)));
    assert.equal(after.scheduledFor, before.scheduledFor);
    assert.equal(await used(), spent);
    const notes = (await t.request('GET', `/v1/posts/${postId}/notes`)).body.notes;
    const last = notes.at(-1);
    assert.equal(last.author, editorActor);
    assert.match(last.text, /^Edited the text/);
    // Still in the approval queue, then approved with the edited text.
    const queue = (await t.request('GET', '/v1/approvals', undefined, editor)).body.posts;
    assert.ok(queue.some((p: { postId: string }) => p.postId === postId));
    const approved = await t.request('POST', `/v1/posts/${postId}/approve`, {}, editor);
    assert.equal(approved.status, 200, approved.text);
    assert.equal(approved.body.result, 'scheduled');
    const scheduled = await read(postId);
    assert.equal(scheduled.content, 'Winter blend is back in every shop');
    assert.equal(textOf(scheduled, tw), 'Winter blend: back in every shop #coffee');
  });

  it('answers 400 to a text a platform refuses, leaving the post as it was', async () => {
    const postId = await submit();
    const res = await edit(postId, { content: 'x'.repeat(300) });
    assert.equal(res.status, 400, res.text);
    assert.equal(res.body.success, false);
    assert.match(res.body.message, /twitter/i);
    assert.equal((await read(postId)).content, 'Winter blend is back');
  });

  it('answers 400 to an account the post does not go to, one named twice, and a bad body', async () => {
    const postId = await submit();
    const other = await addIntegration(t.ctx, t.projectId, 'bluesky');
    const stranger = await edit(postId, { content: 'x', targets: [{ accountId: other, content: 'y' }] });
    assert.equal(stranger.status, 400);
    assert.match(stranger.body.message, /targets\[0\]\.accountId: .* not one of this post's accounts/);
    const twice = await edit(postId, {
      content: 'x',
      targets: [
        { accountId: tw, content: 'a' },
        { accountId: tw, content: 'b' },
      ],
    });
    assert.equal(twice.status, 400);
    assert.match(twice.body.message, /named twice/);
    for (const bad of [
      {},
      { content: 3 },
      { content: 'x', platforms: [] },
      { content: 'x', targets: [{}] },
    ]) {
      const r = await edit(postId, bad);
      assert.equal(r.status, 400, JSON.stringify(bad));
      assert.equal(r.body.success, false);
    }
    assert.equal((await read(postId)).content, 'Winter blend is back');
  });

  it('answers 403 to a contributor and 404 to an unknown post', async () => {
    const postId = await submit();
    const denied = await edit(postId, { content: 'Mine now' }, contributor);
    assert.equal(denied.status, 403);
    assert.match(denied.body.message, /needs publish access/);
    assert.equal((await edit('post_nope', { content: 'x' })).status, 404);
  });

  it('answers 409 once the post is no longer awaiting approval', async () => {
    const postId = await submit();
    assert.equal((await t.request('POST', `/v1/posts/${postId}/approve`, {}, editor)).status, 200);
    const res = await edit(postId, { content: 'Too late' });
    assert.equal(res.status, 409);
    assert.match(res.body.message, /is scheduled, not awaiting approval/);
  });
});
