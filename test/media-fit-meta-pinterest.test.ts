/**
 * Pinterest video pins and Facebook Page videos, Reels and video Stories held to
 * their platform's media rules, through the engine, on SQLite and PostgreSQL.
 * Create reads an MP4 URL's frame, length and codecs from its header boxes, so with
 * `mediaProcessing: "off"` a 1:3 or 2 s MP4, or a 16:9 Reel or Story, is refused at
 * create with the rule in words, before any platform is asked. What create still can
 * not see (a WebM served as video/mp4: not an MP4, so its facts stay unknown) reaches
 * the simulator untouched, which refuses it as the platform does: Pinterest's
 * processing ends `failed` (and a pin made with that media is refused), Facebook's
 * `/videos` answers 352; each target ends FAILED with the rule in words.
 * With `"auto"` the service's MP4 derivatives are what each simulator takes: of a
 * VP9 WebM (re-encoded), of a 1:3 MP4 (padded) and of a 16:9 MP4 sent as a Reel
 * (padded to 9:16): every target is published, with the warning that says so.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, it } from 'node:test';
import { type FixtureServer, realMp4, realWebm, startFixtureServer } from '../src/media/testing.ts';
import type { Platform } from '../src/platforms/names.ts';
import { type Simulator, startSimulator } from '../src/simulator/index.ts';
import type { SimPinterestMedia } from '../src/simulator/platforms/pinterest/media.ts';
import { insertIntegration } from './fake-adapter.ts';
import { forEachDatabase, startTestService, type TestService } from './harness.ts';
import { until } from './shared-store.ts';

const PIN_USER = '549755885175';
const BOARD = '549755885176';
const FB_USER = '10000000000000001';
const PAGE = '200000000000001';

const files: Record<'tall' | 'short' | 'wide' | 'webm', Buffer> = {} as never;
let dir: string;

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sps-fit-meta-pin-'));
  // Small real files made here: H.264 MP4s of a shape or length the platforms refuse, a VP9 WebM.
  const made = await Promise.all([
    realMp4(join(dir, 'tall.mp4'), { seconds: 4, size: '240x720' }),
    realMp4(join(dir, 'short.mp4'), { seconds: 2, size: '320x240' }),
    realMp4(join(dir, 'wide.mp4'), { seconds: 4, size: '640x360' }),
    realWebm(join(dir, 'wide.webm'), 640, 360, 4),
  ]);
  assert.ok(made.every(Boolean), 'ffmpeg made the fixtures');
  files.tall = readFileSync(join(dir, 'tall.mp4'));
  files.short = readFileSync(join(dir, 'short.mp4'));
  files.wide = readFileSync(join(dir, 'wide.mp4'));
  files.webm = readFileSync(join(dir, 'wide.webm'));
});
after(async () => {
  await rm(dir, { recursive: true, force: true });
});

forEachDatabase('Pinterest and Facebook videos held to their media rules', (dialect) => {
  let t: TestService;
  let sim: Simulator;
  let fixtures: FixtureServer;
  let pinToken: string;
  const url: Record<string, string> = {};
  const accounts: Partial<Record<Platform, string>> = {};

  before(async () => {
    sim = await startSimulator();
    // Processing answers at the first look: the tests wait for outcomes, not for polls.
    sim.state.collection('pinterest', 'settings').set('processingPolls', 0);
    sim.state.collection('facebook', 'settings').set('reelPolls', 0);
    fixtures = await startFixtureServer();
    url.tall = fixtures.set('/tall.mp4', files.tall, 'video/mp4');
    url.short = fixtures.set('/short.mp4', files.short, 'video/mp4');
    url.wide = fixtures.set('/wide.mp4', files.wide, 'video/mp4');
    // A WebM whose server calls it an MP4: create takes it at its word, the platform does not.
    url.mislabelled = fixtures.set('/clip.mp4', files.webm, 'video/mp4');
    url.webm = fixtures.set('/wide.webm', files.webm, 'video/webm');
    t = await startTestService(dialect, {
      settings: {
        JOBS_POLL_MS: '20',
        PUBLISH_WAIT_MS: '1000',
        OUTBOUND_ALLOWLIST: '127.0.0.1',
        SIMULATOR_URL: sim.url,
      },
    });
    const token = (platform: Platform, accountId: string, page?: string) =>
      sim.state.issueToken({
        platform,
        kind: page ? 'page' : 'access',
        clientId: `sim-${platform}-client`,
        accountId,
        ...(page ? { subjectId: page } : {}),
        scopes: [],
        expiresAt: null,
        grantId: `fit-meta-pin-${platform}-${dialect}`,
      }).value;
    pinToken = token('pinterest', PIN_USER);
    accounts.pinterest = await insertIntegration(t.ctx, t.projectId, 'pinterest', {
      token: pinToken,
      platformUserId: PIN_USER,
    });
    accounts.facebook = await insertIntegration(t.ctx, t.projectId, 'facebook', {
      token: token('facebook', FB_USER, PAGE),
      platformUserId: PAGE,
    });
  });
  after(async () => {
    await t.close();
    await fixtures.close();
    await sim.close();
  });

  type Target = {
    platform: Platform;
    status: string;
    errorMessage?: string | null;
    warningMessage?: string | null;
    convertedMedia?: { mimeType: string; width: number; height: number }[];
  };
  const pin = () => ({
    platform: 'pinterest',
    accountId: accounts.pinterest,
    platformSpecificData: { boardId: BOARD },
  });
  const fb = (contentType?: 'reel' | 'story') => ({
    platform: 'facebook',
    accountId: accounts.facebook,
    ...(contentType ? { platformSpecificData: { contentType } } : {}),
  });
  const read = async (postId: string) => (await t.request('GET', `/v1/posts/${postId}`)).body.post;

  /** Creates the posts at once and waits for each to be final: its targets, in order. */
  const publishAll = async (
    posts: { video: string; targets: Record<string, unknown>[]; off?: boolean }[],
  ): Promise<Target[][]> => {
    const ids: string[] = [];
    for (const [i, p] of posts.entries()) {
      const res = await t.request('POST', '/v1/posts', {
        content: `Video ${i} ${dialect} ${Date.now()}`,
        mediaItems: [{ type: 'video', url: p.video }],
        platforms: p.targets,
        ...(p.off ? { mediaProcessing: 'off' } : {}),
        publishNow: true,
      });
      assert.equal(res.status, 202, res.text);
      ids.push(res.body.postId as string);
    }
    const final = async (id: string) => ['published', 'partial', 'failed'].includes((await read(id)).status);
    await until(async () => (await Promise.all(ids.map(final))).every(Boolean), 240_000).catch(
      async (err) => {
        const all = await Promise.all(ids.map(async (id) => (await read(id)).platforms));
        throw new Error(`${(err as Error).message}: ${JSON.stringify(all)}`);
      },
    );
    return Promise.all(ids.map(async (id) => (await read(id)).platforms as Target[]));
  };

  /** Creates the post with `"off"` and answers create's refusal, checked to store nothing. */
  const refusedAtCreate = async (video: string, targets: Record<string, unknown>[]) => {
    const res = await t.request('POST', '/v1/posts', {
      content: `Refused ${dialect} ${Date.now()}`,
      mediaItems: [{ type: 'video', url: video }],
      platforms: targets,
      mediaProcessing: 'off',
      publishNow: true,
    });
    assert.equal(res.status, 400, res.text);
    return res.body.message as string;
  };

  it('"off": a frame or length the MP4 header shows is refused at create, in words; nothing reaches a platform', async () => {
    const before = sim.calls.count({ platform: 'pinterest' }) + sim.calls.count({ platform: 'facebook' });
    const off = ' (mediaProcessing is "off", so it is not converted)';
    const tall = await refusedAtCreate(url.tall ?? '', [pin(), fb()]);
    assert.ok(
      tall.includes(
        `platforms[0] (pinterest): mediaItems[0] is 240×720 (1:3); Pinterest video pins must be between 1:2 and 1.91:1${off}`,
      ),
      tall,
    );
    assert.ok(
      tall.includes(
        `platforms[1] (facebook): mediaItems[0] is 240×720 (1:3); Facebook Page videos must be between 9:16 and 16:9${off}`,
      ),
      tall,
    );
    // Too short is refused whatever the mode: lengthening would add what the person did not make.
    assert.match(
      await refusedAtCreate(url.short ?? '', [pin()]),
      /platforms\[0\] \(pinterest\): mediaItems\[0\] is 2 s long; Pinterest video pins must be at least 4 s/,
    );
    const reel = await refusedAtCreate(url.wide ?? '', [fb('reel')]);
    assert.match(reel, /mediaItems\[0\] is 640×360 \(16:9\); Facebook Reels must be 9:16/);
    assert.match(reel, /mediaItems\[0\] is 360 px high; Facebook Reels must be at least 960 px high/);
    assert.match(
      await refusedAtCreate(url.wide ?? '', [fb('story')]),
      /mediaItems\[0\] is 640×360 \(16:9\); Facebook Stories must be 9:16/,
    );
    const after = sim.calls.count({ platform: 'pinterest' }) + sim.calls.count({ platform: 'facebook' });
    assert.equal(after, before, 'no platform was asked');
  });

  it('"off": what create could not see is refused by each simulator, and each target fails with the rule', async () => {
    const [mislabelled] = await publishAll([
      { video: url.mislabelled ?? '', targets: [pin(), fb()], off: true },
    ]);
    const failed = (targets: Target[] | undefined, platform: Platform) => {
      const target = targets?.find((x) => x.platform === platform);
      assert.equal(target?.status, 'failed', JSON.stringify(targets));
      return target?.errorMessage ?? '';
    };
    // Pinterest's processing ends failed; the adapter says which of its rules the file breaks.
    assert.match(
      failed(mislabelled, 'pinterest'),
      /^Pinterest: the video could not be processed \(media status failed\); media item 1 is video\/webm; Pinterest video pins must be MP4, MOV or M4V$/,
    );
    // Facebook's /videos: 352 for a format it does not take.
    assert.equal(
      failed(mislabelled, 'facebook'),
      "Facebook: (#352) Sorry, the video file you selected is in a format that we don't support.",
    );
    // Nothing was pinned; a pin made with a failed upload is refused with Pinterest's code 1.
    assert.equal(sim.state.listPosts('pinterest', { where: (p) => p.data.media_type === 'video' }).length, 0);
    const failedMedia = [...sim.state.collection<SimPinterestMedia>('pinterest', 'media').values()].filter(
      (m) => m.status === 'failed',
    );
    assert.equal(failedMedia.length, 1, 'one refused upload');
    const direct = await fetch(`${sim.baseUrl('pinterest')}/v5/pins`, {
      method: 'POST',
      headers: { authorization: `Bearer ${pinToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        board_id: BOARD,
        media_source: {
          source_type: 'video_id',
          media_id: failedMedia[0]?.id,
          cover_image_key_frame_time: 0,
        },
      }),
    });
    assert.equal(direct.status, 400);
    assert.deepEqual(await direct.json(), {
      code: 1,
      message: 'Invalid request parameter: media_source.media_id: media upload status is failed',
    });
    assert.equal(
      sim.state.listPosts('facebook', { where: (p) => p.kind === 'video' }).length,
      0,
      'no Page video was made',
    );
  });

  it('"auto": the MP4s made from a VP9 WebM, a 1:3 MP4 and a 16:9 Reel are what Pinterest and Facebook take; every target is published', {
    timeout: 600_000,
  }, async () => {
    const [pinAndReel, story, video, tall, wideReel] = await publishAll([
      { video: url.webm ?? '', targets: [pin(), fb('reel')] },
      { video: url.webm ?? '', targets: [fb('story')] },
      { video: url.webm ?? '', targets: [fb()] },
      // Breaches only the MP4's header shows: planned at create, converted before the publish step.
      { video: url.tall ?? '', targets: [pin(), fb()] },
      { video: url.wide ?? '', targets: [fb('reel')] },
    ]);
    const published = (targets: Target[] | undefined, platform: Platform, warning: RegExp) => {
      const target = targets?.find((x) => x.platform === platform);
      assert.equal(target?.status, 'published', JSON.stringify(targets));
      assert.match(target?.warningMessage ?? '', warning);
      assert.equal(target?.convertedMedia?.[0]?.mimeType, 'video/mp4');
      return target?.convertedMedia?.[0];
    };
    const reencoded = /video re-encoded from WebM to H\.264\/AAC MP4 for (Pinterest|Facebook)/;
    published(pinAndReel, 'pinterest', reencoded);
    const reel = published(pinAndReel, 'facebook', reencoded);
    // Padded from 16:9 into the Reel's 9:16, at least 540×960.
    const vertical = (frame: { width: number; height: number } | undefined) => {
      assert.ok(frame && Math.abs(frame.width / frame.height - 9 / 16) <= 0.01, JSON.stringify(frame));
      assert.ok(frame && frame.width >= 540 && frame.height >= 960, JSON.stringify(frame));
    };
    vertical(reel);
    published(story, 'facebook', reencoded);
    published(video, 'facebook', reencoded);
    const tallPin = published(tall, 'pinterest', /^video padded from 1:3 to 1:2 for Pinterest$/);
    assert.ok(tallPin && Math.abs(tallPin.width / tallPin.height - 0.5) <= 0.01, JSON.stringify(tallPin));
    const tallPage = published(tall, 'facebook', /^video padded from 1:3 to 9:16 for Facebook$/);
    assert.ok(
      tallPage && Math.abs(tallPage.width / tallPage.height - 9 / 16) <= 0.01,
      JSON.stringify(tallPage),
    );
    vertical(published(wideReel, 'facebook', /^video padded from 16:9 to 9:16 and resized for Facebook$/));
    const uploads = [...sim.state.collection<SimPinterestMedia>('pinterest', 'media').values()];
    assert.ok(
      uploads.filter((m) => m.status === 'succeeded' && !m.refusal).length >= 2,
      'Pinterest processed both derivatives',
    );
    assert.equal(sim.state.listPosts('pinterest', { where: (p) => p.data.media_type === 'video' }).length, 2);
  });
});
