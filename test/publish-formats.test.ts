/**
 * The formats chosen in platformSpecificData, end to end through the HTTP API on
 * SQLite and PostgreSQL, by the real adapters against the simulator with its
 * contract checks on (every call must exist in the platforms' own API
 * descriptions): an Instagram Story, an Instagram post with collaborators, an X
 * long post (eligible and ineligible accounts), a Facebook Reel and Facebook photo
 * and video Stories, each ending with its URL, and each refused in words where its
 * rules are broken.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, it } from 'node:test';
import { type FixtureServer, mp4Stub, realMp4, startFixtureServer } from '../src/media/testing.ts';
import type { Platform } from '../src/platforms/names.ts';
import { jpeg } from '../src/platforms/shared/meta-testing.ts';
import { type Simulator, startSimulator } from '../src/simulator/index.ts';
import { insertIntegration } from './fake-adapter.ts';
import { forEachDatabase, startTestService, type TestService } from './harness.ts';
import { connectSimulated } from './publishing-e2e.ts';
import { until } from './shared-store.ts';

const INSTAGRAM = '17841400000000001';
const X_PREMIUM = '1500000000000000001';
const X_BASIC = '1500000000000000002';
const FB_USER = '10000000000000001';
const FB_PAGE = '200000000000001';

forEachDatabase('publishing Instagram Stories, collaborators and X long posts', (dialect) => {
  let t: TestService;
  let sim: Simulator;
  let fixtures: FixtureServer;
  const ids: Record<string, string> = {};
  let tmp = '';
  /** A playable MP4 of `seconds` made by ffmpeg (the tests need it: durations are checked once fetched). */
  const video = async (name: string, seconds: number) => {
    const path = join(tmp, `${name}.mp4`);
    assert.ok(await realMp4(path, { seconds, size: '540x960' }), 'ffmpeg makes the test video');
    return fixtures.set(`/formats/${name}.mp4`, readFileSync(path), 'video/mp4');
  };

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
    const { accessToken } = sim.issueTokens('facebook', {
      accountId: FB_USER,
      pageId: FB_PAGE,
      scopes: ['pages_manage_posts', 'pages_manage_engagement', 'pages_read_engagement'],
      ttlSec: null,
    });
    ids.facebook = await insertIntegration(t.ctx, t.projectId, 'facebook', {
      token: accessToken,
      platformUserId: FB_PAGE,
    });
    tmp = await mkdtemp(join(tmpdir(), 'formats-'));
  });
  after(async () => {
    await rm(tmp, { recursive: true, force: true });
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

  it('publishes a Facebook Reel: start, upload to rupload, finish with the description, processing awaited; its first comment under it', async () => {
    const url = await video('reel', 4);
    const content = `Reel ${dialect} ${Date.now()}`;
    const post = await settle({
      content,
      firstComment: 'first on the Reel',
      mediaItems: [{ type: 'video', url }],
      platforms: [target('facebook', ids.facebook ?? '', { contentType: 'reel' })],
    });
    assert.equal(post.status, 'published', JSON.stringify(post.platforms));
    const [reel, ...more] = sim.state.listPosts('facebook', {
      where: (p) => p.kind === 'reel' && p.data.description === content,
    });
    assert.ok(reel);
    assert.equal(more.length, 0, 'one Reel');
    assert.equal(post.platforms[0].platformPostId, reel.id);
    assert.equal(post.platforms[0].platformPostUrl, `https://www.facebook.com/reel/${reel.id}`);
    assert.equal(post.platforms[0].firstComment?.status, 'posted', JSON.stringify(post.platforms[0]));
    const statusReads = sim.calls.list({
      platform: 'facebook',
      method: 'GET',
      path: new RegExp(`/${reel.id}$`),
    });
    assert.ok(statusReads.length >= 2, 'processing was awaited');

    // Its description is editable (on the video), and it deletes.
    const edit = await t.request('PATCH', `/v1/posts/${post.postId}/published`, {
      content: `${content} (edited)`,
    });
    assert.equal(edit.status, 202, edit.text);
    assert.equal(edit.body.platforms[0].status, 'editing', edit.text);
    await until(
      async () => sim.state.getPost('facebook', reel.id)?.data.description === `${content} (edited)`,
      20_000,
    );
    const del = await t.request('DELETE', `/v1/posts/${post.postId}?deleteFromPlatforms=true`);
    assert.equal(del.status, 200, del.text);
    assert.equal(sim.state.getPost('facebook', reel.id)?.deleted, true);
  });

  it('publishes Facebook photo and video Stories with their URLs; the first comment is skipped', async () => {
    const image = fixtures.set('/formats/fb-story.jpg', jpeg(1080, 1920), 'image/jpeg');
    const photo = await settle({
      content: `Photo story ${dialect} ${Date.now()}`,
      firstComment: 'not on a Story',
      mediaItems: [{ type: 'image', url: image }],
      platforms: [target('facebook', ids.facebook ?? '', { contentType: 'story' })],
    });
    assert.equal(photo.status, 'published', JSON.stringify(photo.platforms));
    const story = sim.state.getPost('facebook', photo.platforms[0].platformPostId);
    assert.equal(story?.kind, 'story');
    assert.equal(story?.data.media, 'photo');
    assert.equal(photo.platforms[0].platformPostUrl, `https://www.facebook.com/${story?.id}`);
    assert.equal(photo.platforms[0].firstComment?.status, 'skipped');
    // A Story has no text to edit: nothing is sent; it deletes.
    const edit = await t.request('PATCH', `/v1/posts/${photo.postId}/published`, { content: 'new words' });
    assert.equal(edit.status, 202, edit.text);
    assert.equal(edit.body.platforms[0].status, 'not_editable');
    assert.match(edit.body.platforms[0].message, /A Facebook Story shows no text/);
    const del = await t.request('DELETE', `/v1/posts/${photo.postId}?deleteFromPlatforms=true`);
    assert.equal(del.status, 200, del.text);
    assert.equal(sim.state.getPost('facebook', story?.id ?? '')?.deleted, true);

    const clip = await video('story', 5);
    const moving = await settle({
      content: `Video story ${dialect} ${Date.now()}`,
      mediaItems: [{ type: 'video', url: clip }],
      platforms: [target('facebook', ids.facebook ?? '', { contentType: 'story' })],
    });
    assert.equal(moving.status, 'published', JSON.stringify(moving.platforms));
    const vs = sim.state.getPost('facebook', moving.platforms[0].platformPostId);
    assert.equal(vs?.kind, 'story');
    assert.equal(vs?.data.media, 'video');
    assert.match(moving.platforms[0].platformPostUrl, /^https:\/\/www\.facebook\.com\/\d+_\d+$/);
  });

  it('refuses a Facebook Reel or Story that breaks its rules, in words, at create and once the video is fetched', async () => {
    const fb = ids.facebook ?? '';
    const img = { type: 'image', url: 'https://cdn.example.com/a.jpg' };
    const vid = { type: 'video', url: 'https://cdn.example.com/a.mp4' };
    await refused(
      { content: 'x', mediaItems: [img], platforms: [target('facebook', fb, { contentType: 'reel' })] },
      /a Facebook Reel is exactly one video \(MP4, 9:16, 3 to 90 s\); got 1 image/,
    );
    await refused(
      { content: 'x', mediaItems: [vid, vid], platforms: [target('facebook', fb, { contentType: 'reel' })] },
      /a Facebook Reel is exactly one video .*got 2 videos/,
    );
    await refused(
      { content: 'x', platforms: [target('facebook', fb, { contentType: 'story' })] },
      /a Facebook Story is one photo or one video \(up to 60 s\); got no media/,
    );
    await refused(
      {
        content: 'x',
        mediaItems: [img],
        platforms: [{ ...target('facebook', fb, { contentType: 'story' }), content: 'own text' }],
      },
      /a Facebook Story shows no text/,
    );
    await refused(
      {
        content: 'x',
        mediaItems: [img],
        platforms: [target('facebook', fb, { contentType: 'story', link: 'https://example.com/' })],
      },
      /platformSpecificData\.link does not apply to a Facebook Story/,
    );
    await refused(
      { content: 'x', mediaItems: [vid], platforms: [target('facebook', fb, { contentType: 'carousel' })] },
      /contentType/,
    );
    // An MP4's length is read from its header at create: a 1 s Reel is refused there, in words.
    const short = await video('short', 1);
    const before = sim.calls.count({ platform: 'facebook' });
    await refused(
      {
        content: 'x',
        mediaItems: [{ type: 'video', url: short }],
        platforms: [target('facebook', fb, { contentType: 'reel' })],
      },
      /mediaItems\[0\] is 1 s long; Facebook Reels must be at least 3 s/,
    );
    assert.equal(sim.calls.count({ platform: 'facebook' }), before, 'Facebook was not asked');
    // A server that ignores ranges leaves the length unknown at create: it is known once the
    // file is fetched, and refused before anything but the start reaches Facebook.
    const unranged = fixtures.set('/no-ranges/short.mp4', readFileSync(join(tmp, 'short.mp4')), 'video/mp4');
    const failed = await settle({
      content: `Too short ${dialect} ${Date.now()}`,
      mediaItems: [{ type: 'video', url: unranged }],
      platforms: [target('facebook', fb, { contentType: 'reel' })],
    });
    assert.equal(failed.status, 'failed');
    assert.match(
      failed.platforms[0].errorMessage,
      /a Facebook Reel runs 3 to 90 seconds; media item 1 runs 1 s/,
    );
    const calls = sim.calls.list({ platform: 'facebook' }).slice(before);
    assert.deepEqual(
      calls.map((c) => `${c.method} ${c.path.replace(/\d+/g, 'N')}`),
      ['POST /vN.N/N/video_reels'],
      'only the start: no upload and no finish',
    );
    // A file Facebook can not process: its processing error is the target's error.
    const junk = fixtures.set('/formats/junk.mp4', mp4Stub(), 'video/mp4');
    const bad = await settle({
      content: `Junk ${dialect} ${Date.now()}`,
      mediaItems: [{ type: 'video', url: junk }],
      platforms: [target('facebook', fb, { contentType: 'reel' })],
    });
    assert.equal(bad.status, 'failed', JSON.stringify(bad.platforms));
    assert.match(
      bad.platforms[0].errorMessage,
      /Facebook could not publish the Reel: .*format that we do not support/,
    );
  });

  it('takes the new fields on validate, drafts and scheduled edits, and refuses their broken rules there too', async () => {
    const ig = ids.instagram ?? '';
    const fb = ids.facebook ?? '';
    const x = ids.xPremium ?? '';
    const img = { type: 'image', url: 'https://cdn.example.com/a.jpg' };
    const vid = { type: 'video', url: 'https://cdn.example.com/a.mp4' };
    const platforms = [
      target('instagram', ig, { contentType: 'story' }),
      target('facebook', fb, { contentType: 'story' }),
      target('twitter', x, { longPost: true }),
    ];
    const long = 'long words '.repeat(40);
    const ok = await t.request('POST', '/v1/posts/validate', { content: long, mediaItems: [img], platforms });
    assert.equal(ok.status, 200, ok.text);
    const draft = await t.request('POST', '/v1/posts', {
      content: long,
      mediaItems: [img],
      platforms,
      draft: true,
    });
    assert.equal(draft.status, 202, draft.text);
    const badDraft = await t.request('POST', '/v1/posts', {
      content: 'x',
      mediaItems: [img],
      platforms: [target('facebook', fb, { contentType: 'reel' })],
      draft: true,
    });
    // A draft is kept with its problems said, to be fixed before it is published.
    assert.equal(badDraft.status, 202, badDraft.text);
    assert.match(JSON.stringify(badDraft.body.problems), /a Facebook Reel is exactly one video/);
    assert.equal(draft.body.problems?.length ?? 0, 0, JSON.stringify(draft.body.problems));

    const later = new Date(Date.now() + 3 * 86_400_000).toISOString();
    const scheduled = await t.request('POST', '/v1/posts', {
      content: 'A Reel tomorrow',
      mediaItems: [vid],
      platforms: [
        target('facebook', fb, { contentType: 'reel' }),
        target('instagram', ig, { collaborators: ['ann.b'] }),
      ],
      scheduledFor: later,
    });
    assert.equal(scheduled.status, 202, scheduled.text);
    const postId = scheduled.body.postId as string;
    const edited = await t.request('PUT', `/v1/posts/scheduled/${postId}`, {
      content: 'A Story tomorrow instead',
      mediaItems: [img],
      platforms: [
        target('facebook', fb, { contentType: 'story' }),
        target('instagram', ig, { contentType: 'story' }),
      ],
    });
    assert.equal(edited.status, 200, edited.text);
    const refusedEdit = await t.request('PUT', `/v1/posts/scheduled/${postId}`, {
      content: 'Two photos',
      mediaItems: [img, img],
      platforms: [
        target('facebook', fb, { contentType: 'story' }),
        target('instagram', ig, { collaborators: ['a', 'b', 'c', 'd'] }),
      ],
    });
    assert.equal(refusedEdit.status, 400, refusedEdit.text);
    const message = String(refusedEdit.body.message ?? refusedEdit.body.error);
    assert.match(message, /a Facebook Story is one photo or one video/);
    assert.match(message, /collaborators/);
    await t.request('DELETE', `/v1/posts/scheduled/${postId}`);
  });
});
