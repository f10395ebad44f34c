/**
 * Files uploaded through the service's own upload API are judged at create as the
 * same file at a URL is: their image dimensions and MP4 facts are read once when the
 * upload completes and kept on the upload's row. On SQLite and PostgreSQL, through
 * the simulator: an uploaded 1000×3000 PNG to Instagram's feed and an uploaded 1:3
 * H.264 MP4 to Pinterest are refused at create with `mediaProcessing: "off"`,
 * naming the ratio (an Instagram Reel takes 1:3, so the MP4 is not refused for
 * it); validate with `"auto"` reports each conversion; and with `"auto"` the posts
 * publish with the warning, each simulator taking the derivative where it would
 * refuse the untouched original, and the Reel the original.
 */
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, it } from 'node:test';
import sharp from 'sharp';
import { realMp4 } from '../src/media/testing.ts';
import type { Platform } from '../src/platforms/names.ts';
import { type Simulator, startSimulator } from '../src/simulator/index.ts';
import { forEachDatabase, startTestService, type TestService } from './harness.ts';
import { connectSimulated } from './publishing-e2e.ts';
import { until } from './shared-store.ts';

const ACCOUNTS: Partial<Record<Platform, string>> = {
  instagram: '17841400000000001',
  pinterest: '549755885175',
};
const BOARD = '549755885176';

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

let tallPng: Buffer;
let tallMp4: Buffer;

before(async () => {
  // Real files made here: a 1000×3000 PNG with content, a 4 s 240×720 (1:3) H.264 MP4 (moov after mdat).
  tallPng = await sharp({ create: { width: 1000, height: 3000, channels: 3, background: '#3366cc' } })
    .composite([
      {
        input: Buffer.from(
          '<svg width="1000" height="3000"><circle cx="500" cy="1500" r="400" fill="#ffcc00"/></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();
  const dir = await mkdtemp(join(tmpdir(), 'sps-fit-uploaded-'));
  assert.ok(await realMp4(join(dir, 'tall.mp4'), { seconds: 4, size: '240x720' }), 'ffmpeg made it');
  tallMp4 = await readFile(join(dir, 'tall.mp4'));
  await rm(dir, { recursive: true, force: true });
});

forEachDatabase('uploaded media judged at create by its image and video facts', (dialect) => {
  let t: TestService;
  let sim: Simulator;
  const accountIds: Partial<Record<Platform, string>> = {};
  const url: { png: string; mp4: string } = { png: '', mp4: '' };

  before(async () => {
    sim = await startSimulator();
    sim.state.collection('pinterest', 'settings').set('processingPolls', 0);
    sim.state.collection('instagram', 'settings').set('videoPolls', 0);
    const port = await freePort();
    t = await startTestService(dialect, {
      // Listening: Instagram's simulator fetches the derivatives from the service's own media URLs.
      listen: true,
      settings: {
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        JOBS_POLL_MS: '20',
        PUBLISH_WAIT_MS: '1000',
        OUTBOUND_ALLOWLIST: '127.0.0.1',
        SIMULATOR_URL: sim.url,
      },
    });
    for (const [platform, user] of Object.entries(ACCOUNTS) as [Platform, string][])
      accountIds[platform] = await connectSimulated(t, sim, platform, user);
    url.png = await upload(tallPng, 'tall.png', 'image/png');
    url.mp4 = await upload(tallMp4, 'tall.mp4', 'video/mp4');
  });
  after(async () => {
    await t.close();
    await sim.close();
  });

  /** Uploads the bytes by the signed PUT the service hands out; answers the file's public URL. */
  const upload = async (bytes: Buffer, filename: string, mimeType: string) => {
    const res = await t.request('POST', '/v1/media/upload', { filename, mimeType, size: bytes.length });
    assert.equal(res.status, 200, res.text);
    const u = new URL(res.body.data.uploadUrl);
    const put = await t.service.server!.inject({
      method: 'PUT',
      url: `${u.pathname}${u.search}`,
      payload: bytes,
      headers: { 'content-type': mimeType },
    });
    assert.equal(put.statusCode, 200, put.body);
    return res.body.data.publicUrl as string;
  };

  const instagram = () => ({ platform: 'instagram', accountId: accountIds.instagram });
  const pinterest = () => ({
    platform: 'pinterest',
    accountId: accountIds.pinterest,
    platformSpecificData: { boardId: BOARD },
  });
  const imagePost = (more: object = {}) => ({
    content: `Uploaded tall image ${dialect} ${Date.now()}`,
    mediaItems: [{ type: 'image', url: url.png }],
    platforms: [instagram()],
    publishNow: true,
    ...more,
  });
  const videoPost = (more: object = {}) => ({
    content: `Uploaded tall video ${dialect} ${Date.now()}`,
    mediaItems: [{ type: 'video', url: url.mp4 }],
    platforms: [pinterest(), instagram()],
    publishNow: true,
    ...more,
  });

  it('keeps the facts read at upload on the upload row', async () => {
    const rows = await t.ctx.store.db
      .selectFrom('media_uploads')
      .selectAll()
      .where('public_url', 'in', [url.png, url.mp4])
      .execute();
    const png = rows.find((r) => r.public_url === url.png);
    const mp4 = rows.find((r) => r.public_url === url.mp4);
    assert.deepEqual([png?.width, png?.height, png?.video_codec], [1000, 3000, null]);
    assert.deepEqual([mp4?.width, mp4?.height, mp4?.video_codec], [240, 720, 'h264']);
    assert.ok(Math.abs((mp4?.duration_sec ?? 0) - 4) < 0.1, String(mp4?.duration_sec));
  });

  it('"off": create refuses the uploaded PNG for Instagram and the uploaded MP4 for Pinterest, naming the ratio', async () => {
    const off = { mediaProcessing: 'off' };
    const image = await t.request('POST', '/v1/posts', imagePost(off));
    assert.equal(image.status, 400, image.text);
    assert.match(
      image.body.message,
      /platforms\[0\] \(instagram\): mediaItems\[0\] is 1000×3000 \(1:3\); Instagram feed images must be between 4:5 and 1\.91:1 \(mediaProcessing is "off"/,
    );
    const video = await t.request('POST', '/v1/posts', videoPost(off));
    assert.equal(video.status, 400, video.text);
    assert.match(
      video.body.message,
      /platforms\[0\] \(pinterest\): mediaItems\[0\] is 240×720 \(1:3\); Pinterest video pins must be between 1:2 and 1\.91:1 \(mediaProcessing is "off"/,
    );
    // Instagram Reels take 1:3 (0.01 to 10): only Pinterest refuses it.
    assert.doesNotMatch(video.body.message, /instagram/);
    // Validate answers exactly what create did.
    const checked = await t.request('POST', '/v1/posts/validate', videoPost(off));
    assert.equal(checked.body.valid, false);
    assert.equal(checked.body.message, video.body.message);
  });

  it('"auto": validate reports the conversion of each uploaded file', async () => {
    const image = await t.request('POST', '/v1/posts/validate', imagePost());
    assert.equal(image.status, 200, image.text);
    assert.equal(image.body.valid, true, image.text);
    assert.deepEqual(image.body.conversions, [
      {
        target: 0,
        platform: 'instagram',
        item: 0,
        fit: 'pad',
        description: 'image padded from 1:3 to 4:5 and re-encoded from PNG to JPEG for Instagram',
        frameAspect: 0.8,
      },
    ]);
    const video = await t.request('POST', '/v1/posts/validate', videoPost());
    assert.equal(video.status, 200, video.text);
    assert.equal(video.body.valid, true, video.text);
    assert.deepEqual(video.body.conversions, [
      {
        target: 0,
        platform: 'pinterest',
        item: 0,
        fit: 'pad',
        description: 'video padded from 1:3 to 1:2 for Pinterest',
        frameAspect: 0.5,
      },
    ]);
  });

  type Target = {
    platform: Platform;
    status: string;
    warningMessage?: string | null;
    convertedMedia?: { url: string; mimeType: string; width: number; height: number }[];
  };
  const read = async (postId: string) => (await t.request('GET', `/v1/posts/${postId}`)).body.post;
  const publish = async (body: object): Promise<Record<string, Target>> => {
    const res = await t.request('POST', '/v1/posts', body);
    assert.equal(res.status, 202, res.text);
    const postId = res.body.postId as string;
    await until(
      async () => ['published', 'partial', 'failed'].includes((await read(postId)).status),
      240_000,
    ).catch(async (err) => {
      throw new Error(`${(err as Error).message}: ${JSON.stringify((await read(postId)).platforms)}`);
    });
    const post = await read(postId);
    return Object.fromEntries((post.platforms as Target[]).map((p) => [p.platform, p]));
  };

  it('"auto": the uploaded PNG and MP4 publish with the warning; each simulator takes the derivative', {
    timeout: 600_000,
  }, async () => {
    const imageBody = imagePost();
    const image = await publish(imageBody);
    assert.equal(image.instagram?.status, 'published', JSON.stringify(image));
    assert.equal(
      image.instagram?.warningMessage,
      'image padded from 1:3 to 4:5 and re-encoded from PNG to JPEG for Instagram',
    );
    const [igImage] = sim.state.listPosts('instagram', {
      where: (p) => p.data.caption === imageBody.content,
    });
    assert.ok(igImage, 'published on Instagram');
    assert.equal(
      (igImage.data.media as { url: string }[] | undefined)?.[0]?.url,
      image.instagram?.convertedMedia?.[0]?.url,
      'Instagram fetched the derivative, not the upload',
    );

    const video = await publish(videoPost());
    const pin = video.pinterest;
    assert.equal(pin?.status, 'published', JSON.stringify(video));
    assert.equal(pin?.warningMessage, 'video padded from 1:3 to 1:2 for Pinterest');
    const frame = pin?.convertedMedia?.[0];
    assert.equal(frame?.mimeType, 'video/mp4');
    assert.ok(frame && Math.abs(frame.width / frame.height - 1 / 2) <= 0.01, JSON.stringify(frame));
    assert.equal(sim.state.listPosts('pinterest', { where: (p) => p.data.media_type === 'video' }).length, 1);
    // The Reel takes the uploaded file as it is: untouched, no warning.
    assert.equal(video.instagram?.status, 'published', JSON.stringify(video));
    assert.equal(video.instagram?.warningMessage ?? null, null);
    assert.equal(video.instagram?.convertedMedia ?? null, null);
  });
});
