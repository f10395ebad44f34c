/**
 * Mastodon end to end through the simulator, on SQLite and PostgreSQL: a connect
 * without an instance goes to the sandbox instance (the app registered there once,
 * OAuth with PKCE); instances that are not https origins of a public host are
 * refused in words before anything is sent; a status with an image (alt text,
 * content warning, visibility, language), a thread with a poll and a first comment
 * are published once each with their links; the instance's own limit is read from
 * it; an edit changes the status in place; delete removes every status of a thread.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { type FixtureServer, png, startFixtureServer } from '../../src/media/testing.ts';
import { forgetInstanceLimits } from '../../src/platforms/mastodon/limits.ts';
import { type Simulator, startSimulator } from '../../src/simulator/index.ts';
import { SIM_MASTODON_DOMAIN, setInstanceLimits } from '../../src/simulator/platforms/mastodon/entities.ts';
import { SIM_MASTODON_ACCOUNT } from '../../src/simulator/platforms/mastodon/platform.ts';
import { authorize, visitService } from '../connect/helpers.ts';
import { forEachDatabase, startTestService, type TestService } from '../harness.ts';
import { until } from '../shared-store.ts';

const FINAL = ['published', 'partial', 'failed'];

forEachDatabase('Mastodon end to end', (dialect) => {
  let t: TestService;
  let sim: Simulator;
  let fixtures: FixtureServer;
  let accountId: string;

  before(async () => {
    forgetInstanceLimits();
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
    forgetInstanceLimits();
  });

  const connect = async (query = '') => {
    const start = await t.request(
      'GET',
      `/v1/connect/mastodon?redirectUri=https://client.example/done${query}`,
    );
    assert.equal(start.status, 200, start.text);
    const url = new URL(start.body.url);
    assert.equal(url.searchParams.get('code_challenge_method'), 'S256', 'PKCE');
    const done = await visitService(t, await authorize(url.toString()));
    assert.equal(done.status, 302, done.text);
    return new URL(String(done.headers.location));
  };
  const publish = async (body: Record<string, unknown>) => {
    const res = await t.request('POST', '/v1/posts', { publishNow: true, ...body });
    assert.equal(res.status, 202, res.text);
    const postId = res.body.postId as string;
    const read = async () => (await t.request('GET', `/v1/posts/${postId}`)).body.post;
    await until(async () => FINAL.includes((await read()).status), 20_000);
    return { postId, post: await read() };
  };
  const statuses = (text: string) =>
    sim.state.listPosts('mastodon', { where: (p) => p.data.status === text });
  // The simulator seeds a sandbox app on every platform; the ones the service registered are the others.
  const apps = () =>
    [...sim.state.apps.values()].filter(
      (a) => a.platform === 'mastodon' && a.clientId !== 'sim-mastodon-client',
    );

  it('connects on the sandbox instance, registering the app there once', async () => {
    const done = await connect();
    accountId = done.searchParams.get('integrationId') ?? '';
    assert.ok(accountId, done.toString());
    const again = await connect();
    assert.equal(
      again.searchParams.get('integrationId'),
      accountId,
      'the same account, the same integration',
    );
    assert.equal(apps().length, 1, 'one app on the instance');
    const read = await t.request('GET', `/v1/connect/integrations/${accountId}`);
    assert.equal(read.status, 200, read.text);
    const i = read.body.integration;
    assert.equal(i.platform, 'mastodon');
    assert.equal(i.platformUserId, `${SIM_MASTODON_ACCOUNT}@${new URL(sim.url).host}`);
    assert.equal(i.username, 'sim_mastodon');
    assert.equal(i.health?.status === undefined || typeof i.health.status === 'string', true);
  });

  it('refuses an instance that is not the https address of a public host, saying why', async () => {
    const cases: [string, RegExp][] = [
      ['http://mastodon.example', /https/],
      ['https://user:secret@mastodon.example', /user name or password/],
      ['https://mastodon.example/some/path?x=1', /without a path/],
      ['https://localhost', /this machine/],
      ['https://intranet', /not a public host name/],
      ['ftp://mastodon.example', /https/],
    ];
    for (const [instance, problem] of cases) {
      const res = await t.request('GET', `/v1/connect/mastodon?instance=${encodeURIComponent(instance)}`);
      assert.equal(res.status, 400, `${instance}: ${res.text}`);
      assert.match(JSON.stringify(res.body), problem, instance);
    }
    // A literal address the outbound filter refuses: nothing is sent, the refusal is in words.
    const meta = await t.request(
      'GET',
      `/v1/connect/mastodon?instance=${encodeURIComponent('https://169.254.169.254')}`,
    );
    assert.equal(meta.status, 502, meta.text);
    assert.match(JSON.stringify(meta.body), /Could not register on the Mastodon instance/);
    // Hosts that are not Mastodon instances store no app, but the tries are bounded all the same.
    let limited = false;
    for (let i = 0; i < 40 && !limited; i++) {
      const res = await t.request(
        'GET',
        `/v1/connect/mastodon?instance=${encodeURIComponent(`https://169.254.169.${i + 1}`)}`,
      );
      limited = res.status === 429;
      if (!limited) assert.equal(res.status, 502, res.text);
    }
    assert.ok(limited, 'registration tries are bounded per project');
    const other = await t.request('GET', '/v1/connect/twitter?instance=https://mastodon.social');
    assert.equal(other.status, 400);
    const byok = await t.request('GET', '/v1/connect/mastodon?appId=app_x');
    assert.equal(byok.status, 400);
    assert.match(JSON.stringify(byok.body), /appId is not used/);
  });

  it('publishes a status with an image, alt text and a content warning, once, with its link', async () => {
    const text = `Mastodon image ${dialect} ${Date.now()}`;
    const image = fixtures.set(`/md/${dialect}-1.png`, png(200, 100), 'image/png');
    const { post } = await publish({
      content: text,
      mediaItems: [{ type: 'image', url: image }],
      platforms: [
        {
          platform: 'mastodon',
          accountId,
          platformSpecificData: {
            altText: ['A small test image'],
            spoilerText: 'Test content',
            sensitive: true,
            visibility: 'unlisted',
            language: 'de',
          },
        },
      ],
    });
    assert.equal(post.status, 'published', JSON.stringify(post.platforms));
    const [status] = statuses(text);
    assert.ok(status);
    assert.equal(statuses(text).length, 1);
    assert.equal(status.data.spoiler_text, 'Test content');
    assert.equal(status.data.sensitive, true);
    assert.equal(status.data.visibility, 'unlisted');
    assert.equal(status.data.language, 'de');
    const media = sim.state
      .collection<{ description: string }>('mastodon', 'media')
      .get((status.data.media as string[])[0]!);
    assert.equal(media?.description, 'A small test image');
    assert.equal(
      post.platforms[0].platformPostUrl,
      `https://${SIM_MASTODON_DOMAIN}/@sim_mastodon/${status.id}`,
    );
    assert.ok(status.data.idempotencyKey, 'the create carried an Idempotency-Key');
  });

  it('publishes a thread with a poll as replies and the first comment under the last one; delete removes all', async () => {
    const root = `Mastodon thread ${dialect} ${Date.now()}`;
    const reply = `${root} (2)`;
    const comment = `${root} (comment)`;
    const { postId, post } = await publish({
      content: root,
      firstComment: comment,
      platforms: [
        {
          platform: 'mastodon',
          accountId,
          platformSpecificData: {
            poll: { options: ['yes', 'no'], expiresInSeconds: 3600 },
            threadItems: [{ content: reply }],
          },
        },
      ],
    });
    assert.equal(post.status, 'published', JSON.stringify(post.platforms));
    const [first] = statuses(root);
    const [second] = statuses(reply);
    assert.ok(first && second);
    assert.deepEqual((first.data.poll as { options: string[] }).options, ['yes', 'no']);
    assert.equal(second.data.in_reply_to_id, first.id);
    await until(() => statuses(comment).length === 1, 20_000);
    assert.equal(statuses(comment)[0]!.data.in_reply_to_id, second.id);
    const del = await t.request('DELETE', `/v1/posts/${postId}?deleteFromPlatforms=true`);
    assert.equal(del.status, 200, del.text);
    assert.equal(sim.state.getPost('mastodon', first.id)?.deleted, true);
    assert.equal(sim.state.getPost('mastodon', second.id)?.deleted, true);
  });

  it("judges text, media and the first comment by the instance's own limits at create", async () => {
    const long = `${'l'.repeat(700)} ${dialect} ${Date.now()}`;
    const comment = `${'c'.repeat(700)} ${dialect}`;
    // An instance that allows 1,000 characters takes a 700-character status and first comment.
    setInstanceLimits(sim, { max_characters: 1000 });
    forgetInstanceLimits();
    const ok = await publish({
      content: long,
      firstComment: comment,
      platforms: [{ platform: 'mastodon', accountId }],
    });
    assert.equal(ok.post.status, 'published', JSON.stringify(ok.post.platforms));
    await until(() => statuses(comment).length === 1, 20_000);
    // One that allows 500 (and 2 media items) refuses each at create, in words, before anything is sent.
    setInstanceLimits(sim, { max_characters: 500, max_media_attachments: 2 });
    forgetInstanceLimits();
    const sent = sim.calls.list({
      platform: 'mastodon',
      method: 'POST',
      path: /\/api\/v1\/statuses$/,
    }).length;
    const tooLong = await t.request('POST', '/v1/posts', {
      content: `${long} again`,
      platforms: [{ platform: 'mastodon', accountId }],
      publishNow: true,
    });
    assert.equal(tooLong.status, 400, tooLong.text);
    assert.match(
      tooLong.body.message,
      /platforms\[0\] \(mastodon\): the post's content is \d+ characters.*; this instance takes at most 500/,
    );
    const longComment = await t.request('POST', '/v1/posts', {
      content: 'short',
      firstComment: comment,
      platforms: [{ platform: 'mastodon', accountId }],
      publishNow: true,
    });
    assert.equal(longComment.status, 400, longComment.text);
    assert.match(
      longComment.body.message,
      /firstComment is \d+ characters on this instance; the limit is 500/,
    );
    const images = [1, 2, 3].map((i) => ({
      type: 'image',
      url: fixtures.set(`/md/${dialect}-count-${i}.png`, png(20, 20), 'image/png'),
    }));
    const tooMany = await t.request('POST', '/v1/posts', {
      content: 'three images',
      mediaItems: images,
      platforms: [{ platform: 'mastodon', accountId }],
      publishNow: true,
    });
    assert.equal(tooMany.status, 400, tooMany.text);
    assert.match(tooMany.body.message, /has 3 media items; this instance takes at most 2/);
    // Validate answers what create would.
    const checked = await t.request('POST', '/v1/posts/validate', {
      content: 'three images',
      mediaItems: images,
      platforms: [{ platform: 'mastodon', accountId }],
      publishNow: true,
    });
    assert.equal(checked.body.valid, false, checked.text);
    assert.match(checked.body.message, /this instance takes at most 2/);
    assert.equal(
      sim.calls.list({ platform: 'mastodon', method: 'POST', path: /\/api\/v1\/statuses$/ }).length,
      sent,
      'nothing was sent',
    );
    // An instance that can not be read: the limits kept on the account at connect (500) judge it.
    setInstanceLimits(sim, { max_characters: 1000 });
    forgetInstanceLimits();
    const down = sim.faults.add({
      platform: 'mastodon',
      method: 'GET',
      path: '/api/v2/instance',
      status: 503,
    });
    try {
      const kept = await t.request('POST', '/v1/posts', {
        content: `${long} while the instance is down`,
        platforms: [{ platform: 'mastodon', accountId }],
        publishNow: true,
      });
      assert.equal(kept.status, 400, kept.text);
      assert.match(kept.body.message, /this instance takes at most 500/);
    } finally {
      sim.faults.remove(down);
    }
    setInstanceLimits(sim, {});
    forgetInstanceLimits();
  });

  it('refuses at create what no instance takes', async () => {
    const bad = await t.request('POST', '/v1/posts', {
      content: 'poll and media',
      mediaItems: [{ type: 'image', url: 'https://example.com/a.png' }],
      platforms: [
        {
          platform: 'mastodon',
          accountId,
          platformSpecificData: { poll: { options: ['a', 'b'], expiresInSeconds: 600 }, pinned: true },
        },
      ],
      publishNow: true,
    });
    assert.equal(bad.status, 400);
    assert.match(JSON.stringify(bad.body), /poll can not go with media/);
    assert.match(JSON.stringify(bad.body), /pinned/);
  });

  it('edits a published status in place', async () => {
    const text = `Mastodon edit ${dialect} ${Date.now()}`;
    const { postId } = await publish({ content: text, platforms: [{ platform: 'mastodon', accountId }] });
    const edited = `${text} (edited)`;
    const res = await t.request('PATCH', `/v1/posts/${postId}/published`, { content: edited });
    assert.ok(res.status < 300, res.text);
    await until(() => statuses(edited).length === 1, 20_000);
    assert.equal(statuses(edited)[0]!.data.edited_at !== null, true);
  });

  it('revokes the token on its instance when the account is disconnected', async () => {
    const token = sim.state
      .tokensWhere({ platform: 'mastodon' })
      .filter((x) => !x.revoked && x.clientId !== 'sim-mastodon-client');
    assert.ok(token.length > 0);
    const res = await t.request('DELETE', `/v1/connect/integrations/${accountId}`);
    assert.ok(res.status < 300, res.text);
    await until(() => sim.state.tokensWhere({ platform: 'mastodon' }).some((x) => x.revoked), 20_000);
    sim.contracts.assertNone('mastodon');
  });
});
