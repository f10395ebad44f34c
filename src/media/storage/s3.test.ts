/**
 * The S3 driver against a real S3-compatible server on loopback (s3rver, in
 * process, port 0), through the service on SQLite and PostgreSQL: a presigned PUT
 * bound to the announced type and size, the public object URL, AI images stored
 * in the bucket, the upload confirmed when a post first uses it (its image or
 * video facts read from the bucket then), and retention deleting from the bucket.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, it } from 'node:test';
import S3rver from 's3rver';
import { forEachDatabase, startTestService, type TestService } from '../../../test/harness.ts';
import { addIntegration } from '../../../test/posts-fixtures.ts';
import { connectSimulated } from '../../../test/publishing-e2e.ts';
import { sweepUploadedMedia } from '../../domain/media-uploads/retention.ts';
import { type Simulator, startSimulator } from '../../simulator/index.ts';
import { mp4Stub, png } from '../testing.ts';

const DAY = 24 * 60 * 60 * 1000;

const ffmpeg = (args: string[]) =>
  new Promise<boolean>((resolve) =>
    execFile('ffmpeg', ['-y', '-loglevel', 'error', ...args], { timeout: 60_000 }, (err) => resolve(!err)),
  );

forEachDatabase('media on an S3-compatible store', (dialect) => {
  let s3: S3rver;
  let dir: string;
  let endpoint: string;
  let sim: Simulator;
  let t: TestService;

  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 's3rver-'));
    s3 = new S3rver({
      port: 0,
      address: '127.0.0.1',
      silent: true,
      directory: dir,
      configureBuckets: [{ name: 'media', configs: [] }],
    });
    const { port } = await s3.run();
    endpoint = `http://127.0.0.1:${port}`;
    sim = await startSimulator();
    t = await startTestService(dialect, {
      settings: {
        MEDIA_STORAGE: 's3',
        S3_ENDPOINT: endpoint,
        S3_BUCKET: 'media',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_FORCE_PATH_STYLE: 'true',
        SIMULATOR_URL: sim.url,
        JOBS_POLL_MS: '20',
        PUBLISH_WAIT_MS: '15000',
      },
    });
  });
  after(async () => {
    await t.close();
    await sim.close();
    await s3.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const ask = async (body: unknown) => {
    const res = await t.request('POST', '/v1/media/upload', body);
    assert.equal(res.status, 200, res.text);
    return res.body.data as { uploadUrl: string; publicUrl: string; expiresAt: string };
  };

  it('hands out a presigned PUT to the bucket, signed over the announced type and size', async () => {
    const image = png(100, 80, 3000);
    const { uploadUrl, publicUrl } = await ask({
      filename: 'Shop Front.png',
      mimeType: 'image/png',
      size: image.length,
    });
    assert.ok(uploadUrl.startsWith(`${endpoint}/media/media/media_`), uploadUrl);
    // S3, MinIO and R2 refuse a PUT whose signed headers differ (s3rver does not check V4 signatures,
    // so the binding is asserted on the URL, and the service checks what arrived: next test).
    assert.equal(
      new URL(uploadUrl).searchParams.get('X-Amz-SignedHeaders'),
      'content-length;content-type;host',
    );
    const lifetime = Number(new URL(uploadUrl).searchParams.get('X-Amz-Expires'));
    assert.ok(
      lifetime > 890 && lifetime <= 900,
      `expires in ${lifetime} s, as MEDIA_UPLOAD_URL_TTL_SECONDS says`,
    );
    assert.match(publicUrl, new RegExp(`^${endpoint}/media/media/media_[0-9a-z]{25}/Shop-Front.png$`));

    const put = await fetch(uploadUrl, {
      method: 'PUT',
      body: image,
      headers: { 'content-type': 'image/png' },
    });
    assert.equal(put.status, 200, await put.text());
    const key = new URL(publicUrl).pathname.replace('/media/', '');
    const stored = await t.ctx.mediaStore.stat(key);
    assert.equal(stored?.size, image.length);
    assert.equal(stored?.contentType, 'image/png');
    const read = await fetch(publicUrl);
    assert.deepEqual(Buffer.from(await read.arrayBuffer()), image);
  });

  let accountId = '';
  it('refuses a bucket upload whose bytes are not the announced type or size when a post uses it', async () => {
    accountId = await connectSimulated(t, sim, 'twitter', '1500000000000000001');
    const post = (url: string) =>
      t.request('POST', '/v1/posts', {
        content: 'checked',
        mediaItems: [{ type: 'image', url }],
        platforms: [{ platform: 'twitter', accountId }],
        publishNow: true,
      });
    const notImage = mp4Stub(4000);
    const typed = await ask({ filename: 'fake.png', mimeType: 'image/png', size: notImage.length });
    await fetch(typed.uploadUrl, { method: 'PUT', body: notImage, headers: { 'content-type': 'image/png' } });
    const res = await post(typed.publicUrl);
    assert.equal(res.status, 400, res.text);
    assert.match(res.body.message, /holds video\/mp4, not image\/png as announced/);

    const sized = await ask({ filename: 'small.png', mimeType: 'image/png', size: 99_999 });
    await fetch(sized.uploadUrl, {
      method: 'PUT',
      body: png(8, 8),
      headers: { 'content-type': 'image/png' },
    });
    const wrong = await post(sized.publicUrl);
    assert.equal(wrong.status, 400, wrong.text);
    assert.match(wrong.body.message, /99999 were announced/);
  });

  it('publishes an image uploaded to the bucket, confirming the upload when the post uses it', async () => {
    const image = png(200, 100, 5000);
    const { uploadUrl, publicUrl } = await ask({
      filename: 'post.png',
      mimeType: 'image/png',
      size: image.length,
    });
    const body = {
      content: `From the bucket ${dialect} ${Date.now()}`,
      mediaItems: [{ type: 'image', url: publicUrl }],
      platforms: [{ platform: 'twitter', accountId }],
      publishNow: true,
    };
    const early = await t.request('POST', '/v1/posts', body);
    assert.equal(early.status, 400, 'not in the bucket yet');
    assert.equal(
      (await fetch(uploadUrl, { method: 'PUT', body: image, headers: { 'content-type': 'image/png' } }))
        .status,
      200,
    );
    const res = await t.request('POST', '/v1/posts', body);
    assert.equal(res.status, 202, res.text);
    assert.equal(res.body.status, 'published', JSON.stringify(res.body));
    const row = await t.ctx.store.db
      .selectFrom('media_uploads')
      .selectAll()
      .where('public_url', '=', publicUrl)
      .executeTakeFirstOrThrow();
    assert.equal(row.status, 'uploaded');
    assert.equal(Number(row.size), image.length);
  });

  it("reads an uploaded image's dimensions and an MP4's header boxes from the bucket when a post first uses them", async () => {
    const tallImage = png(1000, 3000, 5000);
    const dir = mkdtempSync(join(tmpdir(), 's3-facts-'));
    // About 500 KB, the moov after the mdat (as ffmpeg writes it): read by a Range GET past the first 64 KB.
    const made = await ffmpeg([
      ...['-f', 'lavfi', '-i', 'testsrc2=size=240x720:rate=25:duration=4'],
      ...['-pix_fmt', 'yuv420p', '-c:v', 'libx264', '-b:v', '1M', join(dir, 'tall.mp4')],
    ]);
    assert.ok(made, 'ffmpeg made it');
    const tallVideo = readFileSync(join(dir, 'tall.mp4'));
    assert.ok(
      tallVideo.length > 200_000 && tallVideo.indexOf('moov') > 64 * 1024,
      'the moov is past the head',
    );
    rmSync(dir, { recursive: true, force: true });
    const send = async (bytes: Buffer, filename: string, mimeType: string) => {
      const { uploadUrl, publicUrl } = await ask({ filename, mimeType, size: bytes.length });
      const put = await fetch(uploadUrl, {
        method: 'PUT',
        body: bytes,
        headers: { 'content-type': mimeType },
      });
      assert.equal(put.status, 200);
      return publicUrl;
    };
    const imageUrl = await send(tallImage, 'tall.png', 'image/png');
    const videoUrl = await send(tallVideo, 'tall.mp4', 'video/mp4');
    const ig = await addIntegration(t.ctx, t.projectId, 'instagram');
    const pin = await addIntegration(t.ctx, t.projectId, 'pinterest');
    const check = (type: string, url: string, target: object) =>
      t.request('POST', '/v1/posts/validate', {
        content: 'tall',
        mediaItems: [{ type, url }],
        platforms: [target],
        mediaProcessing: 'off',
        publishNow: true,
      });
    const image = await check('image', imageUrl, { platform: 'instagram', accountId: ig });
    assert.equal(image.body.valid, false, image.text);
    assert.match(
      image.body.message,
      /mediaItems\[0\] is 1000×3000 \(1:3\); Instagram feed images must be between 4:5/,
    );
    const video = await check('video', videoUrl, {
      platform: 'pinterest',
      accountId: pin,
      platformSpecificData: { boardId: 'b1' },
    });
    assert.equal(video.body.valid, false, video.text);
    assert.match(
      video.body.message,
      /mediaItems\[0\] is 240×720 \(1:3\); Pinterest video pins must be between 1:2/,
    );
    const rows = await t.ctx.store.db
      .selectFrom('media_uploads')
      .selectAll()
      .where('public_url', 'in', [imageUrl, videoUrl])
      .execute();
    const row = (url: string) => rows.find((r) => r.public_url === url);
    assert.deepEqual(
      [row(imageUrl)?.status, row(imageUrl)?.width, row(imageUrl)?.height],
      ['uploaded', 1000, 3000],
    );
    assert.deepEqual(
      [row(videoUrl)?.status, row(videoUrl)?.width, row(videoUrl)?.video_codec],
      ['uploaded', 240, 'h264'],
    );
  });

  it('stores AI images in the bucket, and retention deletes unused objects from it', async () => {
    const res = await t.request('POST', '/v1/ai/image', { description: 'a bucket of paint' });
    assert.equal(res.status, 200, res.text);
    assert.ok(String(res.body.url).startsWith(`${endpoint}/media/media/`));
    const stored = await t.ctx.store.db
      .selectFrom('media_uploads')
      .selectAll()
      .where('public_url', '=', res.body.url)
      .executeTakeFirstOrThrow();
    assert.ok(stored.width && stored.height, 'its dimensions are recorded with it');
    const key = new URL(res.body.url).pathname.replace('/media/', '');
    assert.ok(await t.ctx.mediaStore.stat(key));
    const swept = await sweepUploadedMedia(t.ctx, new Date(Date.now() + 31 * DAY));
    assert.ok(swept.deleted >= 1);
    assert.equal(await t.ctx.mediaStore.stat(key), undefined, 'the object is gone from the bucket');
  });
});
