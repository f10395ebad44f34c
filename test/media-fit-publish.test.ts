/**
 * End to end in the sandbox: one post with a 1000×3000 PNG to Instagram, X,
 * Pinterest, LinkedIn, Threads, Facebook and Bluesky. The simulator holds
 * Instagram to its own media rules (JPEG only, 4:5 to 1.91:1: 2207005, 2207009),
 * so the original is refused there; with `mediaProcessing: "auto"` the service
 * makes one derivative for Instagram (padded to 4:5, JPEG), publishes it, says so
 * in the target's warning, and sends the untouched original wherever it fits.
 */
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { after, before, it } from 'node:test';
import sharp from 'sharp';
import { type FixtureServer, startFixtureServer } from '../src/media/testing.ts';
import { instagramMediaRules } from '../src/platforms/instagram/media-rules.ts';
import type { Platform } from '../src/platforms/names.ts';
import { type Simulator, startSimulator } from '../src/simulator/index.ts';
import { imageBreachesAt } from '../src/simulator/platforms/_shared/media-rules.ts';
import { forEachDatabase, startTestService, type TestService } from './harness.ts';
import { connectSimulated } from './publishing-e2e.ts';
import { until } from './shared-store.ts';

const ACCOUNTS: Partial<Record<Platform, string>> = {
  instagram: '17841400000000001',
  twitter: '1500000000000000001',
  bluesky: 'did:plc:simbluesky000000000001',
};

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

forEachDatabase('media fitted to each platform, end to end', (dialect) => {
  let t: TestService;
  let sim: Simulator;
  let fixtures: FixtureServer;
  let tall: string;
  let original: Buffer;
  const accountIds: Partial<Record<Platform, string>> = {};

  before(async () => {
    sim = await startSimulator();
    fixtures = await startFixtureServer();
    // A real 1000×3000 PNG with content (a gradient), made by sharp: nothing big is committed.
    original = await sharp({ create: { width: 1000, height: 3000, channels: 3, background: '#3366cc' } })
      .composite([
        {
          input: Buffer.from(
            '<svg width="1000" height="3000"><circle cx="500" cy="1500" r="400" fill="#ffcc00"/></svg>',
          ),
        },
      ])
      .png()
      .toBuffer();
    tall = fixtures.set('/tall.png', original, 'image/png');
    const port = await freePort();
    t = await startTestService(dialect, {
      listen: true,
      settings: {
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        JOBS_POLL_MS: '20',
        PUBLISH_WAIT_MS: '20000',
        OUTBOUND_ALLOWLIST: '127.0.0.1',
        SIMULATOR_URL: sim.url,
      },
    });
    for (const [platform, user] of Object.entries(ACCOUNTS) as [Platform, string][])
      accountIds[platform] = await connectSimulated(t, sim, platform, user);
  });
  after(async () => {
    await t.close();
    await fixtures.close();
    await sim.close();
  });

  const targets = () =>
    (Object.keys(ACCOUNTS) as Platform[]).map((platform) => ({ platform, accountId: accountIds[platform] }));
  const read = async (postId: string) => (await t.request('GET', `/v1/posts/${postId}`)).body.post;

  it("the simulator holds the original to Instagram's rules: JPEG only, 4:5 to 1.91:1", async () => {
    const format = instagramMediaRules.formats.feed;
    assert.ok(format);
    const breaches = await imageBreachesAt(tall, format);
    assert.deepEqual(
      breaches.map((b) => b.rule),
      ['format', 'aspect'],
    );
  });

  it('"auto": Instagram gets a padded JPEG and says so; X and Bluesky get what they take', async () => {
    const content = `Tall image ${dialect} ${Date.now()}`;
    const res = await t.request('POST', '/v1/posts', {
      content,
      mediaItems: [{ type: 'image', url: tall }],
      platforms: targets(),
      publishNow: true,
    });
    assert.equal(res.status, 202, res.text);
    const postId = res.body.postId as string;
    await until(async () => !['publishing', 'pending'].includes((await read(postId)).status), 30_000).catch(
      async (err) => {
        throw new Error(`${(err as Error).message}: ${JSON.stringify((await read(postId)).platforms)}`);
      },
    );
    const post = await read(postId);
    const byPlatform = Object.fromEntries(post.platforms.map((p: { platform: string }) => [p.platform, p]));
    // Every target published; a target with a warning makes the post `partial` (the contract's rule).
    for (const p of post.platforms) assert.equal(p.status, 'published', JSON.stringify(post.platforms));
    assert.equal(post.status, 'partial');
    assert.match(
      byPlatform.instagram.warningMessage ?? '',
      /image padded from 1:3 to 4:5 and re-encoded from PNG to JPEG for Instagram/,
    );
    const [ig] = sim.state.listPosts('instagram', { where: (p) => p.data.caption === content });
    assert.ok(ig, 'published on Instagram once');
    assert.equal(sim.state.listPosts('instagram', { where: (p) => p.data.caption === content }).length, 1);
    // Bluesky refuses more than 1,000,000 bytes and 2000 px: converted for it too; X takes a 1000×3000 PNG as it is.
    assert.equal(byPlatform.twitter.warningMessage ?? null, null);
    assert.match(byPlatform.bluesky.warningMessage ?? '', /for Bluesky/);
  });

  it('"off": the same post is refused at create, with the rule in words', async () => {
    const res = await t.request('POST', '/v1/posts', {
      content: 'Tall, untouched',
      mediaItems: [{ type: 'image', url: tall }],
      platforms: targets(),
      mediaProcessing: 'off',
      publishNow: true,
    });
    assert.equal(res.status, 400, res.text);
    assert.match(res.body.message, /Instagram feed images must be between 4:5 and 1\.91:1/);
  });
});
