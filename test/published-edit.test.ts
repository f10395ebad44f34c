/**
 * Edits of published posts end to end, on SQLite and PostgreSQL, through the real
 * adapters and the simulator: PATCH /v1/posts/{postId}/published changes the live
 * post on platforms that can edit (the simulator records the new text), answers
 * `not_editable` and sends nothing where the platform can not, refuses options that
 * are fixed once published and edits that break the platform's rules, charges 1
 * credit per platform edit and refunds a failed one, keeps rawRequestBody, and
 * GET /v1/posts/{postId} shows the new text, or the failure in warningMessage. The
 * simulator checks every call against the platforms' published API descriptions.
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, it } from 'node:test';
import { getBalance } from '../src/domain/credits/balance.ts';
import { type FixtureServer, mp4Stub, png, startFixtureServer } from '../src/media/testing.ts';
import type { Platform } from '../src/platforms/names.ts';
import { type Simulator, startSimulator } from '../src/simulator/index.ts';
import { insertIntegration } from './fake-adapter.ts';
import { forEachDatabase, startTestService, type TestService } from './harness.ts';
import { until } from './shared-store.ts';

const ACCOUNTS: Partial<Record<Platform, { user: string; page?: string }>> = {
  twitter: { user: '1500000000000000001' },
  facebook: { user: '10000000000000001', page: '200000000000001' },
  linkedin: { user: 'SimMember001' },
  pinterest: { user: '549755885175' },
};
const BOARD = '549755885176';
const CAFE = 'accounts/100000000000000000001/locations/1000000000000000001';

interface TargetView {
  platform: string;
  status: string;
  content: string | null;
  platformPostId: string | null;
  warningMessage: string | null;
  edit?: { status: string; errorMessage: string | null };
}

forEachDatabase('editing published posts', (dialect) => {
  let t: TestService;
  let sim: Simulator;
  let fixtures: FixtureServer;
  const ids: Partial<Record<Platform, string>> = {};

  before(async () => {
    // Every call the simulator receives is checked against the platforms' own API
    // descriptions (src/simulator/contracts): Facebook's post update, Pinterest's
    // PinUpdate, YouTube's videos.update, LinkedIn's partial update of a post and
    // Google Business Profile's localPosts.patch included.
    sim = await startSimulator({ contracts: true });
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
        grantId: `edit-${platform}-${dialect}`,
      }).value;
      ids[platform] = await insertIntegration(t.ctx, t.projectId, platform, {
        token,
        platformUserId: who.page ?? who.user,
      });
    }
    const issue = (platform: Platform, user: string) =>
      sim.state.issueToken({
        platform,
        kind: 'access',
        clientId: `sim-${platform}-client`,
        accountId: user,
        scopes: [],
        expiresAt: null,
        grantId: `edit-${platform}-${dialect}`,
      }).value;
    ids.youtube = await insertIntegration(t.ctx, t.projectId, 'youtube', {
      token: issue('youtube', '110000000000000000001'),
      platformUserId: 'UCsimchannel000000000001',
    });
    ids.googlebusiness = await insertIntegration(t.ctx, t.projectId, 'googlebusiness', {
      token: issue('googlebusiness', '110000000000000000002'),
      platformUserId: '1000000000000000001',
      metadata: { resourceName: CAFE },
    });
  });
  beforeEach(() => sim.faults.clear());
  after(async () => {
    await t.close();
    await fixtures.close();
    await sim.close();
  });

  const target = (platform: Platform, extra: Record<string, unknown> = {}) => ({
    platform,
    accountId: ids[platform],
    ...extra,
  });
  const read = async (postId: string) => (await t.request('GET', `/v1/posts/${postId}`)).body.post;
  const targetOf = async (postId: string, platform: string): Promise<TargetView> =>
    (await read(postId)).platforms.find((p: TargetView) => p.platform === platform);
  const used = async () => (await getBalance(t.ctx, t.projectId)).monthly.used;
  const publish = async (content: string, platforms: Platform[]) => {
    const res = await t.request('POST', '/v1/posts', {
      content,
      platforms: platforms.map((p) => target(p)),
      publishNow: true,
    });
    assert.equal(res.status, 202, res.text);
    assert.equal(res.body.status, 'published', res.text);
    return res.body.postId as string;
  };
  const editSettled = (postId: string, platform: string) =>
    until(async () => {
      const s = (await targetOf(postId, platform)).edit?.status;
      return s === 'edited' || s === 'failed';
    }, 15_000);

  it('edits the text on Facebook, answers not_editable for X and sends nothing there; 1 credit; GET shows it', async () => {
    const content = `Opening hours ${dialect} ${Date.now()}`;
    const postId = await publish(content, ['facebook', 'twitter']);
    const fbId = (await targetOf(postId, 'facebook')).platformPostId as string;
    const tweetsBefore = sim.calls.list({ platform: 'twitter' }).length;
    const before = await used();

    const edited = `${content} (now until 8 pm)`;
    const res = await t.request('PATCH', `/v1/posts/${postId}/published`, { content: edited });
    assert.equal(res.status, 202, res.text);
    assert.equal(res.body.creditsCharged, 1);
    // success means what it means in every 2xx answer (the request was taken); X's own status says it can not edit.
    assert.equal(res.body.success, true);
    const byPlatform = Object.fromEntries(
      res.body.platforms.map((p: { platform: string }) => [p.platform, p]),
    );
    assert.equal(byPlatform.facebook.status, 'editing');
    assert.equal(byPlatform.twitter.status, 'not_editable');
    assert.match(byPlatform.twitter.message, /X .*nothing was sent/);

    await editSettled(postId, 'facebook');
    const post = await read(postId);
    assert.equal(post.content, edited);
    assert.equal(post.rawRequestBody.content, content, 'the original request stays');
    const fb = post.platforms.find((p: TargetView) => p.platform === 'facebook');
    assert.equal(fb.edit.status, 'edited', JSON.stringify(fb));
    assert.equal(fb.content, null, 'the top-level text applies again');
    const tw = post.platforms.find((p: TargetView) => p.platform === 'twitter');
    assert.equal(tw.content, content, 'X keeps showing the text it was published with');
    assert.ok(Date.parse(post.updatedAt) >= Date.parse(post.createdAt));
    const live = sim.state.getPost('facebook', fbId);
    assert.equal(live?.data.message, edited);
    assert.equal(live?.data.edits, 1);
    assert.equal(sim.calls.list({ platform: 'twitter' }).length, tweetsBefore, 'nothing was sent to X');
    assert.equal(await used(), before + 1);
  });

  it('refuses an option fixed once published, and a text over the platform limit, without charging', async () => {
    const postId = await publish(`Fixed link ${dialect} ${Date.now()}`, ['facebook']);
    const before = await used();
    const res = await t.request('PATCH', `/v1/posts/${postId}/published`, {
      platforms: [target('facebook', { platformSpecificData: { link: 'https://example.com/new' } })],
    });
    assert.equal(res.status, 202, res.text);
    assert.equal(res.body.platforms[0].status, 'refused');
    assert.equal(res.body.success, true, 'a 202 is a request taken; the refusal is the target’s status');
    assert.match(
      res.body.platforms[0].message,
      /platformSpecificData\.link can not be changed once published on Facebook/,
    );
    const long = await t.request('PATCH', `/v1/posts/${postId}/published`, {
      platforms: [target('facebook', { content: 'x'.repeat(63_207) })],
    });
    assert.equal(long.body.platforms[0].status, 'refused', long.text);
    assert.match(long.body.platforms[0].message, /63207 .*limit is 63206/);
    assert.equal(res.body.creditsCharged + long.body.creditsCharged, 0);
    assert.equal(await used(), before);
    assert.equal((await targetOf(postId, 'facebook')).edit, undefined);
  });

  it('fails an edit the platform refuses: refunded, the old text stays, warningMessage says so', async () => {
    const content = `Refused edit ${dialect} ${Date.now()}`;
    const postId = await publish(content, ['facebook']);
    const fbId = (await targetOf(postId, 'facebook')).platformPostId as string;
    const before = await used();
    sim.faults.add({
      platform: 'facebook',
      method: 'POST',
      path: new RegExp(`/${fbId}$`),
      status: 400,
      body: { error: { message: '(#100) This post can not be edited', type: 'OAuthException', code: 100 } },
    });
    const res = await t.request('PATCH', `/v1/posts/${postId}/published`, {
      platforms: [target('facebook', { content: `${content} v2` })],
    });
    assert.equal(res.body.platforms[0].status, 'editing', res.text);
    await editSettled(postId, 'facebook');
    const fb = await targetOf(postId, 'facebook');
    assert.equal(fb.edit?.status, 'failed');
    assert.match(fb.edit?.errorMessage ?? '', /can not be edited/);
    assert.match(fb.warningMessage ?? '', /failed .*keeps its previous text/);
    assert.equal(fb.content, null);
    assert.equal((await read(postId)).content, content);
    assert.equal(sim.state.getPost('facebook', fbId)?.data.message, content);
    assert.equal(await used(), before, 'the failed edit was refunded');
  });

  it('answers 409 for a post that is not published, 400 for a target the post does not have, 404 for another id', async () => {
    const scheduled = await t.request('POST', '/v1/posts', {
      content: `Later ${dialect}`,
      platforms: [target('facebook')],
      scheduledFor: new Date(Date.now() + 86_400_000).toISOString(),
    });
    assert.equal(scheduled.status, 202, scheduled.text);
    const r409 = await t.request('PATCH', `/v1/posts/${scheduled.body.postId}/published`, { content: 'x' });
    assert.equal(r409.status, 409, r409.text);
    assert.match(r409.body.message, /only a published or partial post/);
    const postId = await publish(`Wrong target ${dialect} ${Date.now()}`, ['facebook']);
    const r400 = await t.request('PATCH', `/v1/posts/${postId}/published`, {
      platforms: [target('twitter', { content: 'new' })],
    });
    assert.equal(r400.status, 400, r400.text);
    const empty = await t.request('PATCH', `/v1/posts/${postId}/published`, {});
    assert.equal(empty.status, 400, empty.text);
    const r404 = await t.request('PATCH', '/v1/posts/post_nope/published', { content: 'x' });
    assert.equal(r404.status, 404);
  });

  it('edits LinkedIn commentary and a pin’s description, title and alt text; the board stays fixed', async () => {
    const image = fixtures.set(`/edit/${dialect}.png`, png(800, 1200), 'image/png');
    const content = `Spring menu ${dialect} ${Date.now()}`;
    const res = await t.request('POST', '/v1/posts', {
      content,
      mediaItems: [{ type: 'image', url: image }],
      platforms: [target('linkedin'), target('pinterest', { platformSpecificData: { boardId: BOARD } })],
      publishNow: true,
    });
    assert.equal(res.body.status, 'published', res.text);
    const postId = res.body.postId as string;
    const liId = (await targetOf(postId, 'linkedin')).platformPostId as string;
    const pinId = (await targetOf(postId, 'pinterest')).platformPostId as string;
    const before = await used();

    const fixed = await t.request('PATCH', `/v1/posts/${postId}/published`, {
      platforms: [target('pinterest', { platformSpecificData: { boardId: '1' } })],
    });
    assert.equal(fixed.body.platforms[1].status, 'refused', fixed.text);
    assert.match(fixed.body.platforms[1].message, /only title, link, altText can/);

    const edited = `Spring menu, now with rhubarb ${dialect} ${Date.now()}`;
    const edit = await t.request('PATCH', `/v1/posts/${postId}/published`, {
      content: edited,
      platforms: [
        target('pinterest', { platformSpecificData: { title: 'Rhubarb season', altText: 'A rhubarb tart' } }),
      ],
    });
    assert.equal(edit.status, 202, edit.text);
    assert.deepEqual(
      edit.body.platforms.map((p: { status: string }) => p.status),
      ['editing', 'editing'],
    );
    await editSettled(postId, 'linkedin');
    await editSettled(postId, 'pinterest');
    const post = await read(postId);
    for (const p of post.platforms) assert.equal(p.edit.status, 'edited', JSON.stringify(p));
    const li = sim.state.getPost('linkedin', liId);
    assert.equal(li?.data.commentary, edited);
    assert.equal(li?.data.edits, 1);
    const pin = sim.state.getPost('pinterest', pinId);
    assert.equal(pin?.data.description, edited);
    assert.equal(pin?.data.title, 'Rhubarb season');
    assert.equal(pin?.data.alt_text, 'A rhubarb tart');
    assert.equal(pin?.data.board_id, BOARD);
    assert.equal(await used(), before + 2);
  });

  it('sends an edit again when its answer was lost (the edit is idempotent): applied, charged once', async () => {
    const content = `Lost answer ${dialect} ${Date.now()}`;
    const postId = await publish(content, ['facebook']);
    const fbId = (await targetOf(postId, 'facebook')).platformPostId as string;
    const before = await used();
    // Facebook takes the edit, and the connection drops before its answer arrives.
    sim.faults.add({
      platform: 'facebook',
      method: 'POST',
      path: new RegExp(`/${fbId}$`),
      times: 1,
      dropAfterCommit: 'reset',
    });
    const edited = `${content} (corrected)`;
    await t.request('PATCH', `/v1/posts/${postId}/published`, {
      platforms: [target('facebook', { content: edited })],
    });
    await editSettled(postId, 'facebook');
    const fb = await targetOf(postId, 'facebook');
    assert.equal(fb.edit?.status, 'edited', JSON.stringify(fb));
    assert.equal(fb.content, edited);
    const live = sim.state.getPost('facebook', fbId);
    assert.equal(live?.data.message, edited);
    assert.equal(live?.data.edits, 2, 'sent twice, same result');
    assert.equal(await used(), before + 1);
  });

  it('edits a YouTube video’s title, description and tags, and a Google Business post’s summary and call to action', async () => {
    const clip = fixtures.set(`/edit/${dialect}.mp4`, mp4Stub(1024 * 1024), 'video/mp4');
    const video = await t.request('POST', '/v1/posts', {
      content: `Behind the counter ${dialect} ${Date.now()}`,
      mediaItems: [{ type: 'video', url: clip }],
      platforms: [
        target('youtube', { platformSpecificData: { title: 'Behind the counter', tags: ['coffee'] } }),
      ],
      publishNow: true,
    });
    assert.equal(video.status, 202, video.text);
    const videoPost = video.body.postId as string;
    await until(async () => (await targetOf(videoPost, 'youtube')).status === 'published', 20_000);
    const local = await publish(`Fresh pastries every morning ${dialect} ${Date.now()}`, ['googlebusiness']);
    const before = await used();

    const fixed = await t.request('PATCH', `/v1/posts/${videoPost}/published`, {
      platforms: [target('youtube', { platformSpecificData: { visibility: 'private' } })],
    });
    assert.equal(fixed.body.platforms[0].status, 'refused');
    assert.match(fixed.body.platforms[0].message, /visibility can not be changed .*only title, tags can/);

    const description = `Behind the counter, the long cut ${dialect}`;
    const yt = await t.request('PATCH', `/v1/posts/${videoPost}/published`, {
      platforms: [
        target('youtube', {
          content: description,
          platformSpecificData: { title: 'Behind the counter (long cut)', tags: ['coffee', 'barista'] },
        }),
      ],
    });
    assert.equal(yt.body.platforms[0].status, 'editing', yt.text);
    const summary = `Fresh pastries from 7 am ${dialect}`;
    const gb = await t.request('PATCH', `/v1/posts/${local}/published`, {
      platforms: [
        target('googlebusiness', {
          content: summary,
          platformSpecificData: { callToActionType: 'ORDER', callToActionUrl: 'https://example.com/order' },
        }),
      ],
    });
    assert.equal(gb.body.platforms[0].status, 'editing', gb.text);
    await editSettled(videoPost, 'youtube');
    await editSettled(local, 'googlebusiness');

    const ytTarget = await targetOf(videoPost, 'youtube');
    assert.equal(ytTarget.edit?.status, 'edited', JSON.stringify(ytTarget));
    assert.equal(ytTarget.content, description);
    const v = sim.state.getPost('youtube', ytTarget.platformPostId as string)?.data as {
      snippet: Record<string, unknown>;
      status: Record<string, unknown>;
    };
    assert.deepEqual(v.snippet, {
      title: 'Behind the counter (long cut)',
      description,
      tags: ['coffee', 'barista'],
      categoryId: '22',
    });
    assert.equal(v.status.privacyStatus, 'public', 'the visibility is left alone');

    const gbTarget = await targetOf(local, 'googlebusiness');
    assert.equal(gbTarget.edit?.status, 'edited', JSON.stringify(gbTarget));
    const lp = sim.state.getPost('googlebusiness', gbTarget.platformPostId as string)?.data;
    assert.equal(lp?.summary, summary);
    assert.deepEqual(lp?.callToAction, { actionType: 'ORDER', url: 'https://example.com/order' });
    assert.equal(lp?.topicType, 'STANDARD');
    assert.equal(await used(), before + 2);
  });

  it('made every platform call as the platforms describe them', () => {
    sim.contracts.assertNone();
  });
});
