/**
 * Google Business Profile end to end through the service, on SQLite and
 * PostgreSQL: locations connected through the real connect flow (so the
 * publisher reads the location path that connect saved), then posts to them and
 * to X, published now and at a scheduled time, ending `published` with the
 * posts' searchUrls, and a signed webhook saying so. A location Google does not
 * let post (a chain, `canOperateLocalPost: false`, read at connect and at each
 * token refresh) is refused at create; one connected before that was read fails
 * with Google's reason while X publishes: `post.partial`. A published local post
 * is deleted from its location through the API.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { refreshIntegration } from '../src/domain/integrations/tokens.ts';
import { type FixtureServer, png, startFixtureServer } from '../src/media/testing.ts';
import { signatureMatches } from '../src/notifications/signing.ts';
import { type Simulator, startSimulator } from '../src/simulator/index.ts';
import { connectLikeAUser } from './connect/helpers.ts';
import { forEachDatabase, startTestService, type TestService } from './harness.ts';
import { type Receiver, startReceiver } from './notifications/receiver.ts';
import { connectSimulated, subscribeWebhook } from './publishing-e2e.ts';

const CAFE = 'accounts/100000000000000000001/locations/1000000000000000001';
const BAKERY = 'accounts/100000000000000000001/locations/1000000000000000002';
const CHAIN = 'accounts/100000000000000000002/locations/1000000000000000003';
const SEARCH_URL = /^https:\/\/local\.google\.com\/place\?id=\d+&use=posts&lpsid=\d+$/;

interface Target {
  platform: string;
  status: string;
  platformPostId: string | null;
  platformPostUrl: string | null;
  errorMessage: string | null;
}

forEachDatabase('Google Business Profile end to end', (dialect) => {
  let t: TestService;
  let sim: Simulator;
  let fixtures: FixtureServer;
  let hooks: Receiver;
  let secret: string;
  const locations: Record<string, string> = {};
  let x = '';

  before(async () => {
    sim = await startSimulator();
    fixtures = await startFixtureServer();
    hooks = await startReceiver();
    t = await startTestService(dialect, {
      settings: {
        SIMULATOR_URL: sim.url,
        JOBS_POLL_MS: '20',
        NOTIFICATION_POLL_MS: '20',
        PUBLISH_WAIT_MS: '0',
        OUTBOUND_ALLOWLIST: '127.0.0.1',
      },
    });
    secret = await subscribeWebhook(t, hooks.url);
    // Every location the Google user manages is offered (headless: the choice is handed back to the caller); choosing them all makes each an integration.
    const done = await connectLikeAUser(t, 'googlebusiness', { headless: true });
    const token = done.searchParams.get('selectionToken') ?? '';
    const offered = await t.request('GET', `/v1/connect/googlebusiness/selection/${token}`);
    const saved = await t.request('POST', `/v1/connect/googlebusiness/selection/${token}`, {
      selectedAccountIds: offered.body.accounts.map((a: { id: string }) => a.id),
    });
    for (const id of saved.body.integrations.map((i: { id: string }) => i.id)) {
      const read = await t.request('GET', `/v1/connect/integrations/${id}`);
      locations[read.body.integration.platformMetadata.resourceName] = id;
    }
    assert.deepEqual(Object.keys(locations).sort(), [CAFE, BAKERY, CHAIN].sort());
    x = await connectSimulated(t, sim, 'twitter', '1500000000000000001');
  });
  after(async () => {
    await t.close();
    await hooks.close();
    await fixtures.close();
    await sim.close();
  });

  /** The webhook events of one post, once `count` of them arrived, each signed with the subscription's secret. */
  const events = async (postId: string, count: number) => {
    const mine = () => hooks.received.filter((r) => r.body?.data?.post?.id === postId);
    const deadline = Date.now() + 15_000;
    while (mine().length < count && Date.now() < deadline)
      await hooks.waitFor(hooks.received.length + 1, Math.max(1, deadline - Date.now())).catch(() => {});
    const got = mine();
    for (const g of got)
      assert.ok(
        signatureMatches(
          secret,
          String(g.headers['x-service-timestamp']),
          g.rawBody,
          String(g.headers['x-service-signature']),
        ),
      );
    return got;
  };
  const targets = async (postId: string): Promise<Target[]> =>
    (await t.request('GET', `/v1/posts/${postId}`)).body.post.platforms;
  const localPosts = (summary: string) =>
    sim.state.listPosts('googlebusiness', { where: (p) => p.data.summary === summary });

  it('publishes now to a location (photo, call to action) and to X: published, with URLs, webhook post.published', async () => {
    const content = `Fresh croissants until noon ${dialect} ${Date.now()}`;
    const photo = fixtures.set(`/gbp/${dialect}/croissant.png`, png(720, 720), 'image/png');
    const res = await t.request('POST', '/v1/posts', {
      content,
      mediaItems: [{ type: 'image', url: photo }],
      platforms: [
        {
          platform: 'googlebusiness',
          accountId: locations[CAFE],
          platformSpecificData: {
            callToActionType: 'ORDER',
            callToActionUrl: 'https://sim-cafe.example/order',
          },
        },
        { platform: 'twitter', accountId: x },
      ],
      publishNow: true,
    });
    assert.equal(res.status, 202, res.text);
    const postId = res.body.postId as string;
    const got = await events(postId, 1);
    assert.deepEqual(
      got.map((g) => g.body.type),
      ['post.published'],
    );
    const byPlatform = Object.fromEntries((await targets(postId)).map((p) => [p.platform, p]));
    assert.equal(byPlatform.googlebusiness?.status, 'published');
    assert.match(byPlatform.googlebusiness?.platformPostUrl ?? '', SEARCH_URL);
    assert.match(byPlatform.twitter?.platformPostUrl ?? '', /^https:\/\/x\.com\/\w+\/status\/\d{19}$/);
    const [post, ...more] = localPosts(content);
    assert.equal(more.length, 0, 'one local post');
    assert.equal(post?.id, byPlatform.googlebusiness?.platformPostId);
    assert.ok(post?.id.startsWith(`${CAFE}/localPosts/`));
    assert.deepEqual(post?.data.media, [{ mediaFormat: 'PHOTO', sourceUrl: photo }]);
    assert.deepEqual(post?.data.callToAction, { actionType: 'ORDER', url: 'https://sim-cafe.example/order' });
    const hook = got[0]?.body.data.platforms.find((p: Target) => p.platform === 'googlebusiness');
    assert.match(hook?.platformPostUrl ?? '', SEARCH_URL);
  });

  it('publishes a scheduled EVENT and OFFER to two locations and X at their time: post.scheduled, then post.published', async () => {
    const content = `Tasting weekend ${dialect} ${Date.now()}`;
    const scheduledFor = new Date(Date.now() + 1500).toISOString();
    const res = await t.request('POST', '/v1/posts', {
      content,
      platforms: [
        {
          platform: 'googlebusiness',
          accountId: locations[CAFE],
          platformSpecificData: {
            topicType: 'EVENT',
            eventTitle: 'Tasting weekend',
            eventStartDate: '2026-12-12',
            eventStartTime: '10:00',
            eventEndDate: '2026-12-13',
            eventEndTime: '17:00',
          },
        },
        {
          platform: 'googlebusiness',
          accountId: locations[BAKERY],
          platformSpecificData: {
            topicType: 'OFFER',
            eventTitle: 'A free cookie',
            eventStartDate: '2026-12-12',
            eventStartTime: '08:00',
            eventEndDate: '2026-12-13',
            eventEndTime: '18:00',
            offerCouponCode: 'COOKIE',
            offerRedeemOnlineUrl: 'https://sim-bakery.example/redeem',
            offerTermsConditions: 'While stocks last.',
          },
        },
        { platform: 'twitter', accountId: x },
      ],
      scheduledFor,
    });
    assert.equal(res.status, 202, res.text);
    const postId = res.body.postId as string;
    assert.equal(localPosts(content).length, 0, 'nothing before its time');
    const got = await events(postId, 2);
    assert.deepEqual(
      got.map((g) => g.body.type),
      ['post.scheduled', 'post.published'],
    );
    const all = await targets(postId);
    assert.deepEqual(all.map((p) => [p.platform, p.status]).sort(), [
      ['googlebusiness', 'published'],
      ['googlebusiness', 'published'],
      ['twitter', 'published'],
    ]);
    for (const p of all.filter((p) => p.platform === 'googlebusiness'))
      assert.match(p.platformPostUrl ?? '', SEARCH_URL);
    const posts = localPosts(content);
    assert.deepEqual(posts.map((p) => p.data.topicType).sort(), ['EVENT', 'OFFER']);
    const offer = posts.find((p) => p.data.topicType === 'OFFER');
    assert.ok(offer?.id.startsWith(`${BAKERY}/localPosts/`));
    assert.deepEqual(offer?.data.offer, {
      couponCode: 'COOKIE',
      redeemOnlineUrl: 'https://sim-bakery.example/redeem',
      termsConditions: 'While stocks last.',
    });
  });

  it('deletes a published local post from the location through DELETE /v1/posts?deleteFromPlatforms=true', async () => {
    const content = `Closed for the holidays ${dialect} ${Date.now()}`;
    const res = await t.request('POST', '/v1/posts', {
      content,
      platforms: [{ platform: 'googlebusiness', accountId: locations[BAKERY] }],
      publishNow: true,
    });
    assert.equal(res.status, 202, res.text);
    const postId = res.body.postId as string;
    assert.deepEqual(
      (await events(postId, 1)).map((g) => g.body.type),
      ['post.published'],
    );
    const [published] = localPosts(content);
    assert.ok(published?.id.startsWith(`${BAKERY}/localPosts/`));
    const del = await t.request('DELETE', `/v1/posts/${postId}?deleteFromPlatforms=true`);
    assert.equal(del.status, 200, del.text);
    assert.equal(del.body.success, true, JSON.stringify(del.body));
    assert.equal(del.body.platforms[0]?.platformPostId, published?.id);
    assert.equal(sim.state.getPost('googlebusiness', published?.id ?? '')?.deleted, true);
    assert.equal(
      sim.calls.count({ platform: 'googlebusiness', method: 'DELETE', path: `/v4/${published?.id}` }),
      1,
    );
  });

  const CHAIN_REFUSAL =
    /platforms\[0\] \(googlebusiness\): account "int_[^"]+" can not publish: Google does not let this location publish posts through the API \(its metadata says canOperateLocalPost: false/;

  it('refuses a location Google will not let post (a chain) at create, naming why; the integration shows it', async () => {
    const usage = async () => (await t.request('GET', '/v1/usage')).body.totalUsage as number;
    const before = await usage();
    const content = `Chain-wide news ${dialect} ${Date.now()}`;
    const res = await t.request('POST', '/v1/posts', {
      content,
      platforms: [
        { platform: 'googlebusiness', accountId: locations[CHAIN] },
        { platform: 'twitter', accountId: x },
      ],
      publishNow: true,
    });
    assert.equal(res.status, 400, res.text);
    assert.match(res.body.message, CHAIN_REFUSAL);
    assert.equal(await usage(), before, 'nothing charged');
    assert.equal(localPosts(content).length, 0);
    const meta = (await t.request('GET', `/v1/connect/integrations/${locations[CHAIN]}`)).body.integration
      .platformMetadata;
    assert.equal(meta.canOperateLocalPost, false);
    assert.match(meta.publishRefusal, /^Google does not let this location publish posts/);
    const cafe = (await t.request('GET', `/v1/connect/integrations/${locations[CAFE]}`)).body.integration;
    assert.equal(cafe.platformMetadata.canOperateLocalPost, true);
    assert.equal(cafe.platformMetadata.publishRefusal, undefined);
  });

  it('reads canOperateLocalPost again at each token refresh: refused once Google disables it, accepted once it allows it again', async () => {
    const owner = sim.state.account('googlebusiness', sim.state.defaultAccount('googlebusiness').id);
    const bakery = owner?.businessAccounts?.flatMap((b) => b.locations).find((l) => BAKERY.endsWith(l.name));
    assert.ok(bakery, 'the simulated bakery location');
    const body = {
      content: `Bakery news ${dialect} ${Date.now()}`,
      platforms: [{ platform: 'googlebusiness', accountId: locations[BAKERY] }],
      publishNow: true,
    };
    try {
      bakery.canOperateLocalPost = false;
      assert.equal(
        (await t.request('POST', '/v1/posts/validate', body)).status,
        200,
        'not read until a refresh',
      );
      assert.equal(
        (await refreshIntegration(t.ctx, locations[BAKERY] as string, 'scheduled')).status,
        'refreshed',
      );
      const refused = await t.request('POST', '/v1/posts/validate', body);
      assert.equal(refused.body.status, 400, refused.text);
      assert.match(refused.body.message, CHAIN_REFUSAL);
    } finally {
      bakery.canOperateLocalPost = true;
    }
    assert.equal(
      (await refreshIntegration(t.ctx, locations[BAKERY] as string, 'scheduled')).status,
      'refreshed',
    );
    const accepted = await t.request('POST', '/v1/posts/validate', body);
    assert.equal(accepted.body.valid, true, accepted.text);
  });

  it("a chain location connected before its metadata was read still fails at publish with Google's reason; X still publishes: post.partial", async () => {
    // What an integration saved before canOperateLocalPost was read looks like.
    const row = await t.ctx.store.db
      .selectFrom('integrations')
      .select('platform_metadata')
      .where('id', '=', locations[CHAIN] as string)
      .executeTakeFirstOrThrow();
    const { canOperateLocalPost: _c, publishRefusal: _r, ...older } = JSON.parse(row.platform_metadata);
    await t.ctx.store.db
      .updateTable('integrations')
      .set({ platform_metadata: JSON.stringify(older) })
      .where('id', '=', locations[CHAIN] as string)
      .execute();
    const content = `Chain-wide news, connected earlier ${dialect} ${Date.now()}`;
    const res = await t.request('POST', '/v1/posts', {
      content,
      platforms: [
        { platform: 'googlebusiness', accountId: locations[CHAIN] },
        { platform: 'twitter', accountId: x },
      ],
      publishNow: true,
    });
    assert.equal(res.status, 202, res.text);
    const postId = res.body.postId as string;
    const got = await events(postId, 1);
    assert.deepEqual(
      got.map((g) => g.body.type),
      ['post.partial'],
    );
    const gbp = (await targets(postId)).find((p) => p.platform === 'googlebusiness');
    assert.equal(gbp?.status, 'failed');
    assert.match(gbp?.errorMessage ?? '', /LOCATION_DISABLED_FOR_LOCAL_POST_API/);
    assert.equal(localPosts(content).length, 0);
  });
});
