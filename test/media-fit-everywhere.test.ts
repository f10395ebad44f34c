/**
 * The issue's end state, on SQLite and PostgreSQL, in the sandbox: one post with a
 * 1000×3000 PNG and one with a 1920×1080 VP9 WebM, each to every platform whose
 * formats take it (Instagram, X, TikTok, Pinterest, YouTube, LinkedIn, Threads,
 * Facebook, Bluesky), publish everywhere: what a platform would refuse is converted
 * for it (the simulator checks each platform's media rules, so an unconverted
 * refusal would fail the target), each conversion is said in the target's warning,
 * and each platform got exactly one post. With `mediaProcessing: "off"` the same
 * posts are refused at create with the platforms' rules in words.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, it } from 'node:test';
import sharp from 'sharp';
import { type FixtureServer, realWebm, startFixtureServer } from '../src/media/testing.ts';
import type { Platform } from '../src/platforms/names.ts';
import { type Simulator, startSimulator } from '../src/simulator/index.ts';
import { insertIntegration } from './fake-adapter.ts';
import { forEachDatabase, startTestService, type TestService } from './harness.ts';
import { until } from './shared-store.ts';

const ACCOUNTS: Record<string, { platform: Platform; user: string; page?: string; channel?: string }> = {
  instagram: { platform: 'instagram', user: '17841400000000001' },
  twitter: { platform: 'twitter', user: '1500000000000000001' },
  tiktok: { platform: 'tiktok', user: 'sim-tiktok-open-id-0001' },
  pinterest: { platform: 'pinterest', user: '549755885175' },
  youtube: { platform: 'youtube', user: '110000000000000000001', channel: 'UCsimchannel000000000001' },
  linkedin: { platform: 'linkedin', user: 'SimMember001' },
  threads: { platform: 'threads', user: '25000000000000001' },
  facebook: { platform: 'facebook', user: '10000000000000001', page: '200000000000001' },
  bluesky: { platform: 'bluesky', user: 'did:plc:simbluesky000000000001' },
};
const BOARD = '549755885176';
const IMAGE_PLATFORMS: Platform[] = [
  'instagram',
  'twitter',
  'tiktok',
  'pinterest',
  'linkedin',
  'threads',
  'facebook',
  'bluesky',
];
const VIDEO_PLATFORMS: Platform[] = [...IMAGE_PLATFORMS, 'youtube'];
const OPTIONS: Partial<Record<Platform, Record<string, unknown>>> = {
  pinterest: { boardId: BOARD },
  tiktok: { privacyLevel: 'SELF_ONLY' },
  youtube: { title: 'A wide video' },
};

let dir: string;
let webm: Buffer;
let png: Buffer;

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sps-fit-all-'));
  // Real media made here, nothing big committed: a 4 s VP9/Opus WebM (Reels need 3 s) and a tall PNG.
  assert.ok(await realWebm(join(dir, 'wide.webm'), 1920, 1080, 4), 'ffmpeg made the WebM');
  webm = readFileSync(join(dir, 'wide.webm'));
  png = await sharp({ create: { width: 1000, height: 3000, channels: 3, background: '#3366cc' } })
    .composite([
      {
        input: Buffer.from(
          '<svg width="1000" height="3000"><circle cx="500" cy="1500" r="400" fill="#ffcc00"/></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();
});
after(async () => {
  await rm(dir, { recursive: true, force: true });
});

forEachDatabase('one post with media every platform takes in its own form', (dialect) => {
  let t: TestService;
  let sim: Simulator;
  let fixtures: FixtureServer;
  let tall: string;
  let wide: string;
  const accountIds: Partial<Record<Platform, string>> = {};

  before(async () => {
    sim = await startSimulator();
    fixtures = await startFixtureServer();
    tall = fixtures.set('/tall.png', png, 'image/png');
    wide = fixtures.set('/wide.webm', webm, 'video/webm');
    t = await startTestService(dialect, {
      settings: {
        JOBS_POLL_MS: '20',
        PUBLISH_WAIT_MS: '1000',
        OUTBOUND_ALLOWLIST: '127.0.0.1',
        SIMULATOR_URL: sim.url,
      },
    });
    for (const a of Object.values(ACCOUNTS)) {
      const token = sim.state.issueToken({
        platform: a.platform,
        kind: a.page ? 'page' : 'access',
        clientId: `sim-${a.platform}-client`,
        accountId: a.user,
        ...(a.page ? { subjectId: a.page } : {}),
        scopes: a.platform === 'tiktok' ? ['user.info.basic', 'video.publish', 'video.upload'] : [],
        expiresAt: null,
        grantId: `fit-${a.platform}-${dialect}`,
      }).value;
      accountIds[a.platform] = await insertIntegration(t.ctx, t.projectId, a.platform, {
        token,
        platformUserId: a.page ?? a.channel ?? a.user,
      });
    }
  });
  after(async () => {
    await t.close();
    await fixtures.close();
    await sim.close();
  });

  const targets = (platforms: Platform[]) =>
    platforms.map((platform) => ({
      platform,
      accountId: accountIds[platform],
      ...(OPTIONS[platform] ? { platformSpecificData: OPTIONS[platform] } : {}),
    }));
  const read = async (postId: string) => (await t.request('GET', `/v1/posts/${postId}`)).body.post;
  type Target = {
    platform: Platform;
    status: string;
    warningMessage?: string | null;
    errorMessage?: string;
    convertedMedia?: { mediaId: string; url: string; mimeType: string; width: number; height: number }[];
  };

  /** Creates the post and waits for every target to be final. */
  let lastPostId = '';
  const publish = async (body: Record<string, unknown>): Promise<Record<string, Target>> => {
    const res = await t.request('POST', '/v1/posts', { publishNow: true, ...body });
    assert.equal(res.status, 202, res.text);
    const postId = res.body.postId as string;
    lastPostId = postId;
    await until(
      async () => ['published', 'partial', 'failed'].includes((await read(postId)).status),
      240_000,
    ).catch(async (err) => {
      throw new Error(`${(err as Error).message}: ${JSON.stringify((await read(postId)).platforms)}`);
    });
    const post = await read(postId);
    return Object.fromEntries((post.platforms as Target[]).map((p) => [p.platform, p]));
  };

  it('a 1000×3000 PNG: published on every image platform, converted where it would be refused', async () => {
    const content = `Tall everywhere ${dialect} ${Date.now()}`;
    const got = await publish({
      content,
      mediaItems: [{ type: 'image', url: tall }],
      platforms: targets(IMAGE_PLATFORMS),
    });
    for (const p of IMAGE_PLATFORMS)
      assert.equal(got[p]?.status, 'published', `${p}: ${JSON.stringify(got[p])}`);
    assert.match(
      got.instagram?.warningMessage ?? '',
      /image padded from 1:3 to 4:5 and re-encoded from PNG to JPEG for Instagram/,
    );
    assert.match(got.tiktok?.warningMessage ?? '', /re-encoded from PNG to JPEG for TikTok/);
    assert.match(got.bluesky?.warningMessage ?? '', /for Bluesky/);
    // X takes a 1000×3000 PNG as it is: untouched, no warning.
    assert.equal(got.twitter?.warningMessage ?? null, null);
  });

  // Several 1080p re-encodes, one at a time on a small machine: minutes, not the default two.
  it('a 1920×1080 VP9 WebM: re-encoded to H.264/AAC MP4 where the platform wants it, published everywhere once', {
    timeout: 600_000,
  }, async () => {
    const content = `Wide everywhere ${dialect} ${Date.now()}`;
    const got = await publish({
      content,
      mediaItems: [{ type: 'video', url: wide }],
      platforms: targets(VIDEO_PLATFORMS),
    });
    for (const p of VIDEO_PLATFORMS)
      assert.equal(got[p]?.status, 'published', `${p}: ${JSON.stringify(got[p])}`);
    assert.match(
      got.instagram?.warningMessage ?? '',
      /video re-encoded from WebM to H\.264\/AAC MP4 for Instagram/,
    );
    assert.match(got.twitter?.warningMessage ?? '', /video .*re-encoded .* to H\.264\/AAC MP4 for X/);
    // TikTok and YouTube take VP9 WebM: the original goes as it is.
    assert.equal(got.tiktok?.warningMessage ?? null, null);
    assert.equal(got.youtube?.warningMessage ?? null, null);
    // The post read lists what each target published instead; Instagram's Reel is the MP4, fetched by URL.
    const reel = got.instagram?.convertedMedia?.[0];
    assert.equal(reel?.mimeType, 'video/mp4');
    const [igPost] = sim.state.listPosts('instagram', { where: (p) => p.data.caption === content });
    assert.equal((igPost?.data.media as { url: string }[] | undefined)?.[0]?.url, reel?.url);
    assert.equal(sim.state.listPosts('instagram', { where: (x) => x.data.caption === content }).length, 1);
    assert.equal(sim.state.listPosts('twitter', { where: (x) => x.data.text === content }).length, 1);
    // Deleting the post removes its derivatives from the media store.
    const key = decodeURIComponent(new URL(reel?.url ?? '').pathname.replace('/v1/media/files/', ''));
    const path = t.ctx.mediaStore.localPath?.(key) ?? '';
    assert.ok(existsSync(path), 'the derivative is stored');
    const deleted = await t.request('DELETE', `/v1/posts/${lastPostId}`);
    assert.equal(deleted.status, 200, deleted.text);
    assert.equal(existsSync(path), false, 'the derivative went with its post');
    const conversions = await t.ctx.store.db
      .selectFrom('media_conversions')
      .select('id')
      .where('post_id', '=', lastPostId)
      .execute();
    assert.deepEqual(conversions, []);
  });

  it('"off": both posts are refused at create, with the rules in words', async () => {
    const image = await t.request('POST', '/v1/posts', {
      content: 'Tall, untouched',
      mediaItems: [{ type: 'image', url: tall }],
      platforms: targets(IMAGE_PLATFORMS),
      mediaProcessing: 'off',
      publishNow: true,
    });
    assert.equal(image.status, 400, image.text);
    assert.match(image.body.message, /Instagram feed images must be between 4:5 and 1\.91:1/);
    const video = await t.request('POST', '/v1/posts', {
      content: 'Wide, untouched',
      mediaItems: [{ type: 'video', url: wide }],
      platforms: targets(VIDEO_PLATFORMS),
      mediaProcessing: 'off',
      publishNow: true,
    });
    assert.equal(video.status, 400, video.text);
    assert.match(video.body.message, /Instagram Reels must be MP4 or MOV/);
    assert.match(video.body.message, /X posts must be MP4 or MOV/);
  });
});
