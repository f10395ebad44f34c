import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { createAccessKey } from '../../src/domain/projects/keys.ts';
import { type Simulator, startSimulator } from '../../src/simulator/index.ts';
import { forEachDatabase, startTestService, type TestService } from '../harness.ts';
import { FUTURE } from '../posts-fixtures.ts';
import { fixtureMaker } from '../route-fixtures.ts';

forEachDatabase('A caller limited to some profiles', (dialect) => {
  let t: TestService;
  let sim: Simulator;
  let a: { profile: string; account: string; post: string; notification: string };
  let b: { profile: string; account: string; post: string; notification: string };
  let spanning: string;
  let limited: Record<string, string>;

  const records = async (maker: ReturnType<typeof fixtureMaker>) => ({
    profile: await maker('profile', 'twitter'),
    account: await maker('integration', 'twitter'),
    post: await maker('post', 'twitter'),
    notification: await maker('notification', 'twitter'),
  });

  before(async () => {
    sim = await startSimulator();
    t = await startTestService(dialect, { settings: { ROLE: 'api', SIMULATOR_URL: sim.url } });
    const own = { projectId: t.projectId, accessKey: t.accessKey };
    a = await records(fixtureMaker(t, sim, own));
    b = await records(fixtureMaker(t, sim, own));
    const both = await t.request('POST', '/v1/posts', {
      content: 'to A and B',
      platforms: [
        { platform: 'twitter', accountId: a.account },
        { platform: 'twitter', accountId: b.account },
      ],
      scheduledFor: FUTURE,
    });
    assert.equal(both.status, 202, both.text);
    spanning = both.body.postId;
    const key = await createAccessKey(t.ctx, t.projectId, 'A only', { profileIds: [a.profile] });
    limited = { 'x-access-key': key.accessKey };
  });
  after(async () => {
    await t.close();
    await sim.close();
  });

  const get = (url: string) => t.request('GET', url, undefined, limited);

  it('lists only its profiles, their accounts, their posts and their subscriptions', async () => {
    const ids = async (url: string, pick: (body: never) => { id?: string; postId?: string }[]) =>
      pick((await get(url)).body as never).map((x) => x.id ?? x.postId);
    assert.deepEqual(await ids('/v1/profiles', (b: { profiles: { id: string }[] }) => b.profiles), [
      a.profile,
    ]);
    assert.deepEqual(
      await ids('/v1/connect/integrations', (b: { integrations: { id: string }[] }) => b.integrations),
      [a.account],
    );
    assert.deepEqual(await ids('/v1/posts', (b: { posts: { id: string }[] }) => b.posts), [a.post]);
    assert.deepEqual(await ids('/v1/posts/scheduled', (b: { posts: { id: string }[] }) => b.posts), [a.post]);
    assert.deepEqual(
      await ids('/v1/notifications', (b: { notifications: { id: string }[] }) => b.notifications),
      [a.notification],
    );
    const total = (await get('/v1/posts')).body.pagination?.total ?? (await get('/v1/posts')).body.total;
    if (total !== undefined) assert.equal(total, 1);
  });

  it("answers another profile's records, and a post spanning profiles, like unknown ones (404)", async () => {
    for (const id of [b.post, spanning, 'post_never']) {
      const res = await get(`/v1/posts/${id}`);
      assert.equal(res.status, 404, res.text);
      assert.equal(res.body.message, 'Post not found');
    }
    assert.equal((await get(`/v1/posts/${a.post}`)).status, 200);
    assert.equal((await get(`/v1/profiles/${b.profile}`)).status, 404);
    assert.equal((await get(`/v1/connect/integrations/${b.account}`)).status, 404);
    assert.equal((await get(`/v1/notifications/${b.notification}`)).status, 404);
    const del = await t.request('DELETE', `/v1/posts/${b.post}`, undefined, limited);
    assert.equal(del.status, 404);
    assert.equal(
      (await t.request('GET', `/v1/posts/${b.post}`)).status,
      200,
      'the full-access key still reads it',
    );
  });

  it('answers a write naming an account of another profile like an unknown account', async () => {
    const body = (accountId: string) => ({
      content: 'hello',
      platforms: [{ platform: 'twitter', accountId }],
      scheduledFor: FUTURE,
    });
    const theirs = await t.request('POST', '/v1/posts', body(b.account), limited);
    const unknown = await t.request('POST', '/v1/posts', body('int_never'), limited);
    assert.equal(theirs.status, 400);
    assert.equal(theirs.text.replace(b.account, '<id>'), unknown.text.replace('int_never', '<id>'));
    assert.equal((await t.request('POST', '/v1/posts', body(a.account), limited)).status, 202);
  });

  it('can not create a profile, and connects or subscribes only under one of its profiles', async () => {
    const profile = await t.request('POST', '/v1/profiles', { name: 'Mine' }, limited);
    assert.equal(profile.status, 403);
    assert.match(profile.body.error, /limited to some profiles can not create a profile/);
    const sub = {
      channel: 'webhook',
      eventTypes: ['post.published'],
      webhook: { url: 'http://127.0.0.1:9/hook' },
    };
    const noProfile = await t.request('POST', '/v1/notifications', sub, limited);
    assert.equal(noProfile.status, 400);
    assert.match(noProfile.body.message, /profileId is required/);
    const other = await t.request('POST', '/v1/notifications', { ...sub, profileId: b.profile }, limited);
    assert.equal(other.status, 400);
    assert.match(other.body.message, /is not a profile of this project/);
    assert.equal(
      (await t.request('POST', '/v1/notifications', { ...sub, profileId: a.profile }, limited)).status,
      201,
    );
    assert.equal((await get('/v1/connect/twitter')).status, 400);
    assert.equal((await get(`/v1/connect/twitter?profileId=${b.profile}`)).status, 404);
    const move = await t.request(
      'PATCH',
      `/v1/connect/integrations/${a.account}`,
      { profileId: null },
      limited,
    );
    assert.equal(move.status, 403);
  });

  it("counts usage of its profiles only, without the project's balance", async () => {
    const usage = await get('/v1/usage');
    assert.equal(usage.status, 200, usage.text);
    assert.equal(usage.body.balance, undefined);
    const all = await t.request('GET', '/v1/usage');
    assert.ok(all.body.totalUsage > usage.body.totalUsage, `${all.text} vs ${usage.text}`);
  });
});
