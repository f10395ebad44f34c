/**
 * First comments end to end through the HTTP API on SQLite and PostgreSQL, by the
 * real adapters against the simulator: a post's `firstComment` is posted under
 * each live target exactly once (Facebook, Instagram, Threads here), found on the
 * simulator's post; a platform that can not comment is answered `skipped`; a
 * comment the platform refuses leaves the target published with a warning and
 * the post `partial` (the webhook says so); a comment whose answer was lost is
 * found again instead of posted twice; the comment's length rule is checked at
 * create; a scheduled edit keeps or removes it.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { type FixtureServer, mp4Stub, startFixtureServer } from '../src/media/testing.ts';
import type { Platform } from '../src/platforms/names.ts';
import { jpeg } from '../src/platforms/shared/meta-testing.ts';
import { type Simulator, startSimulator } from '../src/simulator/index.ts';
import { commentStore } from '../src/simulator/platforms/_shared/meta-comments.ts';
import { linkedinComments } from '../src/simulator/platforms/linkedin/comments.ts';
import { insertIntegration } from './fake-adapter.ts';
import { forEachDatabase, startTestService, type TestService } from './harness.ts';
import { type Receiver, startReceiver } from './notifications/receiver.ts';
import { subscribeWebhook } from './publishing-e2e.ts';
import { until } from './shared-store.ts';

interface Who {
  user: string;
  page?: string;
  scopes: string[];
}

const ACCOUNTS: Partial<Record<Platform, Who>> = {
  facebook: {
    user: '10000000000000001',
    page: '200000000000001',
    scopes: ['pages_manage_posts', 'pages_manage_engagement', 'pages_read_user_content'],
  },
  instagram: { user: '17841400000000001', scopes: ['instagram_business_manage_comments'] },
  threads: { user: '25000000000000001', scopes: ['threads_manage_replies', 'threads_read_replies'] },
  tiktok: { user: 'sim-tiktok-user-0001', scopes: [] },
  twitter: { user: '1500000000000000001', scopes: [] },
  bluesky: { user: 'did:plc:simbluesky000000000001', scopes: [] },
  linkedin: { user: 'SimMember001', scopes: [] },
};

interface TargetView {
  platform: string;
  status: string;
  platformPostId: string | null;
  warningMessage: string | null;
  firstComment?: { status: string; commentId?: string };
}

forEachDatabase('first comments through the API', (dialect) => {
  let t: TestService;
  let sim: Simulator;
  let fixtures: FixtureServer;
  let hooks: Receiver;
  const ids: Partial<Record<Platform, string>> = {};

  before(async () => {
    sim = await startSimulator();
    fixtures = await startFixtureServer();
    hooks = await startReceiver();
    t = await startTestService(dialect, {
      settings: {
        JOBS_POLL_MS: '20',
        NOTIFICATION_POLL_MS: '20',
        PUBLISH_WAIT_MS: '200',
        PUBLISH_RETRY_BASE_MS: '50',
        OUTBOUND_ALLOWLIST: '127.0.0.1',
        SIMULATOR_URL: sim.url,
      },
    });
    for (const [platform, who] of Object.entries(ACCOUNTS) as [Platform, Who][]) {
      const token = sim.state.issueToken({
        platform,
        kind: who.page ? 'page' : 'access',
        clientId: `sim-${platform}-client`,
        accountId: who.user,
        ...(who.page ? { subjectId: who.page } : {}),
        scopes: who.scopes,
        expiresAt: null,
        grantId: `first-comment-${platform}`,
      }).value;
      ids[platform] = await insertIntegration(t.ctx, t.projectId, platform, {
        token,
        platformUserId: who.page ?? who.user,
      });
    }
    await subscribeWebhook(t, hooks.url);
  });
  after(async () => {
    await t.close();
    await hooks.close();
    await fixtures.close();
    await sim.close();
  });

  const target = (platform: Platform) => ({ platform, accountId: ids[platform] as string });
  const read = async (postId: string) => (await t.request('GET', `/v1/posts/${postId}`)).body.post;
  const final = async (postId: string) => {
    await until(async () => ['published', 'partial', 'failed'].includes((await read(postId)).status), 20_000);
    return read(postId);
  };
  const eventOf = async (postId: string) => {
    const mine = () => hooks.received.filter((r) => r.body?.data?.post?.id === postId);
    await until(() => mine().length > 0, 10_000);
    return mine()[0]?.body as { type: string; data: { platforms: TargetView[] } };
  };
  const byPlatform = (platforms: TargetView[]) => Object.fromEntries(platforms.map((p) => [p.platform, p]));
  /** The account's own comments (or replies) under a post on the simulator. */
  const commentsOn = (platform: 'facebook' | 'instagram', postId: string, text: string) =>
    [...commentStore(sim, platform).values()].filter((c) => c.postId === postId && c.text === text);
  const threadsRepliesTo = (postId: string, text: string) => {
    const containers = sim.state.collection<{ params: Record<string, string> }>('threads', 'containers');
    return sim.state.listPosts('threads', {
      where: (p) =>
        p.data.text === text && containers.get(String(p.data.containerId))?.params.reply_to_id === postId,
    });
  };

  it('posts the first comment once under each live post; a platform that can not comment is skipped', async () => {
    const image = fixtures.set(`/fc/${dialect}.jpg`, jpeg(1080, 1080), 'image/jpeg');
    const firstComment = `Link in the comments: https://example.com/${dialect}/${Date.now()}`;
    const res = await t.request('POST', '/v1/posts', {
      content: `With a first comment ${dialect} ${Date.now()}`,
      mediaItems: [{ type: 'image', url: image }],
      platforms: [target('facebook'), target('instagram')],
      firstComment,
      publishNow: true,
    });
    // Threads gets text (a Threads media container settles 30 s before publishing).
    const text = await t.request('POST', '/v1/posts', {
      content: `A thread with a first reply ${dialect} ${Date.now()}`,
      platforms: [target('threads')],
      firstComment,
      publishNow: true,
    });
    assert.equal(res.status, 202, res.text);
    assert.equal(text.status, 202, text.text);
    const post = await final(res.body.postId);
    const threads = await final(text.body.postId);
    assert.equal(threads.status, 'published', JSON.stringify(threads.platforms));
    assert.equal(post.status, 'published', JSON.stringify(post.platforms));
    assert.equal(post.firstComment, firstComment);
    const by = byPlatform(post.platforms);
    for (const p of ['facebook', 'instagram'] as const) {
      const view = by[p] as TargetView;
      const found = commentsOn(p, view.platformPostId as string, firstComment);
      assert.equal(found.length, 1, `${p}: one comment under the post`);
      assert.deepEqual(view.firstComment, { status: 'posted', commentId: found[0]?.id });
      assert.equal(view.warningMessage, null);
    }
    const th = byPlatform(threads.platforms).threads;
    const replies = threadsRepliesTo(th?.platformPostId as string, firstComment);
    assert.equal(replies.length, 1, 'threads: one reply under the post');
    assert.deepEqual(th?.firstComment, { status: 'posted', commentId: replies[0]?.id });
    const event = await eventOf(res.body.postId);
    assert.equal(event.type, 'post.published');
  });

  it('replies in the thread on X and Bluesky and comments on LinkedIn, once each', async () => {
    const firstComment = `More in the replies ${dialect} ${Date.now()}`;
    const res = await t.request('POST', '/v1/posts', {
      content: `Text everywhere ${dialect} ${Date.now()}`,
      platforms: [target('twitter'), target('bluesky'), target('linkedin')],
      firstComment,
      publishNow: true,
    });
    assert.equal(res.status, 202, res.text);
    const post = await final(res.body.postId);
    assert.equal(post.status, 'published', JSON.stringify(post.platforms));
    const by = byPlatform(post.platforms);
    const tweets = sim.state.listPosts('twitter', { where: (p) => p.data.text === firstComment });
    assert.equal(tweets.length, 1, 'one reply on X');
    assert.deepEqual(tweets[0]?.data.reply, { in_reply_to_tweet_id: by.twitter?.platformPostId });
    assert.deepEqual(by.twitter?.firstComment, { status: 'posted', commentId: tweets[0]?.id });
    const records = sim.state.listPosts('bluesky', {
      where: (p) => (p.data.record as { text: string }).text === firstComment,
    });
    assert.equal(records.length, 1, 'one reply on Bluesky');
    const record = records[0]?.data.record as
      | { reply?: { root: { uri: string }; parent: { uri: string } } }
      | undefined;
    assert.equal(record?.reply?.root.uri, by.bluesky?.platformPostId);
    assert.equal(record?.reply?.parent.uri, by.bluesky?.platformPostId);
    assert.deepEqual(by.bluesky?.firstComment, { status: 'posted', commentId: records[0]?.id });
    const comments = [...linkedinComments(sim).values()].filter((c) => c.text === firstComment);
    assert.equal(comments.length, 1, 'one comment on LinkedIn');
    assert.equal(comments[0]?.object, by.linkedin?.platformPostId);
    assert.equal(comments[0]?.actor, 'urn:li:person:SimMember001');
    assert.deepEqual(by.linkedin?.firstComment, { status: 'posted', commentId: comments[0]?.urn });
  });

  it('names a platform that can not comment as skipped, and checks each platform’s comment length at create', async () => {
    const clip = fixtures.set(`/fc/${dialect}.mp4`, mp4Stub(64 * 1024), 'video/mp4');
    const at = new Date(Date.now() + 3_600_000).toISOString();
    const ok = await t.request('POST', '/v1/posts', {
      content: `Skipped on TikTok ${dialect}`,
      mediaItems: [{ type: 'video', url: clip }],
      platforms: [target('tiktok'), target('facebook')],
      firstComment: 'Thanks for watching',
      scheduledFor: at,
    });
    assert.equal(ok.status, 202, ok.text);
    const answer = byPlatform(ok.body.platforms);
    assert.deepEqual(answer.tiktok?.firstComment, { status: 'skipped' });
    assert.deepEqual(answer.facebook?.firstComment, { status: 'pending' });

    const long = await t.request('POST', '/v1/posts', {
      content: 'Too long for Threads',
      platforms: [target('threads'), target('facebook')],
      firstComment: 'x'.repeat(501),
      publishNow: true,
    });
    assert.equal(long.status, 400, long.text);
    assert.equal(
      long.body.message,
      'platforms[0] (threads): firstComment is 501 characters; the limit is 500',
    );

    // A scheduled edit that leaves firstComment out keeps it; null removes it.
    const postId = ok.body.postId as string;
    const edit = (extra: Record<string, unknown>) =>
      t.request('PUT', `/v1/posts/scheduled/${postId}`, {
        content: 'Edited',
        mediaItems: [{ type: 'video', url: clip }],
        platforms: [target('tiktok'), target('facebook')],
        ...extra,
      });
    assert.equal((await edit({})).status, 200);
    assert.equal((await read(postId)).firstComment, 'Thanks for watching');
    assert.deepEqual(byPlatform((await read(postId)).platforms).facebook?.firstComment, {
      status: 'pending',
    });
    assert.equal((await edit({ firstComment: null })).status, 200);
    const removed = await read(postId);
    assert.equal(removed.firstComment, undefined);
    assert.equal(byPlatform(removed.platforms).facebook?.firstComment, undefined);
    await t.request('DELETE', `/v1/posts/scheduled/${postId}`);
  });

  it('a comment the platform refuses leaves the post published with a warning: the post and its webhook say partial', async () => {
    const refusal = sim.faults.add({
      platform: 'instagram',
      method: 'POST',
      path: /\/comments$/,
      status: 400,
      body: {
        error: {
          message: '(#100) Comments are turned off for this media',
          type: 'OAuthException',
          code: 100,
        },
      },
    });
    try {
      const image = fixtures.set(`/fc/refused-${dialect}.jpg`, jpeg(1080, 1080), 'image/jpeg');
      const res = await t.request('POST', '/v1/posts', {
        content: `Refused comment ${dialect} ${Date.now()}`,
        mediaItems: [{ type: 'image', url: image }],
        platforms: [target('instagram'), target('facebook')],
        firstComment: `Refused on Instagram ${dialect}`,
        publishNow: true,
      });
      assert.equal(res.status, 202, res.text);
      const post = await final(res.body.postId);
      assert.equal(post.status, 'partial');
      const by = byPlatform(post.platforms);
      assert.equal(by.instagram?.status, 'published');
      assert.match(by.instagram?.platformPostId ?? '', /^\d+$/);
      assert.equal(
        by.instagram?.warningMessage,
        'The first comment was not posted: Instagram: (#100) Comments are turned off for this media',
      );
      assert.deepEqual(by.instagram?.firstComment, { status: 'failed' });
      assert.equal(by.facebook?.firstComment?.status, 'posted');
      const event = await eventOf(res.body.postId);
      assert.equal(event.type, 'post.partial');
      assert.equal(byPlatform(event.data.platforms).instagram?.warningMessage, by.instagram?.warningMessage);
    } finally {
      sim.faults.remove(refusal);
    }
  });

  it('a Bluesky reply whose answer was lost is found by its record key, never posted twice', async () => {
    // The post's createRecord goes through (the first rule, used up by it); the reply's answer is lost.
    const create = {
      platform: 'bluesky',
      method: 'POST',
      path: '/xrpc/com.atproto.repo.createRecord',
    } as const;
    const post = sim.faults.add({ ...create, times: 1, delayMs: 1 });
    const lost = sim.faults.add({ ...create, times: 1, dropAfterCommit: true });
    const creates = () => sim.calls.count({ platform: 'bluesky', method: 'POST', path: create.path });
    const createsBefore = creates();
    const firstComment = `Lost Bluesky reply ${dialect} ${Date.now()}`;
    const content = `Lost Bluesky post ${dialect} ${Date.now()}`;
    const res = await t.request('POST', '/v1/posts', {
      content,
      platforms: [target('bluesky')],
      firstComment,
      publishNow: true,
    });
    assert.equal(res.status, 202, res.text);
    try {
      const settled = await final(res.body.postId);
      assert.equal(settled.status, 'published', JSON.stringify(settled.platforms));
      const text = (p: { data: Record<string, unknown> }) => (p.data.record as { text: string }).text;
      assert.equal(sim.state.listPosts('bluesky', { where: (p) => text(p) === content }).length, 1);
      const replies = sim.state.listPosts('bluesky', { where: (p) => text(p) === firstComment });
      assert.equal(replies.length, 1, 'exactly one reply');
      assert.equal(byPlatform(settled.platforms).bluesky?.firstComment?.commentId, replies[0]?.id);
      assert.equal(
        sim.faults.list().some((f) => f.id === lost),
        false,
        'the reply’s answer was lost',
      );
      const row = await t.ctx.store.db
        .selectFrom('post_targets')
        .select('ledger')
        .where('post_id', '=', res.body.postId)
        .executeTakeFirstOrThrow();
      const history = (JSON.parse(row.ledger ?? '{}') as { history: { event: string; detail?: string }[] })
        .history;
      assert.ok(
        history.some((h) => h.event === 'first_comment_posted' && h.detail === 'found'),
        JSON.stringify(history),
      );
      assert.equal(creates() - createsBefore, 2, 'the post and its reply, each once');
    } finally {
      sim.faults.remove(post);
      sim.faults.remove(lost);
    }
  });

  it('a comment whose answer was lost is found on the post, never posted twice', async () => {
    const lost = sim.faults.add({
      platform: 'facebook',
      method: 'POST',
      path: /\/comments$/,
      times: 1,
      dropAfterCommit: true,
    });
    try {
      const firstComment = `Lost answer ${dialect} ${Date.now()}`;
      const res = await t.request('POST', '/v1/posts', {
        content: `Lost answer post ${dialect} ${Date.now()}`,
        platforms: [target('facebook')],
        firstComment,
        publishNow: true,
      });
      assert.equal(res.status, 202, res.text);
      const post = await final(res.body.postId);
      assert.equal(post.status, 'published', JSON.stringify(post.platforms));
      const fb = byPlatform(post.platforms).facebook as TargetView;
      const found = commentsOn('facebook', fb.platformPostId as string, firstComment);
      assert.equal(found.length, 1, 'exactly one comment');
      assert.deepEqual(fb.firstComment, { status: 'posted', commentId: found[0]?.id });
      assert.equal(
        sim.calls.count({
          platform: 'facebook',
          method: 'POST',
          path: `/v25.0/${fb.platformPostId}/comments`,
        }),
        1,
      );
    } finally {
      sim.faults.remove(lost);
    }
  });
});
