/**
 * The formats chosen in platformSpecificData, end to end through the HTTP API on
 * SQLite and PostgreSQL, by the real adapters against the simulator with its
 * contract checks on (every call must exist in the platforms' own API
 * descriptions): an Instagram Story, an Instagram post with collaborators, an X
 * long post (eligible and ineligible accounts), each ending with its URL, and each refused in words where its rules are
 * broken.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { type FixtureServer, startFixtureServer } from '../src/media/testing.ts';
import type { Platform } from '../src/platforms/names.ts';
import { jpeg } from '../src/platforms/shared/meta-testing.ts';
import { type Simulator, startSimulator } from '../src/simulator/index.ts';
import { forEachDatabase, startTestService, type TestService } from './harness.ts';
import { connectSimulated } from './publishing-e2e.ts';
import { until } from './shared-store.ts';

const INSTAGRAM = '17841400000000001';
const X_PREMIUM = '1500000000000000001';
const X_BASIC = '1500000000000000002';

forEachDatabase('publishing Instagram Stories, collaborators and X long posts', (dialect) => {
  let t: TestService;
  let sim: Simulator;
  let fixtures: FixtureServer;
  const ids: Record<string, string> = {};

  before(async () => {
    sim = await startSimulator({ contracts: true });
    fixtures = await startFixtureServer();
    t = await startTestService(dialect, {
      settings: {
        JOBS_POLL_MS: '20',
        NOTIFICATION_POLL_MS: '20',
        PUBLISH_WAIT_MS: '10000',
        OUTBOUND_ALLOWLIST: '127.0.0.1',
        SIMULATOR_URL: sim.url,
      },
    });
    ids.instagram = await connectSimulated(t, sim, 'instagram', INSTAGRAM);
    ids.xPremium = await connectSimulated(t, sim, 'twitter', X_PREMIUM);
    ids.xBasic = await connectSimulated(t, sim, 'twitter', X_BASIC);
  });
  after(async () => {
    await t.close();
    await fixtures.close();
    await sim.close();
  });

  const read = async (postId: string) => (await t.request('GET', `/v1/posts/${postId}`)).body.post;
  /** Creates the post and waits until it is final; answers the post. */
  const settle = async (body: Record<string, unknown>, timeoutMs = 20_000) => {
    const res = await t.request('POST', '/v1/posts', { publishNow: true, ...body });
    assert.equal(res.status, 202, res.text);
    const postId = res.body.postId as string;
    await until(
      async () => ['published', 'partial', 'failed'].includes((await read(postId)).status),
      timeoutMs,
    );
    return read(postId);
  };
  const refused = async (body: Record<string, unknown>, message: RegExp) => {
    const res = await t.request('POST', '/v1/posts', { publishNow: true, ...body });
    assert.equal(res.status, 400, res.text);
    assert.match(res.body.message ?? res.body.error, message);
  };
  const target = (platform: Platform, accountId: string, platformSpecificData?: object) => ({
    platform,
    accountId,
    ...(platformSpecificData ? { platformSpecificData } : {}),
  });

  it('publishes an Instagram Story: media_type STORIES, no caption, the story URL, its first comment skipped', async () => {
    const image = fixtures.set('/formats/story.jpg', jpeg(1080, 1920), 'image/jpeg');
    const content = `Story ${dialect} ${Date.now()}`;
    const post = await settle({
      content,
      firstComment: 'not on a Story',
      mediaItems: [{ type: 'image', url: image }],
      platforms: [target('instagram', ids.instagram ?? '', { contentType: 'story' })],
    });
    assert.equal(post.status, 'published', JSON.stringify(post.platforms));
    const [story, ...more] = sim.state.listPosts('instagram', {
      where: (p) => p.kind === 'STORIES' && (p.data.media as { url: string }[])[0]?.url === image,
    });
    assert.ok(story);
    assert.equal(more.length, 0, 'one Story');
    assert.equal(story.data.caption, '', 'a Story has no caption');
    assert.equal(
      post.platforms[0].platformPostUrl,
      `https://www.instagram.com/stories/sim_insta/${story.id}/`,
    );
    assert.equal(post.platforms[0].firstComment?.status, 'skipped');
  });

  it('refuses an Instagram Story with two items, collaborators, or its own caption', async () => {
    const media = [
      { type: 'image', url: 'https://cdn.example.com/a.jpg' },
      { type: 'image', url: 'https://cdn.example.com/b.jpg' },
    ];
    await refused(
      {
        content: 'x',
        mediaItems: media,
        platforms: [target('instagram', ids.instagram ?? '', { contentType: 'story' })],
      },
      /an Instagram Story is one image or one video \(got 2 items\)/,
    );
    await refused(
      {
        content: 'x',
        mediaItems: media.slice(0, 1),
        platforms: [
          target('instagram', ids.instagram ?? '', { contentType: 'story', collaborators: ['ann'] }),
        ],
      },
      /platformSpecificData\.collaborators does not apply to an Instagram Story/,
    );
    await refused(
      {
        content: 'x',
        mediaItems: media.slice(0, 1),
        platforms: [
          { ...target('instagram', ids.instagram ?? '', { contentType: 'story' }), content: 'own text' },
        ],
      },
      /an Instagram Story has no caption/,
    );
  });

  it('publishes an Instagram carousel with collaborators, sent as Graph collaborators', async () => {
    const a = fixtures.set('/formats/c1.jpg', jpeg(1080, 1080), 'image/jpeg');
    const b = fixtures.set('/formats/c2.jpg', jpeg(1080, 1080), 'image/jpeg');
    const content = `With friends ${dialect} ${Date.now()}`;
    const post = await settle({
      content,
      mediaItems: [
        { type: 'image', url: a },
        { type: 'image', url: b },
      ],
      platforms: [target('instagram', ids.instagram ?? '', { collaborators: ['ann.b', 'bob_c'] })],
    });
    assert.equal(post.status, 'published', JSON.stringify(post.platforms));
    const [ig] = sim.state.listPosts('instagram', { where: (p) => p.data.caption === content });
    assert.ok(ig);
    assert.deepEqual(ig.data.collaborators, ['ann.b', 'bob_c']);
    assert.match(post.platforms[0].platformPostUrl, /^https:\/\/www\.instagram\.com\/p\/[^/]+\/$/);
    await refused(
      {
        content: 'x',
        mediaItems: [{ type: 'image', url: a }],
        platforms: [target('instagram', ids.instagram ?? '', { collaborators: ['a', 'b', 'c', 'd'] })],
      },
      /collaborators/,
    );
  });

  it('publishes an X long post from an eligible account; an ineligible one fails with X reason explained', async () => {
    const long = `Long ${dialect} ${Date.now()} ${'words and more words '.repeat(60)}`.trim();
    await refused({ content: long, platforms: [target('twitter', ids.xPremium ?? '')] }, /the limit is 280/);
    const post = await settle({
      content: long,
      platforms: [target('twitter', ids.xPremium ?? '', { longPost: true })],
    });
    assert.equal(post.status, 'published', JSON.stringify(post.platforms));
    assert.match(post.platforms[0].platformPostUrl, /^https:\/\/x\.com\/[^/]+\/status\/\d+$/);
    assert.equal(sim.state.listPosts('twitter', { where: (p) => p.data.text === long }).length, 1);

    const other = `${long} again`;
    const failed = await settle({
      content: other,
      platforms: [target('twitter', ids.xBasic ?? '', { longPost: true })],
    });
    assert.equal(failed.status, 'failed');
    assert.match(failed.platforms[0].errorMessage, /X: You are not permitted to perform this action/);
    assert.match(failed.platforms[0].errorMessage, /eligible for long posts/);
    assert.equal(sim.state.listPosts('twitter', { where: (p) => p.data.text === other }).length, 0);
  });
});
