/**
 * The comments endpoints through the HTTP API and the simulator, on SQLite and
 * PostgreSQL: listing with replies and paging, commenting, replying, hiding and
 * deleting on Instagram, Facebook and Threads, and every documented error (bad
 * input 400, a missing permission 403 naming it, a revoked token marking the
 * integration, unknown or foreign ids 404, rate limits 429 with Retry-After, a
 * platform failure 502).
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { createProject } from '../../src/domain/projects/projects.ts';
import { addComment, commentStore } from '../../src/simulator/platforms/_shared/meta-comments.ts';
import { insertIntegration } from '../fake-adapter.ts';
import { forEachDatabase } from '../harness.ts';
import { type EngagementEnv, FB_PAGE, IG_USER, q, SCOPES, simPost, startEngagementEnv } from './helpers.ts';

forEachDatabase('comments', (dialect) => {
  let env: EngagementEnv;
  before(async () => {
    env = await startEngagementEnv(dialect);
  });
  after(() => env.close());

  const list = (platform: string, postId: string, extra: Record<string, string | number> = {}) =>
    env.t.request(
      'GET',
      `/v1/comments?${q({ platform, accountId: env.ids[platform as 'instagram'], postId, ...extra })}`,
    );

  it('Instagram: lists comments newest first with their replies, and pages through them', async () => {
    const { sim } = env;
    const post = simPost(sim, 'instagram');
    const t0 = sim.clock.now();
    const first = addComment(sim, 'instagram', {
      postId: post,
      text: 'first!',
      author: { id: '901', name: 'fan_one' },
      likeCount: 4,
      at: t0 - 3000,
    });
    addComment(sim, 'instagram', {
      parentId: first.id,
      text: 'welcome',
      author: { id: IG_USER, name: 'sim_insta' },
    });
    addComment(sim, 'instagram', { postId: post, text: 'second', at: t0 - 2000, hidden: true });
    addComment(sim, 'instagram', { postId: post, text: 'third', at: t0 - 1000 });

    const all = await list('instagram', post);
    assert.equal(all.status, 200, all.text);
    assert.equal(all.body.success, true);
    assert.deepEqual(
      all.body.comments.map((c: { text: string }) => c.text),
      ['third', 'second', 'first!'],
    );
    assert.equal(all.body.nextCursor, null);
    const oldest = all.body.comments[2];
    assert.deepEqual(oldest.author, { id: '901', name: 'fan_one' });
    assert.equal(oldest.likeCount, 4);
    assert.equal(oldest.timestamp, new Date(t0 - 3000).toISOString().replace(/\.\d+Z$/, '.000Z'));
    assert.deepEqual(
      oldest.replies.map((r: { text: string; author: { name: string } }) => [r.text, r.author.name]),
      [['welcome', 'sim_insta']],
    );
    assert.equal(all.body.comments[1].hidden, true);
    assert.equal(all.body.comments[0].hidden, false);

    const page1 = await list('instagram', post, { limit: 2 });
    assert.equal(page1.body.comments.length, 2);
    assert.ok(page1.body.nextCursor);
    const page2 = await list('instagram', post, { limit: 2, after: page1.body.nextCursor });
    assert.deepEqual(
      page2.body.comments.map((c: { text: string }) => c.text),
      ['first!'],
    );
    assert.equal(page2.body.nextCursor, null);
    assert.equal((await list('instagram', post, { after: 'not-a-cursor' })).status, 400);
  });

  it('Instagram: a page of more than 50 takes two calls (Instagram gives 50 at most)', async () => {
    const { sim } = env;
    const post = simPost(sim, 'instagram');
    for (let i = 0; i < 60; i++)
      addComment(sim, 'instagram', { postId: post, text: `c${i}`, at: 1_000_000 + i });
    sim.calls.clear();
    const res = await list('instagram', post, { limit: 55 });
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.comments.length, 55);
    assert.equal(res.body.comments[0].text, 'c59');
    assert.equal(sim.calls.count({ platform: 'instagram', path: /\/comments$/ }), 2);
    const rest = await list('instagram', post, { limit: 55, after: res.body.nextCursor });
    assert.deepEqual(
      rest.body.comments.map((c: { text: string }) => c.text),
      ['c4', 'c3', 'c2', 'c1', 'c0'],
    );
    assert.equal(rest.body.nextCursor, null);
  });

  it('Instagram: comments, replies, hides, shows and deletes', async () => {
    const { sim, t, ids } = env;
    const post = simPost(sim, 'instagram');
    const fan = addComment(sim, 'instagram', {
      postId: post,
      text: 'nice',
      author: { id: '77', name: 'fan' },
    });
    const made = await t.request('POST', '/v1/comments', {
      platform: 'instagram',
      accountId: ids.instagram,
      postId: post,
      text: 'Thanks all',
    });
    assert.equal(made.status, 200, made.text);
    assert.ok(made.body.commentId);
    const reply = await t.request('POST', '/v1/comments/', {
      platform: 'instagram',
      accountId: ids.instagram,
      commentId: fan.id,
      text: 'Glad you like it',
    });
    assert.equal(reply.status, 200, reply.text);
    const stored = commentStore(sim, 'instagram');
    assert.equal(stored.get(made.body.commentId)?.postId, post);
    assert.equal(stored.get(reply.body.commentId)?.parentId, fan.id);

    const hide = (id: string, hidden: boolean) =>
      t.request('PATCH', `/v1/comments/${id}`, { platform: 'instagram', accountId: ids.instagram, hidden });
    assert.equal((await hide(fan.id, true)).status, 200);
    assert.equal(stored.get(fan.id)?.hidden, true);
    assert.equal(
      (await list('instagram', post)).body.comments.find((c: { id: string }) => c.id === fan.id).hidden,
      true,
    );
    assert.equal((await hide(fan.id, false)).status, 200);
    assert.equal(stored.get(fan.id)?.hidden, false);
    const own = await hide(made.body.commentId, true);
    assert.equal(own.status, 400, own.text);
    assert.match(own.body.message, /own comment/);

    const del = (id: string) =>
      t.request('DELETE', `/v1/comments/${id}?${q({ platform: 'instagram', accountId: ids.instagram })}`);
    const deleted = await del(fan.id);
    assert.equal(deleted.status, 200, deleted.text);
    assert.deepEqual(deleted.body, { success: true });
    assert.equal(stored.get(fan.id)?.deleted, true);
    const again = await del(fan.id);
    assert.equal(again.status, 404, again.text);
    assert.equal(again.body.success, false);
    assert.match(again.body.message, new RegExp(`comment ${fan.id} was not found`));
    assert.deepEqual(
      (await list('instagram', post)).body.comments.map((c: { text: string }) => c.text),
      ['Thanks all'],
    );
  });

  it('Facebook: lists with names and replies, comments, replies, hides and deletes with the Page token', async () => {
    const { sim, t, ids } = env;
    const post = simPost(sim, 'facebook');
    const fan = addComment(sim, 'facebook', {
      postId: post,
      text: 'Open on Sunday?',
      author: { id: '55', name: 'Ann' },
    });
    const res = await list('facebook', post);
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body.comments[0].author, { id: '55', name: 'Ann' });
    const reply = await t.request('POST', '/v1/comments', {
      platform: 'facebook',
      accountId: ids.facebook,
      commentId: fan.id,
      text: 'Yes, 10 to 4',
    });
    assert.equal(reply.status, 200, reply.text);
    const top = await t.request('POST', '/v1/comments', {
      platform: 'facebook',
      accountId: ids.facebook,
      postId: post,
      text: 'Come by!',
    });
    assert.equal(top.status, 200, top.text);
    const after = (await list('facebook', post)).body.comments;
    assert.deepEqual(
      after.map((c: { text: string }) => c.text),
      ['Come by!', 'Open on Sunday?'],
    );
    assert.deepEqual(after[1].replies[0].author, { id: FB_PAGE, name: 'Sim Page' });

    const hidden = await t.request('PATCH', `/v1/comments/${fan.id}`, {
      platform: 'facebook',
      accountId: ids.facebook,
      hidden: true,
    });
    assert.equal(hidden.status, 200, hidden.text);
    assert.equal(commentStore(sim, 'facebook').get(fan.id)?.hidden, true);
    const pageOwn = await t.request('PATCH', `/v1/comments/${top.body.commentId}`, {
      platform: 'facebook',
      accountId: ids.facebook,
      hidden: true,
    });
    assert.equal(pageOwn.status, 400, pageOwn.text);

    const del = await t.request(
      'DELETE',
      `/v1/comments/${fan.id}?${q({ platform: 'facebook', accountId: ids.facebook })}`,
    );
    assert.equal(del.status, 200, del.text);
    assert.equal(commentStore(sim, 'facebook').get(fan.id)?.deleted, true);
    assert.equal(sim.state.getPost('facebook', post)?.deleted, false, 'the post stays');
  });

  it('Threads: lists replies with theirs, replies through a reply post, hides top-level replies only, cannot delete', async () => {
    const { sim, t, ids } = env;
    const post = simPost(sim, 'threads');
    const fan = addComment(sim, 'threads', {
      postId: post,
      text: 'so true',
      author: { id: '31', name: 'threadfan' },
    });
    const nested = addComment(sim, 'threads', {
      parentId: fan.id,
      text: 'agreed',
      author: { id: '32', name: 'other' },
    });

    const top = await t.request('POST', '/v1/comments', {
      platform: 'threads',
      accountId: ids.threads,
      postId: post,
      text: 'Thanks for reading',
    });
    assert.equal(top.status, 200, top.text);
    const replyPost = sim.state.getPost('threads', top.body.commentId);
    assert.ok(replyPost, 'the reply is a Threads post of the account');
    assert.equal(replyPost.data.text, 'Thanks for reading');
    const reply = await t.request('POST', '/v1/comments', {
      platform: 'threads',
      accountId: ids.threads,
      commentId: fan.id,
      text: 'indeed',
    });
    assert.equal(reply.status, 200, reply.text);

    const res = await list('threads', post);
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(
      res.body.comments.map((c: { text: string }) => c.text),
      ['Thanks for reading', 'so true'],
    );
    const theirs = res.body.comments[1];
    assert.deepEqual(theirs.author, { id: null, name: 'threadfan' });
    assert.deepEqual(
      theirs.replies.map((r: { text: string }) => r.text),
      ['agreed', 'indeed'],
    );

    const hide = (id: string) =>
      t.request('PATCH', `/v1/comments/${id}`, { platform: 'threads', accountId: ids.threads, hidden: true });
    assert.equal((await hide(fan.id)).status, 200);
    assert.equal((await list('threads', post)).body.comments[1].hidden, true);
    const deep = await hide(nested.id);
    assert.equal(deep.status, 400, deep.text);
    assert.match(deep.body.message, /top-level/);

    const del = await t.request(
      'DELETE',
      `/v1/comments/${fan.id}?${q({ platform: 'threads', accountId: ids.threads })}`,
    );
    assert.equal(del.status, 400, del.text);
    assert.match(del.body.message, /not supported on Threads/);
    assert.equal(commentStore(sim, 'threads').get(fan.id)?.deleted, false);

    const unknown = await t.request('POST', '/v1/comments', {
      platform: 'threads',
      accountId: ids.threads,
      postId: '1800999999999',
      text: 'hello?',
    });
    assert.equal(unknown.status, 404, unknown.text);
  });

  it('answers 400 for bad input, and 404 for unknown or foreign accounts, posts and comments', async () => {
    const { sim, t, ids } = env;
    const post = simPost(sim, 'instagram');
    const bad = [
      '/v1/comments',
      `/v1/comments?${q({ platform: 'instagram', accountId: ids.instagram })}`,
      `/v1/comments?${q({ platform: 'twitter', accountId: ids.instagram, postId: post })}`,
      `/v1/comments?${q({ platform: 'instagram', accountId: ids.instagram, postId: post, limit: 0 })}`,
      `/v1/comments?${q({ platform: 'instagram', accountId: ids.instagram, postId: post, limit: 101 })}`,
      `/v1/comments?${q({ platform: 'facebook', accountId: ids.instagram, postId: post })}`,
    ];
    for (const url of bad) {
      const res = await t.request('GET', url);
      assert.equal(res.status, 400, `${url}: ${res.text}`);
      assert.equal(res.body.success, false);
      assert.equal(typeof res.body.message, 'string');
    }
    const body = { platform: 'instagram', accountId: ids.instagram, text: 'x' };
    for (const extra of [
      {},
      { postId: post, commentId: '1' },
      { postId: post, text: '' },
      { postId: post, color: 1 },
    ]) {
      const res = await t.request('POST', '/v1/comments', { ...body, ...extra });
      assert.equal(res.status, 400, `${JSON.stringify(extra)}: ${res.text}`);
    }
    const noHidden = await t.request('PATCH', '/v1/comments/1', {
      platform: 'instagram',
      accountId: ids.instagram,
    });
    assert.equal(noHidden.status, 400);
    assert.equal((await t.request('DELETE', `/v1/comments/1?${q({ platform: 'instagram' })}`)).status, 400);

    const other = await createProject(t.ctx, 'other');
    const foreign = await insertIntegration(t.ctx, other.projectId, 'instagram', { platformUserId: IG_USER });
    for (const accountId of ['int_unknown', foreign]) {
      const res = await t.request(
        'GET',
        `/v1/comments?${q({ platform: 'instagram', accountId, postId: post })}`,
      );
      assert.equal(res.status, 404, res.text);
      assert.equal(res.body.success, false);
    }
    const missingPost = await list('instagram', '1789000000000000');
    assert.equal(missingPost.status, 404, missingPost.text);
    assert.match(missingPost.body.message, /post 1789000000000000 was not found/);
    const ourUnknownPost = await list('instagram', 'post_unknown');
    assert.equal(ourUnknownPost.status, 404, ourUnknownPost.text);
    const hideUnknown = await t.request('PATCH', '/v1/comments/123', {
      platform: 'instagram',
      accountId: ids.instagram,
      hidden: true,
    });
    assert.equal(hideUnknown.status, 404, hideUnknown.text);
    const replyUnknown = await t.request('POST', '/v1/comments', { ...body, commentId: '123' });
    assert.equal(replyUnknown.status, 404, replyUnknown.text);
  });

  it('a missing permission is 403 naming it: before any call when the scopes are known, from the platform otherwise', async () => {
    const { sim, t, connect } = env;
    const post = simPost(sim, 'instagram');
    const recorded = await connect('instagram', ['instagram_business_basic'], true);
    sim.calls.clear();
    const early = await t.request(
      'GET',
      `/v1/comments?${q({ platform: 'instagram', accountId: recorded, postId: post })}`,
    );
    assert.equal(early.status, 403, early.text);
    assert.match(early.body.message, /instagram_business_manage_comments.*reconnect/);
    assert.equal(sim.calls.count({ platform: 'instagram' }), 0, 'nothing was sent');

    const unrecorded = await connect('facebook', ['pages_show_list'], false);
    const fbPost = simPost(sim, 'facebook');
    const late = await t.request('POST', '/v1/comments', {
      platform: 'facebook',
      accountId: unrecorded,
      postId: fbPost,
      text: 'hi',
    });
    assert.equal(late.status, 403, late.text);
    assert.match(late.body.message, /pages_manage_engagement.*reconnect/);
    const row = await t.request('GET', `/v1/connect/integrations/${unrecorded}`);
    assert.equal(row.body.integration.tokenStatus.valid, true, 'a missing permission is not a dead token');
  });

  it('a token the platform revoked marks the integration as needing reconnection (403)', async () => {
    const { sim, t, connect } = env;
    const post = simPost(sim, 'instagram');
    const id = await connect('instagram', SCOPES.instagram, true);
    sim.faults.add({ platform: 'instagram', path: /\/comments$/, unauthorized: 'revoked' });
    try {
      const res = await t.request(
        'GET',
        `/v1/comments?${q({ platform: 'instagram', accountId: id, postId: post })}`,
      );
      assert.equal(res.status, 403, res.text);
      assert.match(res.body.message, /reconnect/i);
    } finally {
      sim.faults.clear();
    }
    const read = await t.request('GET', `/v1/connect/integrations/${id}`);
    assert.equal(read.body.integration.tokenStatus.valid, false);
    const again = await t.request(
      'GET',
      `/v1/comments?${q({ platform: 'instagram', accountId: id, postId: post })}`,
    );
    assert.equal(again.status, 403, again.text);
  });

  it('a rate limit is 429 with Retry-After; a platform failure is 502', async () => {
    const { sim } = env;
    const post = simPost(sim, 'instagram');
    sim.faults.add({
      platform: 'instagram',
      path: /\/comments$/,
      rateLimit: { code: 80002, resetInSec: 300 },
      times: 1,
    });
    const limited = await list('instagram', post);
    assert.equal(limited.status, 429, limited.text);
    assert.equal(limited.headers['retry-after'], '300');
    assert.equal(limited.body.success, false);
    sim.faults.add({ platform: 'instagram', path: /\/comments$/, status: 500, times: 1 });
    const failed = await list('instagram', post);
    assert.equal(failed.status, 502, failed.text);
    assert.equal(failed.body.success, false);
    assert.equal((await list('instagram', post)).status, 200);
  });
});
