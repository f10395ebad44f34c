/**
 * End to end through the service: a post with an image, published now to X,
 * Bluesky, LinkedIn and a Facebook Page by the real adapters against the
 * simulator, the image fetched from a loopback server through the media pipeline;
 * and a thread published to X then deleted from it whole.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { type FixtureServer, png, startFixtureServer } from '../src/media/testing.ts';
import type { Platform } from '../src/platforms/names.ts';
import { type Simulator, startSimulator } from '../src/simulator/index.ts';
import { insertIntegration } from './fake-adapter.ts';
import { forEachDatabase, startTestService, type TestService } from './harness.ts';

const ACCOUNTS: Partial<Record<Platform, { user: string; page?: string }>> = {
  twitter: { user: '1500000000000000001' },
  bluesky: { user: 'did:plc:simbluesky000000000001' },
  linkedin: { user: 'SimMember001' },
  facebook: { user: '10000000000000001', page: '200000000000001' },
};

forEachDatabase('publishing through the adapters', (dialect) => {
  let t: TestService;
  let sim: Simulator;
  let fixtures: FixtureServer;
  const integrations: { platform: Platform; accountId: string }[] = [];

  before(async () => {
    sim = await startSimulator();
    fixtures = await startFixtureServer();
    t = await startTestService(dialect, {
      settings: {
        JOBS_POLL_MS: '20',
        PUBLISH_WAIT_MS: '15000',
        OUTBOUND_ALLOWLIST: '127.0.0.1',
        SIMULATOR_URL: sim.url,
      },
    });
    for (const [platform, who] of Object.entries(ACCOUNTS) as [Platform, { user: string; page?: string }][]) {
      const token = sim.state.issueToken({
        platform,
        kind: who.page ? 'page' : 'access',
        clientId: `sim-${platform}-client`,
        accountId: who.user,
        ...(who.page ? { subjectId: who.page } : {}),
        scopes: [],
        expiresAt: null,
        grantId: `e2e-${platform}`,
      }).value;
      const accountId = await insertIntegration(t.ctx, t.projectId, platform, {
        token,
        platformUserId: who.page ?? who.user,
      });
      integrations.push({ platform, accountId });
    }
  });
  after(async () => {
    await t.close();
    await fixtures.close();
    await sim.close();
  });

  it('publishes one post with an image to four platforms and answers with their real post URLs', async () => {
    const image = fixtures.set('/e2e/photo.png', png(640, 480), 'image/png');
    const content = `Launch day (finally) ${dialect} ${Date.now()}`;
    const res = await t.request('POST', '/v1/posts', {
      content,
      mediaItems: [{ type: 'image', url: image }],
      platforms: integrations,
      publishNow: true,
    });
    assert.equal(res.status, 202, res.text);
    assert.equal(res.body.status, 'published', JSON.stringify(res.body));
    const urls = Object.fromEntries(
      (res.body.platforms as { platform: string; platformPostUrl: string }[]).map((p) => [
        p.platform,
        p.platformPostUrl,
      ]),
    );
    assert.match(urls.twitter ?? '', /^https:\/\/x\.com\/twitteruser\/status\/\d{19}$/);
    assert.match(urls.bluesky ?? '', /^https:\/\/bsky\.app\/profile\/blueskyuser\/post\/[a-z2-7]{13}$/);
    assert.match(urls.linkedin ?? '', /^https:\/\/www\.linkedin\.com\/feed\/update\/urn:li:share:\d+$/);
    assert.match(urls.facebook ?? '', /^https:\/\/www\.facebook\.com\/200000000000001_\d+$/);

    const tweet = sim.state.listPosts('twitter', { where: (p) => p.data.text === content });
    assert.equal(tweet.length, 1);
    assert.equal((tweet[0]?.data.media as { media_ids?: string[] } | undefined)?.media_ids?.length, 1);
    const record = sim.state.listPosts('bluesky', {
      where: (p) => (p.data.record as { text: string }).text === content,
    });
    assert.equal(
      (record[0]?.data.record as { embed?: { $type: string } } | undefined)?.embed?.$type,
      'app.bsky.embed.images',
    );
    const share = sim.state.listPosts('linkedin', {
      where: (p) => String(p.data.commentary).startsWith('Launch day \\(finally\\)'),
    });
    assert.equal(share.length, 1);
    assert.equal(sim.countPosts('facebook', { kind: 'photo', where: (p) => p.data.message === content }), 1);
  });

  it('deletes a thread published to X from the platform whole: every tweet of it', async () => {
    const x = integrations.filter((i) => i.platform === 'twitter');
    const content = `A thread ${dialect} ${Date.now()}`;
    const threadItems = [{ content: `${content}, part 2` }, { content: `${content}, part 3` }];
    const res = await t.request('POST', '/v1/posts', {
      content,
      platforms: x.map((i) => ({ ...i, platformSpecificData: { threadItems } })),
      publishNow: true,
    });
    assert.equal(res.body.status, 'published', JSON.stringify(res.body));
    const thread = () =>
      sim.state.listPosts('twitter', {
        includeDeleted: true,
        where: (p) => String(p.data.text).startsWith(content),
      });
    assert.equal(thread().length, 3);

    const del = await t.request('DELETE', `/v1/posts/${res.body.postId}?deleteFromPlatforms=true`);
    assert.equal(del.status, 200, del.text);
    assert.equal(del.body.success, true, JSON.stringify(del.body));
    assert.deepEqual(
      thread().map((p) => p.deleted),
      [true, true, true],
    );
  });
});
