/**
 * Pinterest video pins and Facebook Page videos, Reels and video Stories held to
 * their platform's media rules by the sandbox simulator, through the engine, on
 * SQLite and PostgreSQL. With `mediaProcessing: "off"` a file whose breach create
 * can not see (create knows a video URL's type and size, not its frame or length;
 * one WebM is served as video/mp4) reaches the simulator untouched, which refuses it
 * as the platform does: Pinterest's processing ends `failed` (and a pin made with
 * that media is refused), Facebook's `/videos` answers 352 or 6000, a Reel's or a
 * Story's processing ends in error. Each target ends FAILED with the rule in words.
 * With `"auto"` the service's MP4 derivative of a VP9 WebM is what each simulator
 * takes: every target is published, the Reel's frame 9:16.
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

  it('"off": what create could not see is refused by each simulator, and each target fails with the rule', async () => {
    const [tall, short, mislabelled, reel, story] = await publishAll([
      { video: url.tall ?? '', targets: [pin(), fb()], off: true },
      { video: url.short ?? '', targets: [pin()], off: true },
      { video: url.mislabelled ?? '', targets: [pin(), fb()], off: true },
      { video: url.wide ?? '', targets: [fb('reel')], off: true },
      { video: url.wide ?? '', targets: [fb('story')], off: true },
    ]);
    const failed = (targets: Target[] | undefined, platform: Platform) => {
      const target = targets?.find((x) => x.platform === platform);
      assert.equal(target?.status, 'failed', JSON.stringify(targets));
      return target?.errorMessage ?? '';
    };
    // Pinterest's processing ends failed; the adapter says which of its rules the file breaks.
    assert.match(
      failed(tall, 'pinterest'),
      /^Pinterest: the video could not be processed \(media status failed\); media item 1 is 240×720 \(1:3\); Pinterest video pins must be between 1:2 and 1\.91:1$/,
    );
    assert.match(failed(short, 'pinterest'), /is 2 s long; Pinterest video pins must be at least 4 s$/);
    assert.match(
      failed(mislabelled, 'pinterest'),
      /is video\/webm; Pinterest video pins must be MP4, MOV or M4V$/,
    );
    // Facebook's /videos: 6000 with the rule for a frame it does not take, 352 for a format.
    assert.equal(
      failed(tall, 'facebook'),
      'Facebook: The video is 240×720 (1:3); Facebook Page videos must be between 9:16 and 16:9.',
    );
    assert.equal(
      failed(mislabelled, 'facebook'),
      "Facebook: (#352) Sorry, the video file you selected is in a format that we don't support.",
    );
    // A Reel's and a Story's processing ends in error, read from the video's status.
    assert.match(
      failed(reel, 'facebook'),
      /^Facebook could not publish the Reel: The video is 360 px high; Facebook Reels must be at least 960 px high\.$/,
    );
    assert.match(
      failed(story, 'facebook'),
      /^Facebook could not publish the video Story: The video .*Facebook Stories must/,
    );
    // Nothing was pinned; a pin made with a failed upload is refused with Pinterest's code 1.
    assert.equal(sim.state.listPosts('pinterest', { where: (p) => p.data.media_type === 'video' }).length, 0);
    const failedMedia = [...sim.state.collection<SimPinterestMedia>('pinterest', 'media').values()].filter(
      (m) => m.status === 'failed',
    );
    assert.equal(failedMedia.length, 3, 'three refused uploads');
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

  it('"auto": the MP4 made from a VP9 WebM is what Pinterest and Facebook take; every target is published', {
    timeout: 600_000,
  }, async () => {
    const [pinAndReel, story, video] = await publishAll([
      { video: url.webm ?? '', targets: [pin(), fb('reel')] },
      { video: url.webm ?? '', targets: [fb('story')] },
      { video: url.webm ?? '', targets: [fb()] },
    ]);
    const published = (targets: Target[] | undefined, platform: Platform) => {
      const target = targets?.find((x) => x.platform === platform);
      assert.equal(target?.status, 'published', JSON.stringify(targets));
      assert.match(
        target?.warningMessage ?? '',
        /video re-encoded from WebM to H\.264\/AAC MP4 for (Pinterest|Facebook)/,
      );
      assert.equal(target?.convertedMedia?.[0]?.mimeType, 'video/mp4');
      return target;
    };
    published(pinAndReel, 'pinterest');
    const reel = published(pinAndReel, 'facebook')?.convertedMedia?.[0];
    // Padded from 16:9 into the Reel's 9:16, at least 540×960.
    assert.ok(reel && Math.abs(reel.width / reel.height - 9 / 16) <= 0.01, JSON.stringify(reel));
    assert.ok(reel && reel.width >= 540 && reel.height >= 960, JSON.stringify(reel));
    published(story, 'facebook');
    published(video, 'facebook');
    const uploads = [...sim.state.collection<SimPinterestMedia>('pinterest', 'media').values()];
    assert.ok(
      uploads.some((m) => m.status === 'succeeded' && !m.refusal),
      'Pinterest processed the derivative',
    );
    assert.equal(sim.state.listPosts('pinterest', { where: (p) => p.data.media_type === 'video' }).length, 1);
  });
});
