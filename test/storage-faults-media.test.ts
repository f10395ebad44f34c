/**
 * The disk under DATA_DIR full (small tmpfs disks filled to the last byte, so the
 * media files, and SQLite too, meet ENOSPC as on a real full disk): an upload PUT
 * and an AI image answer 503 with Retry-After (a server condition, not the
 * client's fault), leave no file behind and charge nothing, and once there is room
 * the same upload URL works. Mounting needs root: elsewhere the suite skips,
 * saying so.
 */
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { png } from '../src/media/testing.ts';
import { type Simulator, startSimulator } from '../src/simulator/index.ts';
import { cleanUpAll, startTestService, type TestService } from './harness.ts';
import { rowCounts } from './route-fixtures.ts';

const DISK_BYTES = 8 * 1024 * 1024;
const MEDIA_DISK_BYTES = 2 * 1024 * 1024;

function mount(dir: string, bytes: number): void {
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${bytes},mode=0700`, 'tmpfs', dir], { stdio: 'pipe' });
}

/**
 * A small disk for DATA_DIR (the SQLite database) and a smaller one for its media
 * directory, so either can be full alone.
 */
function mountSmallDisks(): { dir: string; problem: string | null } {
  const dir = mkdtempSync(join(tmpdir(), 'sps-full-disk-'));
  try {
    mount(dir, DISK_BYTES);
  } catch (err) {
    rmSync(dir, { recursive: true, force: true });
    return { dir, problem: String((err as { stderr?: Buffer }).stderr ?? err).trim() };
  }
  mkdirSync(join(dir, 'data', 'media'), { recursive: true, mode: 0o700 });
  mount(join(dir, 'data', 'media'), MEDIA_DISK_BYTES);
  return { dir, problem: null };
}

const disk = mountSmallDisks();
const SKIP = disk.problem ? `a small disk can not be mounted here (${disk.problem}); skipped` : false;
if (SKIP) process.stderr.write(`# ${SKIP}\n`);

/** Fills a disk: one large file, then small ones, until not one more byte fits. */
function fill(dir: string, files: string[]): void {
  for (const size of [1 << 20, 64 << 10, 4 << 10, 512, 1]) {
    for (;;) {
      const file = join(dir, `filler-${files.length}`);
      try {
        writeFileSync(file, Buffer.alloc(size, 1));
        files.push(file);
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'ENOSPC') throw err;
        rmSync(file, { force: true });
        break;
      }
    }
  }
  assert.equal(statfsSync(dir).bavail, 0, `${dir} is not full`);
}

describe('media on a full disk', { skip: SKIP }, () => {
  let t: TestService;
  let sim: Simulator;
  const fillers: string[] = [];
  const makeRoom = () => {
    for (const f of fillers.splice(0)) rmSync(f, { force: true });
  };
  before(async () => {
    sim = await startSimulator();
    t = await startTestService('sqlite', {
      settings: { ROLE: 'api', DATA_DIR: join(disk.dir, 'data'), SIMULATOR_URL: sim.url },
    });
  });
  after(() =>
    cleanUpAll([
      makeRoom,
      () => t?.close(),
      () => sim?.close(),
      () => execFileSync('umount', [join(disk.dir, 'data', 'media')]),
      () => execFileSync('umount', [disk.dir]),
      () => rmSync(disk.dir, { recursive: true, force: true }),
    ]),
  );

  const mediaDir = () => join(t.ctx.config.DATA_DIR, 'media');
  /** What the service keeps in its media directory (the fillers are the test's). */
  const mediaFiles = () =>
    readdirSync(mediaDir(), { recursive: true })
      .map(String)
      .filter((f) => !f.startsWith('filler-'))
      .sort();
  const put = async (uploadUrl: string, body: Buffer) => {
    const url = new URL(uploadUrl);
    const res = await t.service.server!.inject({
      method: 'PUT',
      url: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'image/png' },
      payload: body,
    });
    return { status: res.statusCode, headers: res.headers, text: res.body };
  };

  async function refusedThenAccepted(fillDisks: () => void, refusal: RegExp): Promise<void> {
    const image = png(400, 300, 64 * 1024);
    const asked = await t.request('POST', '/v1/media/upload', {
      filename: 'full.png',
      mimeType: 'image/png',
    });
    assert.equal(asked.status, 200, asked.text);
    const { uploadUrl, publicUrl } = asked.body.data;
    const usage = (await t.request('GET', '/v1/usage')).body;
    const filesBefore = mediaFiles();
    const uploadsBefore = await rowCounts(t.ctx, ['media_uploads']);

    fillDisks();
    try {
      const refused = await put(uploadUrl, image);
      assert.equal(refused.status, 503, refused.text);
      assert.ok(refused.headers['retry-after'], 'no Retry-After');
      assert.match(refused.text, refusal);
      const drawn = await t.request('POST', '/v1/ai/image', { description: 'a full disk' });
      assert.equal(drawn.status, 503, drawn.text);
      assert.ok(drawn.headers['retry-after'], 'no Retry-After');
      assert.match(drawn.text, refusal);
      assert.deepEqual(mediaFiles(), filesBefore, 'files left behind');
      assert.deepEqual(await rowCounts(t.ctx, ['media_uploads']), uploadsBefore);
      assert.deepEqual((await t.request('GET', '/v1/usage')).body, usage, 'a refused image was charged');
    } finally {
      makeRoom();
    }

    // Room again: the same URL takes the file, and the image is drawn.
    const stored = await put(uploadUrl, image);
    assert.equal(stored.status, 200, stored.text);
    const served = await t.service.server!.inject({ method: 'GET', url: new URL(publicUrl).pathname });
    assert.equal(served.statusCode, 200);
    assert.equal(served.rawPayload.length, image.length);
    const again = await t.request('POST', '/v1/ai/image', { description: 'room again' });
    assert.equal(again.status, 200, again.text);
  }

  it('with the media disk full: an upload PUT and an AI image answer 503 with Retry-After, leave nothing, and the same URL works once there is room', () =>
    refusedThenAccepted(() => fill(mediaDir(), fillers), /media store has no space left/));

  it('with the whole disk full, the database too: the same', () =>
    refusedThenAccepted(() => {
      fill(mediaDir(), fillers);
      fill(disk.dir, fillers);
    }, /no space left|database is full/));
});
