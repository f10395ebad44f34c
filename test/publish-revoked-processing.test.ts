/**
 * A video the platform holds is never reported failed: when the account's access
 * is revoked while YouTube or TikTok is still processing the uploaded video, the
 * target ends `published` with what is known (YouTube's video id and URL; TikTok's
 * publish id and the creator's profile) and a warning that its processing could
 * not be confirmed. The credit stays charged (the post exists). End to end through
 * the real adapters and the simulator, on SQLite and PostgreSQL.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { type FixtureServer, mp4Stub, startFixtureServer } from '../src/media/testing.ts';
import type { Platform } from '../src/platforms/names.ts';
import type { CallFilter } from '../src/simulator/core/calls.ts';
import { type Simulator, startSimulator } from '../src/simulator/index.ts';
import { insertIntegration } from './fake-adapter.ts';
import { forEachDatabase, startTestService, type TestService } from './harness.ts';
import { until } from './shared-store.ts';

const FINAL = ['published', 'partial', 'failed'];
let seq = 0;

forEachDatabase('access revoked while the platform processes the video', (dialect) => {
  let t: TestService;
  let sim: Simulator;
  let fixtures: FixtureServer;

  before(async () => {
    sim = await startSimulator();
    // Processing outlasts the test: only the revocation can end it.
    sim.state.collection('youtube', 'settings').set('processingMs', 2500);
    sim.state.collection('tiktok', 'settings').set('processingMs', 10 * 60_000);
    fixtures = await startFixtureServer();
    t = await startTestService(dialect, {
      settings: {
        JOBS_POLL_MS: '20',
        PUBLISH_WAIT_MS: '100',
        OUTBOUND_ALLOWLIST: '127.0.0.1',
        SIMULATOR_URL: sim.url,
      },
    });
  });
  after(async () => {
    await t.close();
    await fixtures.close();
    await sim.close();
  });

  /** A fresh account with a refreshable token (so the refresh after the refusal is tried, and fails). */
  const connect = async (platform: Platform, scopes: string[], platformUserId?: string) => {
    const accountId = `revoked-${platform}-${dialect}-${++seq}`;
    sim.addAccount(platform, { id: accountId, username: accountId, name: 'Revoked' });
    const tokens = sim.issueTokens(platform, { accountId, ttlSec: null, refresh: true, scopes });
    const integrationId = await insertIntegration(t.ctx, t.projectId, platform, {
      token: tokens.accessToken,
      ...(tokens.refreshToken ? { refreshToken: tokens.refreshToken } : {}),
      platformUserId: platformUserId ?? accountId,
    });
    return { accountId, integrationId };
  };

  /** Publishes a video, revokes the account's grant once a processing poll was answered, returns the settled post. */
  async function revokeWhileProcessing(
    platform: Platform,
    account: { accountId: string; integrationId: string },
    poll: CallFilter,
    platformSpecificData: Record<string, unknown>,
  ) {
    const clip = fixtures.set(
      `/revoked/${platform}-${dialect}-${seq}.mp4`,
      mp4Stub(1024 * 1024),
      'video/mp4',
    );
    const res = await t.request('POST', '/v1/posts', {
      content: `Processing ${platform} ${dialect} ${Date.now()}`,
      mediaItems: [{ type: 'video', url: clip }],
      platforms: [{ platform, accountId: account.integrationId, platformSpecificData }],
      publishNow: true,
    });
    assert.equal(res.status, 202, res.text);
    const postId = res.body.postId as string;
    const answered = { ...poll, platform, account: account.accountId, status: 200 };
    await until(() => sim.calls.count(answered) > 0, 20_000);
    sim.state.revokeTokens({ platform, account: account.accountId });
    await until(
      async () => FINAL.includes((await t.request('GET', `/v1/posts/${postId}`)).body.post.status),
      20_000,
    );
    const post = (await t.request('GET', `/v1/posts/${postId}`)).body.post;
    const credits = await t.ctx.store.db
      .selectFrom('credit_ledger')
      .select(['amount', 'reason'])
      .where('post_id', '=', postId)
      .execute();
    return { post, target: post.platforms[0], credits: credits.map((c) => [Number(c.amount), c.reason]) };
  }

  it('YouTube: published with the video id and URL, and a warning that processing was not confirmed', async () => {
    const account = await connect('youtube', [], 'UCsimchannel000000000001');
    const { post, target, credits } = await revokeWhileProcessing(
      'youtube',
      account,
      { method: 'GET', path: '/youtube/v3/videos' },
      { title: 'Revoked while processing' },
    );
    assert.equal(target.status, 'published', JSON.stringify(target));
    const videos = sim.state.listPosts('youtube').map((p) => p.id);
    assert.ok(videos.includes(target.platformPostId), `${target.platformPostId} is a video YouTube holds`);
    assert.equal(target.platformPostUrl, `https://www.youtube.com/watch?v=${target.platformPostId}`);
    assert.match(
      target.warningMessage,
      /^The post is on youtube, but its processing could not be confirmed: /,
    );
    assert.match(target.warningMessage, /needs reconnecting/);
    assert.equal(post.status, 'partial');
    assert.deepEqual(credits, [[1, 'post']]);
  });

  it("TikTok: published under its publish id and the creator's profile, with the same warning", async () => {
    const account = await connect('tiktok', ['user.info.basic', 'video.publish', 'video.upload']);
    const { target, credits } = await revokeWhileProcessing(
      'tiktok',
      account,
      { method: 'POST', path: '/v2/post/publish/status/fetch/' },
      { privacyLevel: 'SELF_ONLY' },
    );
    assert.equal(target.status, 'published', JSON.stringify(target));
    assert.match(target.platformPostId, /^v_pub_/);
    assert.match(target.platformPostUrl, /^https:\/\/www\.tiktok\.com\/@/);
    assert.match(
      target.warningMessage,
      /^The post is on tiktok, but TikTok's processing of it \(publish id v_pub_[^)]+\) could not be confirmed: /,
    );
    assert.deepEqual(credits, [[1, 'post']]);
  });
});
