/**
 * The same end state as media-fit-everywhere.test.ts for the other six platforms,
 * on SQLite and PostgreSQL, in the sandbox: one post with a 1000×3000 PNG (to Google
 * Business, Telegram, Reddit, Mastodon and Discord) and one with a 1920×1080 VP9
 * WebM (to YouTube, Telegram, Reddit, Mastodon and Discord) publish everywhere; the
 * simulators hold each upload to their platform's media rules, so a file a platform
 * would refuse or degrade and that was not converted would fail the target or show
 * in what the simulator kept. What each takes as it is goes untouched (no warning);
 * the WebM is re-encoded to MP4 for Telegram and Reddit, and the warning says so.
 * With `mediaProcessing: "off"` the video post is refused at create with the rules
 * in words.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, it } from 'node:test';
import sharp from 'sharp';
import { SANDBOX_TELEGRAM } from '../src/facts/sandbox-app.ts';
import { type FixtureServer, realWebm, startFixtureServer } from '../src/media/testing.ts';
import type { Platform } from '../src/platforms/names.ts';
import { type Simulator, startSimulator } from '../src/simulator/index.ts';
import { insertIntegration } from './fake-adapter.ts';
import { forEachDatabase, startTestService, type TestService } from './harness.ts';
import { until } from './shared-store.ts';

const WEBHOOK = '1310000000000000001';
const ACCOUNTS: Record<
  string,
  { platform: Platform; user: string; id: string; scopes?: string[]; metadata?: Record<string, unknown> }
> = {
  youtube: { platform: 'youtube', user: '110000000000000000001', id: 'UCsimchannel000000000001' },
  googlebusiness: {
    platform: 'googlebusiness',
    user: '110000000000000000002',
    id: '1000000000000000001',
    metadata: { resourceName: 'accounts/100000000000000000001/locations/1000000000000000001' },
  },
  reddit: {
    platform: 'reddit',
    user: '1simred',
    id: 't2_1simred',
    scopes: ['identity', 'submit', 'read', 'edit', 'history'],
    metadata: { username: 'sim_redditor' },
  },
  mastodon: {
    platform: 'mastodon',
    user: '109000000000000001',
    id: '109000000000000001@mastodon.example',
    scopes: ['read', 'write'],
  },
  discord: {
    platform: 'discord',
    user: WEBHOOK,
    id: '1320000000000000001',
    scopes: ['webhook.incoming'],
    metadata: { webhookId: WEBHOOK, guildId: '1330000000000000001' },
  },
};
const IMAGE_PLATFORMS: Platform[] = ['googlebusiness', 'telegram', 'reddit', 'mastodon', 'discord'];
const VIDEO_PLATFORMS: Platform[] = ['youtube', 'telegram', 'reddit', 'mastodon', 'discord'];

let dir: string;
let webm: Buffer;
let png: Buffer;

before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'sps-fit-more-'));
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

forEachDatabase('one post with media the other six platforms take in their own form', (dialect) => {
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
        kind: 'access',
        clientId: `sim-${a.platform}-client`,
        accountId: a.user,
        scopes: a.scopes ?? [],
        expiresAt: null,
        grantId: `fit-more-${a.platform}-${dialect}`,
      }).value;
      accountIds[a.platform] = await insertIntegration(t.ctx, t.projectId, a.platform, {
        token,
        platformUserId: a.id,
        ...(a.metadata ? { metadata: a.metadata } : {}),
      });
    }
    accountIds.telegram = await insertIntegration(t.ctx, t.projectId, 'telegram', {
      token: SANDBOX_TELEGRAM.botToken,
      platformUserId: '-1001000000001',
      metadata: { chatUsername: 'sim_channel' },
    });
  });
  after(async () => {
    await t.close();
    await fixtures.close();
    await sim.close();
  });

  const targets = (platforms: Platform[], title: string) =>
    platforms.map((platform) => ({
      platform,
      accountId: accountIds[platform],
      ...(platform === 'reddit' ? { platformSpecificData: { subreddit: 'sandbox', title } } : {}),
      ...(platform === 'youtube' ? { platformSpecificData: { title } } : {}),
    }));
  const read = async (postId: string) => (await t.request('GET', `/v1/posts/${postId}`)).body.post;
  type Target = { platform: Platform; status: string; warningMessage?: string | null };

  const publish = async (body: Record<string, unknown>): Promise<Record<string, Target>> => {
    const res = await t.request('POST', '/v1/posts', { publishNow: true, ...body });
    assert.equal(res.status, 202, res.text);
    const postId = res.body.postId as string;
    await until(
      async () => ['published', 'partial', 'failed'].includes((await read(postId)).status),
      240_000,
    ).catch(async (err) => {
      throw new Error(`${(err as Error).message}: ${JSON.stringify((await read(postId)).platforms)}`);
    });
    const post = await read(postId);
    return Object.fromEntries((post.platforms as Target[]).map((p) => [p.platform, p]));
  };
  /** What the Telegram simulator kept of the message with this caption: a photo, video or document. */
  const telegramKind = (caption: string) =>
    (
      sim.state.listPosts('telegram', { where: (p) => p.data.caption === caption })[0]?.data.media as
        | { kind?: string }
        | undefined
    )?.kind;

  it('a 1000×3000 PNG: every one of them takes it as it is, untouched', async () => {
    const content = `Tall on six ${dialect} ${Date.now()}`;
    const got = await publish({
      content,
      mediaItems: [{ type: 'image', url: tall }],
      platforms: targets(IMAGE_PLATFORMS, content),
    });
    for (const p of IMAGE_PLATFORMS) {
      assert.equal(got[p]?.status, 'published', `${p}: ${JSON.stringify(got[p])}`);
      assert.equal(got[p]?.warningMessage ?? null, null, `${p}: nothing converted`);
    }
    assert.equal(telegramKind(content), 'photo');
  });

  it('a 1920×1080 VP9 WebM: re-encoded to H.264/AAC MP4 for Telegram and Reddit, as it is elsewhere', {
    timeout: 600_000,
  }, async () => {
    const content = `Wide on six ${dialect} ${Date.now()}`;
    const got = await publish({
      content,
      mediaItems: [{ type: 'video', url: wide }],
      platforms: targets(VIDEO_PLATFORMS, content),
    });
    for (const p of VIDEO_PLATFORMS)
      assert.equal(got[p]?.status, 'published', `${p}: ${JSON.stringify(got[p])}`);
    assert.match(
      got.telegram?.warningMessage ?? '',
      /video re-encoded from .* to H\.264\/AAC MP4 for Telegram/,
    );
    assert.match(got.reddit?.warningMessage ?? '', /video re-encoded from .* to H\.264\/AAC MP4 for Reddit/);
    for (const p of ['youtube', 'mastodon', 'discord'] as const)
      assert.equal(got[p]?.warningMessage ?? null, null, `${p} takes the WebM as it is`);
    // Telegram plays only MPEG-4 as a video (a WebM would have gone out as a document).
    assert.equal(telegramKind(content), 'video');
    const leased = [
      ...sim.state.collection<{ mimeType: string; uploaded: boolean }>('reddit', 'assets').values(),
    ]
      .filter((a) => a.uploaded && a.mimeType.startsWith('video/'))
      .map((a) => a.mimeType);
    assert.ok(leased.length > 0 && leased.every((m) => m === 'video/mp4'), JSON.stringify(leased));
  });

  it('"off": the video post is refused at create with Telegram\'s and Reddit\'s rules in words', async () => {
    const video = await t.request('POST', '/v1/posts', {
      content: 'Wide, untouched',
      mediaItems: [{ type: 'video', url: wide }],
      platforms: targets(VIDEO_PLATFORMS, 'Wide, untouched'),
      mediaProcessing: 'off',
      publishNow: true,
    });
    assert.equal(video.status, 400, video.text);
    assert.match(video.body.message, /Telegram videos must be MP4 or MOV/);
    assert.match(video.body.message, /Reddit video posts must be MP4 or MOV/);
  });
});
