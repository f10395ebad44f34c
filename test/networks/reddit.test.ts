/**
 * Reddit end to end through the simulator, on SQLite and PostgreSQL: a user
 * connects by OAuth (a permanent grant: a refresh token); a text post with a first
 * comment, an image post and a link post are published once each with their
 * reddit.com links; the subreddit's rules are refused at create in words; when
 * Reddit can not be reached at create the post is accepted and the same rule
 * fails it before anything is submitted; delete removes a post; its score and
 * comments are its metrics.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { type FixtureServer, png, startFixtureServer } from '../../src/media/testing.ts';
import { forgetRules } from '../../src/platforms/reddit/rules.ts';
import { type Simulator, startSimulator } from '../../src/simulator/index.ts';
import { connectLikeAUser } from '../connect/helpers.ts';
import { forEachDatabase, startTestService, type TestService } from '../harness.ts';
import { until } from '../shared-store.ts';

const FINAL = ['published', 'partial', 'failed'];

forEachDatabase('Reddit end to end', (dialect) => {
  let t: TestService;
  let sim: Simulator;
  let fixtures: FixtureServer;
  let accountId: string;

  before(async () => {
    forgetRules();
    sim = await startSimulator({ contracts: true });
    fixtures = await startFixtureServer();
    t = await startTestService(dialect, {
      settings: {
        SIMULATOR_URL: sim.url,
        JOBS_POLL_MS: '20',
        PUBLISH_WAIT_MS: '15000',
        OUTBOUND_ALLOWLIST: '127.0.0.1',
      },
    });
  });
  after(async () => {
    await t.close();
    await fixtures.close();
    await sim.close();
  });

  const create = (body: Record<string, unknown>) =>
    t.request('POST', '/v1/posts', { publishNow: true, ...body });
  const publish = async (body: Record<string, unknown>) => {
    const res = await create(body);
    assert.equal(res.status, 202, res.text);
    const postId = res.body.postId as string;
    const read = async () => (await t.request('GET', `/v1/posts/${postId}`)).body.post;
    await until(async () => FINAL.includes((await read()).status), 20_000);
    return { postId, post: await read() };
  };
  const posts = (title: string) => sim.state.listPosts('reddit', { where: (p) => p.data.title === title });
  const reddit = (platformSpecificData: Record<string, unknown>) => [
    { platform: 'reddit', accountId, platformSpecificData },
  ];

  it('connects by OAuth with a permanent grant', async () => {
    const done = await connectLikeAUser(t, 'reddit');
    assert.equal(done.searchParams.get('platform'), 'reddit', done.toString());
    const list = await t.request('GET', '/v1/connect/integrations?platform=reddit');
    const i = list.body.integrations[0];
    assert.equal(i.platformUserId, 't2_1simred');
    assert.equal(i.username, 'sim_redditor');
    assert.equal(i.profileUrl, 'https://www.reddit.com/user/sim_redditor/');
    accountId = i.id;
    const authorize = sim.calls.list({ platform: 'reddit', path: '/api/v1/authorize' })[0];
    assert.equal(authorize?.query.duration, 'permanent');
    const token = sim.calls.list({ platform: 'reddit', path: '/api/v1/access_token' })[0];
    assert.match(String(token?.headers['user-agent']), /social-publishing-service/);
    assert.match(String(token?.headers.authorization), /^Basic /);
    assert.ok(
      [...sim.state.tokens.values()].some((k) => k.platform === 'reddit' && k.kind === 'refresh'),
      'a refresh token came with the grant',
    );
  });

  it('publishes a text post with its first comment, an image post and a link post, once each', async () => {
    const title = `Reddit text ${dialect} ${Date.now()}`;
    const one = await publish({
      content: 'The body of the text post',
      firstComment: 'First!',
      platforms: reddit({ subreddit: 'sandbox', title, nsfw: true, spoiler: true }),
    });
    assert.equal(one.post.status, 'published', JSON.stringify(one.post.platforms));
    const [made] = posts(title);
    assert.ok(made);
    assert.equal(made.data.kind, 'self');
    assert.equal(made.data.nsfw, true);
    assert.equal(made.data.spoiler, true);
    assert.equal(
      one.post.platforms[0].platformPostUrl,
      `https://www.reddit.com/r/sandbox/comments/${made.id}/`,
    );
    await until(
      () =>
        sim.state.listPosts('reddit', { kind: 'comment', where: (c) => c.data.link_id === `t3_${made.id}` })
          .length === 1,
      20_000,
    );

    const imageTitle = `Reddit image ${dialect} ${Date.now()}`;
    const image = fixtures.set(`/rd/${dialect}.png`, png(200, 100), 'image/png');
    const two = await publish({
      content: 'A picture',
      mediaItems: [{ type: 'image', url: image }],
      platforms: reddit({ subreddit: 'sandbox', title: imageTitle }),
    });
    assert.equal(two.post.status, 'published', JSON.stringify(two.post.platforms));
    assert.equal(posts(imageTitle).length, 1);
    assert.equal(posts(imageTitle)[0]?.data.kind, 'image');

    const linkTitle = `Reddit link ${dialect} ${Date.now()}`;
    const url = `https://example.com/${dialect}/${Date.now()}`;
    const three = await publish({
      content: 'ignored',
      platforms: reddit({ subreddit: 'sim_links', title: linkTitle, url }),
    });
    assert.equal(three.post.status, 'published', JSON.stringify(three.post.platforms));
    assert.equal(posts(linkTitle)[0]?.data.url, url);

    const linked = posts(linkTitle)[0]?.id ?? '';
    const del = await t.request('DELETE', `/v1/posts/${three.postId}?deleteFromPlatforms=true`);
    assert.equal(del.status, 200, del.text);
    assert.equal(sim.state.getPost('reddit', linked)?.deleted, true);
  });

  it("refuses at create what the subreddit's rules refuse, in words", async () => {
    const problems = async (content: string, o: Record<string, unknown>) => {
      const res = await create({ content, platforms: reddit(o) });
      assert.equal(res.status, 400, res.text);
      return String(res.body.error ?? JSON.stringify(res.body));
    };
    assert.match(
      await problems('text', { subreddit: 'sim_links', title: 'A text post' }),
      /r\/sim_links takes only link and media posts/,
    );
    assert.match(
      await problems('text', { subreddit: 'sim_flair', title: 'short' }),
      /r\/sim_flair requires a flair.*at least 10 characters/s,
    );
    assert.match(
      await problems('text', { subreddit: 'nowhere_sub', title: 'Anything' }),
      /r\/nowhere_sub does not exist on Reddit/,
    );
    assert.match(
      await problems('text', { subreddit: 'sim_private', title: 'Anything' }),
      /nobody can post to r\/sim_private.*private/,
    );
    assert.match(await problems('text', { subreddit: 'sandbox' }), /title/);
    assert.match(await problems('text', { title: 'No subreddit' }), /subreddit/);
    const check = await t.request('POST', '/v1/posts/validate', {
      publishNow: true,
      content: 'text',
      platforms: reddit({ subreddit: 'sim_links', title: 'A text post' }),
    });
    assert.equal(check.status, 200, check.text);
    assert.equal(check.body.valid, false);
    assert.equal(check.body.problems[0]?.field, 'platformSpecificData.subreddit', JSON.stringify(check.body));
  });

  it('accepts a post when Reddit can not be reached at create, and the rule then fails it before any submit', async () => {
    forgetRules();
    const fault = sim.faults.add({
      platform: 'reddit',
      path: '/r/sim_selfonly/about',
      timeout: true,
      times: 1,
    });
    const title = `Reddit unreachable ${dialect} ${Date.now()}`;
    const started = Date.now();
    const res = await create({
      content: 'x',
      platforms: reddit({ subreddit: 'sim_selfonly', title, url: 'https://example.com/x' }),
    });
    assert.equal(res.status, 202, res.text);
    assert.ok(Date.now() - started < 10_000, 'the create did not wait long on Reddit');
    const postId = res.body.postId as string;
    const read = async () => (await t.request('GET', `/v1/posts/${postId}`)).body.post;
    await until(async () => FINAL.includes((await read()).status), 20_000);
    const p = await read();
    assert.equal(p.status, 'failed');
    assert.match(p.platforms[0].errorMessage, /r\/sim_selfonly takes only text posts/);
    assert.equal(posts(title).length, 0, 'nothing was submitted');
    sim.faults.remove(fault);
    sim.contracts.assertNone('reddit');
  });
});
