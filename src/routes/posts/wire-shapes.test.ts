/**
 * Post records as clients of the contract validate them: every media item has an
 * integer `size` and a string `mimeType` from the moment the post is created
 * (scheduled posts included), `thumbnail` when the request gave one, per-target
 * `content` null without an override; media at addresses publishing would refuse
 * are refused at create; and a body with an unknown field lists every problem.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { forEachDatabase, startTestService, type TestService } from '../../../test/harness.ts';
import { addIntegration, FUTURE } from '../../../test/posts-fixtures.ts';
import { compileBodyCheck } from '../../http/validation.ts';
import { type FixtureServer, mp4Stub, png, startFixtureServer } from '../../media/testing.ts';
import { PostSchema } from './schemas.ts';

forEachDatabase('post records on the wire', (dialect) => {
  let t: TestService;
  let fixtures: FixtureServer;
  let tw: string;
  let pin: string;
  before(async () => {
    fixtures = await startFixtureServer();
    // The harness allows loopback media (OUTBOUND_ALLOWLIST), so the fixture server is reachable.
    t = await startTestService(dialect, { settings: { ROLE: 'api', PUBLISH_WAIT_MS: '0' } });
    tw = await addIntegration(t.ctx, t.projectId, 'twitter');
    pin = await addIntegration(t.ctx, t.projectId, 'pinterest');
  });
  after(async () => {
    await t.close();
    await fixtures.close();
  });

  it('records size and mimeType at create, and thumbnail, in the read and in every list', async () => {
    const video = mp4Stub(5000);
    const url = fixtures.set('/m/clip.mp4', video, 'video/mp4');
    const thumb = fixtures.set('/m/thumb.png', png(640, 360), 'image/png');
    const res = await t.request('POST', '/v1/posts', {
      content: 'with media',
      mediaItems: [{ type: 'video', url, thumbnail: thumb }],
      platforms: [{ platform: 'twitter', accountId: tw }],
      scheduledFor: FUTURE,
    });
    assert.equal(res.status, 202, res.text);
    const expected = {
      type: 'video',
      url,
      thumbnail: thumb,
      filename: 'clip.mp4',
      size: video.length,
      mimeType: 'video/mp4',
    };
    const read = (await t.request('GET', `/v1/posts/${res.body.postId}`)).body.post;
    assert.deepEqual(read.mediaItems, [expected]);
    assert.equal(read.platforms[0].content, null, 'no override: the top-level content applies');
    // The scheduled list's items are exactly {type, url, thumbnail?} (scheduled-list.ts).
    for (const [list, items] of [
      ['/v1/posts?limit=100', [expected]],
      ['/v1/posts/scheduled?limit=100', [{ type: 'video', url, thumbnail: thumb }]],
    ] as const) {
      const found = (await t.request('GET', list)).body.posts.find(
        (p: { postId: string }) => p.postId === res.body.postId,
      );
      assert.deepEqual(found?.mediaItems, items, list);
    }
  });

  it('takes the size from a server that ignores byte ranges (its Content-Length)', async () => {
    const whole = png(320, 200);
    const noRanges = fixtures.set('/no-ranges/still.png', whole, 'image/png');
    const res = await t.request('POST', '/v1/posts', {
      content: 'whole file answers',
      mediaItems: [{ type: 'image', url: noRanges }],
      platforms: [{ platform: 'twitter', accountId: tw }],
      scheduledFor: FUTURE,
    });
    assert.equal(res.status, 202, res.text);
    const read = (await t.request('GET', `/v1/posts/${res.body.postId}`)).body.post;
    assert.equal(read.mediaItems[0].size, whole.length);
    assert.equal(read.mediaItems[0].mimeType, 'image/png');
  });

  it('answers records its documented Post schema accepts; rawRequestBody is the create request as sent', async () => {
    const url = fixtures.set('/m/photo.png', png(800, 600), 'image/png');
    const request = {
      content: 'record shape',
      mediaItems: [{ type: 'image', url }],
      platforms: [
        {
          platform: 'twitter',
          accountId: tw,
          content: 'own text',
          platformSpecificData: { replySettings: 'following' },
        },
        { platform: 'pinterest', accountId: pin, platformSpecificData: { boardId: 'b1', title: 'A pin' } },
      ],
      scheduledFor: FUTURE,
      timezone: 'Europe/Berlin',
    };
    const res = await t.request('POST', '/v1/posts', request);
    assert.equal(res.status, 202, res.text);
    const read = (await t.request('GET', `/v1/posts/${res.body.postId}`)).body.post;
    assert.deepEqual(read.rawRequestBody, request);
    const check = compileBodyCheck(PostSchema);
    assert.ok(check(structuredClone(read)), JSON.stringify(check.errors));
  });

  it('guesses the type from the name when the media server can not be reached', async () => {
    const unreachable = 'https://media.invalid/clips/intro.mp4';
    const res = await t.request('POST', '/v1/posts', {
      content: 'later',
      mediaItems: [{ type: 'video', url: unreachable }],
      platforms: [{ platform: 'twitter', accountId: tw, content: 'own text' }],
      scheduledFor: FUTURE,
    });
    assert.equal(res.status, 202, res.text);
    const read = (await t.request('GET', `/v1/posts/${res.body.postId}`)).body.post;
    assert.equal(read.mediaItems[0].size, 0);
    assert.equal(read.mediaItems[0].mimeType, 'video/mp4');
    assert.equal('thumbnail' in read.mediaItems[0], false);
    assert.equal(read.platforms[0].content, 'own text');
  });

  it('refuses media at private, loopback, link-local and metadata addresses at create', async () => {
    // A service without the loopback allow-list: the outbound client's rule applies as when publishing.
    const strict = await startTestService(dialect, {
      settings: { ROLE: 'api', PUBLISH_WAIT_MS: '0', OUTBOUND_ALLOWLIST: '' },
    });
    try {
      const account = await addIntegration(strict.ctx, strict.projectId, 'twitter');
      for (const host of ['10.1.2.3', '127.0.0.1', '169.254.169.254', '[::1]', '192.168.0.7']) {
        const res = await strict.request('POST', '/v1/posts', {
          content: 'x',
          mediaItems: [{ type: 'image', url: `http://${host}/a.png` }],
          platforms: [{ platform: 'twitter', accountId: account }],
          scheduledFor: FUTURE,
        });
        assert.equal(res.status, 400, `${host}: ${res.text}`);
        assert.match(res.body.message, /mediaItems\[0\]\.url can not be used: .*not a public address/, host);
      }
      const thumb = await strict.request('POST', '/v1/posts', {
        content: 'x',
        mediaItems: [
          { type: 'video', url: 'https://media.invalid/v.mp4', thumbnail: 'http://10.0.0.1/t.png' },
        ],
        platforms: [{ platform: 'twitter', accountId: account }],
        scheduledFor: FUTURE,
      });
      assert.equal(thumb.status, 400);
      assert.match(thumb.body.message, /mediaItems\[0\]\.thumbnail can not be used/);
      const stored = await strict.ctx.store.db.selectFrom('posts').select('id').execute();
      assert.equal(stored.length, 0, 'nothing stored');
    } finally {
      await strict.close();
    }
    // The allow-list still applies: loopback is allowed in this service.
    const allowed = await t.request('POST', '/v1/posts', {
      content: 'x',
      mediaItems: [{ type: 'image', url: fixtures.set('/ok.png', png(8, 8), 'image/png') }],
      platforms: [{ platform: 'twitter', accountId: tw }],
      scheduledFor: FUTURE,
    });
    assert.equal(allowed.status, 202, allowed.text);
  });

  it('refuses at create a media URL whose server says there is no file there (404, 410)', async () => {
    for (const status of [404, 410]) {
      const res = await t.request('POST', '/v1/posts', {
        content: `gone ${status}`,
        mediaItems: [{ type: 'image', url: `${fixtures.url}/status/${status}` }],
        platforms: [{ platform: 'twitter', accountId: tw }],
        scheduledFor: FUTURE,
      });
      assert.equal(res.status, 400, res.text);
      assert.match(res.body.message, new RegExp(`mediaItems\\[0\\]\\.url can not be used: .*${status}`));
    }
    const missing = await t.request('POST', '/v1/posts', {
      content: 'missing file',
      mediaItems: [{ type: 'image', url: `${fixtures.url}/nothing-here.png` }],
      platforms: [{ platform: 'twitter', accountId: tw }],
      scheduledFor: FUTURE,
    });
    assert.equal(missing.status, 400, missing.text);
    // A server error may be over by the time of publishing: accepted, as before.
    const failing = await t.request('POST', '/v1/posts', {
      content: 'server error',
      mediaItems: [{ type: 'image', url: `${fixtures.url}/status/503` }],
      platforms: [{ platform: 'twitter', accountId: tw }],
      scheduledFor: FUTURE,
    });
    assert.equal(failing.status, 202, failing.text);
  });

  it('lists the unknown field and the platform problems in one answer', async () => {
    const res = await t.request('POST', '/v1/posts', {
      content: 'x',
      extra: 1,
      platforms: [{ platform: 'pinterest', accountId: pin, platformSpecificData: { title: 'no board' } }],
      scheduledFor: FUTURE,
    });
    assert.equal(res.status, 400);
    assert.match(res.body.message, /extra is not allowed/);
    assert.match(res.body.message, /platforms\[0\] \(pinterest\): platformSpecificData\.boardId is required/);
    assert.match(res.body.message, /a Pinterest pin needs an image or a video/);
    const stored = await t.ctx.store.db.selectFrom('posts').select('id').where('content', '=', 'x').execute();
    assert.equal(stored.length, 1, 'only the post of the allow-list test was stored');
  });
});
