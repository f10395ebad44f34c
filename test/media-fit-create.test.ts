/**
 * Media against each platform's rules at create and validate (media/rules.ts,
 * platforms/media-check.ts): an image whose header says 1000×3000 PNG is refused
 * for Instagram with `mediaProcessing: "off"`, in words, by create and validate
 * alike; with `"auto"` validate reports the conversion instead, and a URL that
 * answers 404 is refused by validate exactly as by create. A video URL's frame and
 * length come from its MP4 header boxes (ranged reads at create): a 1:3 H.264 MP4 is
 * refused for Pinterest with "off", and validate reports its padding with "auto".
 */
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, it } from 'node:test';
import { type FixtureServer, png, realMp4, startFixtureServer } from '../src/media/testing.ts';
import { forEachDatabase, startTestService, type TestService } from './harness.ts';
import { addIntegration, FUTURE, postTablesSnapshot } from './posts-fixtures.ts';

forEachDatabase('media rules at create and validate', (dialect) => {
  let t: TestService;
  let fixtures: FixtureServer;
  let ig: string;
  let pin: string;
  let tall: string;
  let tallVideo: string;
  let shortVideo: string;
  before(async () => {
    fixtures = await startFixtureServer();
    tall = fixtures.set('/tall.png', png(1000, 3000), 'image/png');
    // Real H.264 MP4s (moov after mdat, as ffmpeg writes by default): 1:3 for 4 s, and 4:3 for 2 s.
    const dir = await mkdtemp(join(tmpdir(), 'fit-create-'));
    assert.ok(await realMp4(join(dir, 'tall.mp4'), { seconds: 4, size: '240x720' }), 'ffmpeg made it');
    assert.ok(await realMp4(join(dir, 'short.mp4'), { seconds: 2, size: '320x240' }), 'ffmpeg made it');
    tallVideo = fixtures.set('/tall.mp4', await readFile(join(dir, 'tall.mp4')), 'video/mp4');
    shortVideo = fixtures.set('/short.mp4', await readFile(join(dir, 'short.mp4')), 'video/mp4');
    await rm(dir, { recursive: true, force: true });
    t = await startTestService(dialect, {
      settings: { ROLE: 'api', PUBLISH_WAIT_MS: '0', OUTBOUND_ALLOWLIST: '127.0.0.1' },
    });
    ig = await addIntegration(t.ctx, t.projectId, 'instagram');
    pin = await addIntegration(t.ctx, t.projectId, 'pinterest');
  });
  after(async () => {
    await t.close();
    await fixtures.close();
  });

  const body = (more: object = {}) => ({
    content: 'Tall',
    mediaItems: [{ type: 'image', url: tall }],
    platforms: [
      { platform: 'instagram', accountId: ig },
      { platform: 'pinterest', accountId: pin, platformSpecificData: { boardId: 'b1' } },
    ],
    scheduledFor: FUTURE,
    ...more,
  });

  it('"off": create refuses what Instagram would refuse, naming the number and the limit; Pinterest takes it', async () => {
    const before = await postTablesSnapshot(t.ctx);
    const res = await t.request('POST', '/v1/posts', body({ mediaProcessing: 'off' }));
    assert.equal(res.status, 400, res.text);
    assert.match(
      res.body.message,
      /platforms\[0\] \(instagram\): mediaItems\[0\] is image\/png; Instagram feed images must be JPEG/,
    );
    assert.match(
      res.body.message,
      /platforms\[0\] \(instagram\): mediaItems\[0\] is 1000×3000 \(1:3\); Instagram feed images must be between 4:5 and 1\.91:1 \(mediaProcessing is "off"/,
    );
    assert.doesNotMatch(res.body.message, /pinterest/);
    assert.deepEqual(await postTablesSnapshot(t.ctx), before, 'nothing stored');
  });

  it('validate answers exactly what create would, and with "auto" lists the conversions it would make', async () => {
    const off = await t.request('POST', '/v1/posts/validate', body({ mediaProcessing: 'off' }));
    const create = await t.request('POST', '/v1/posts', body({ mediaProcessing: 'off' }));
    assert.equal(off.body.status, 400);
    assert.equal(off.body.message, create.body.message);
    assert.deepEqual(off.body.conversions, []);
    const auto = await t.request('POST', '/v1/posts/validate', body());
    assert.equal(auto.status, 200, auto.text);
    assert.equal(auto.body.valid, true, auto.text);
    assert.deepEqual(auto.body.conversions, [
      {
        target: 0,
        platform: 'instagram',
        item: 0,
        fit: 'pad',
        description: 'image padded from 1:3 to 4:5 and re-encoded from PNG to JPEG for Instagram',
        frameAspect: 0.8,
      },
    ]);
    const crop = await t.request('POST', '/v1/posts/validate', body({ fit: 'crop' }));
    assert.match(crop.body.conversions[0].description, /^image cropped from 1:3 to 4:5/);
  });

  it('a media URL answering 404 is refused by validate as by create', async () => {
    const gone = body({ mediaItems: [{ type: 'image', url: `${fixtures.url}/status/404` }] });
    const v = await t.request('POST', '/v1/posts/validate', gone);
    const c = await t.request('POST', '/v1/posts', gone);
    assert.equal(c.status, 400, c.text);
    assert.equal(v.body.valid, false);
    assert.equal(v.body.status, 400);
    assert.equal(v.body.message, c.body.message);
    assert.match(v.body.message, /mediaItems\[0\]\.url can not be used: the server answers 404/);
  });

  it('refuses a mediaProcessing or fit that is not one of its values (400)', async () => {
    for (const more of [{ mediaProcessing: 'sometimes' }, { fit: 'stretch' }]) {
      const res = await t.request('POST', '/v1/posts/validate', body(more));
      assert.equal(res.status, 400, res.text);
    }
  });

  const videoBody = (url: string, more: object = {}) => ({
    content: 'Tall video',
    mediaItems: [{ type: 'video', url }],
    platforms: [{ platform: 'pinterest', accountId: pin, platformSpecificData: { boardId: 'b1' } }],
    scheduledFor: FUTURE,
    ...more,
  });

  it('"off": a 1:3 H.264 MP4 URL is refused for Pinterest at create, by its frame read from the header', async () => {
    const before = await postTablesSnapshot(t.ctx);
    const res = await t.request('POST', '/v1/posts', videoBody(tallVideo, { mediaProcessing: 'off' }));
    assert.equal(res.status, 400, res.text);
    assert.match(
      res.body.message,
      /platforms\[0\] \(pinterest\): mediaItems\[0\] is 240×720 \(1:3\); Pinterest video pins must be between 1:2 and 1\.91:1 \(mediaProcessing is "off", so it is not converted\)/,
    );
    assert.deepEqual(await postTablesSnapshot(t.ctx), before, 'nothing stored');
    const v = await t.request('POST', '/v1/posts/validate', videoBody(tallVideo, { mediaProcessing: 'off' }));
    assert.equal(v.body.message, res.body.message, 'validate answers as create');
  });

  it('"auto": validate reports the video\'s padding; one too short is refused whatever the mode', async () => {
    const auto = await t.request('POST', '/v1/posts/validate', videoBody(tallVideo));
    assert.equal(auto.status, 200, auto.text);
    assert.equal(auto.body.valid, true, auto.text);
    assert.deepEqual(auto.body.conversions, [
      {
        target: 0,
        platform: 'pinterest',
        item: 0,
        fit: 'pad',
        description: 'video padded from 1:3 to 1:2 for Pinterest',
        frameAspect: 0.5,
      },
    ]);
    // Stored with the post: the facts the attempt plans its conversion from.
    const created = await t.request('POST', '/v1/posts', videoBody(tallVideo));
    assert.equal(created.status, 202, created.text);
    const row = await t.ctx.store.db
      .selectFrom('posts')
      .select('media')
      .where('id', '=', created.body.postId)
      .executeTakeFirstOrThrow();
    const [stored] = JSON.parse(row.media);
    assert.equal(stored.width, 240);
    assert.equal(stored.height, 720);
    assert.equal(stored.videoCodec, 'h264');
    assert.ok(Math.abs(stored.durationSec - 4) < 0.1, String(stored.durationSec));
    // Lengthening would add what the person did not make: refused at create, in words.
    const short = await t.request('POST', '/v1/posts', videoBody(shortVideo));
    assert.equal(short.status, 400, short.text);
    assert.match(
      short.body.message,
      /mediaItems\[0\] is 2 s long; Pinterest video pins must be at least 4 s/,
    );
  });
});
