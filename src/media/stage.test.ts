import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createOutboundClient } from '../net/outbound.ts';
import { MediaError } from './errors.ts';
import { createMediaStager, type MediaStager } from './stage.ts';
import { type FixtureServer, gif, mp4Stub, pdf, png, realMp4, startFixtureServer } from './testing.ts';
import { assertThumbnail } from './thumbnail.ts';

const signal = new AbortController().signal;

async function failure(p: Promise<unknown>): Promise<MediaError> {
  try {
    await p;
  } catch (err) {
    assert.ok(err instanceof MediaError, `expected a MediaError, got ${String(err)}`);
    return err;
  }
  assert.fail('expected a failure');
}

describe('media pipeline: fetch, sniff, describe', () => {
  let fixtures: FixtureServer;
  let stager: MediaStager;
  let dir: string;
  before(async () => {
    fixtures = await startFixtureServer();
    dir = await mkdtemp(join(tmpdir(), 'stage-test-'));
    stager = createMediaStager({
      outbound: createOutboundClient({ allowlist: ['127.0.0.1'] }),
      maxBytes: 1024 * 1024,
      fetchTimeoutMs: 5000,
      tmpDir: dir,
    });
  });
  after(async () => {
    await fixtures.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('describes an image: real type, size, dimensions, file name; streams it back whole or by range', async () => {
    const body = png(800, 600);
    const url = fixtures.set('/pics/photo.png', body, 'application/octet-stream');
    const staged = await stager.stage({ type: 'image', url }, 'media item 1', signal);
    try {
      assert.equal(staged.mimeType, 'image/png');
      assert.equal(staged.size, body.length);
      assert.equal(staged.width, 800);
      assert.equal(staged.height, 600);
      assert.equal(staged.filename, 'photo.png');
      assert.deepEqual(await readFile(staged.path), body);
      const blob = await staged.blob();
      assert.deepEqual(Buffer.from(await blob.slice(1, 5).arrayBuffer()), body.subarray(1, 5));
      const parts: Buffer[] = [];
      for await (const c of staged.stream(8, 16)) parts.push(Buffer.from(c));
      assert.deepEqual(Buffer.concat(parts), body.subarray(8, 16));
    } finally {
      await staged.dispose();
    }
  });

  it('probes a video with ffprobe: duration, dimensions, codec, bitrate', async (t) => {
    const file = join(dir, 'real.mp4');
    if (!(await realMp4(file))) return t.skip('ffmpeg is not installed');
    const url = fixtures.set('/real.mp4', await readFile(file), 'video/mp4');
    const staged = await stager.stage({ type: 'video', url }, 'media item 1', signal);
    try {
      assert.equal(staged.probeStatus, 'probed');
      assert.equal(staged.mimeType, 'video/mp4');
      assert.equal(staged.width, 320);
      assert.equal(staged.height, 240);
      assert.equal(staged.videoCodec, 'h264');
      assert.ok(Math.abs((staged.durationSec ?? 0) - 1) < 0.2, `duration ${staged.durationSec}`);
      assert.ok((staged.bitrate ?? 0) > 0);
    } finally {
      await staged.dispose();
    }
  });

  it('reports a video ffprobe can not read as a failed probe, not a failed item', async () => {
    const url = fixtures.set('/stub.mp4', mp4Stub(4096), 'video/mp4');
    const staged = await stager.stage({ type: 'video', url }, 'media item 1', signal);
    assert.ok(['failed', 'unavailable'].includes(staged.probeStatus));
    await staged.dispose();
  });

  it('refuses an item that is not what it claims, naming the item and the real type', async () => {
    const url = fixtures.set('/fake-video.mp4', png(10, 10), 'video/mp4');
    const err = await failure(stager.stage({ type: 'video', url }, 'media item 2', signal));
    assert.equal(err.kind, 'wrong_type');
    assert.equal(err.label, 'media item 2');
    assert.equal(err.url, url);
    assert.match(
      err.message,
      /^media item 2 \(http:\/\/127\.0\.0\.1:\d+\/fake-video\.mp4\) is not a video: its content is image\/png$/,
    );
    const gifErr = await failure(
      stager.stage(
        { type: 'gif', url: fixtures.set('/still.gif', png(5, 5), 'image/gif') },
        'media item 1',
        signal,
      ),
    );
    assert.match(gifErr.message, /is not a GIF/);
    assert.equal(gifErr.kind, 'wrong_type');
    const doc = await stager.stage(
      { type: 'document', url: fixtures.set('/deck.pdf', pdf(), 'application/pdf') },
      'media item 1',
      signal,
    );
    assert.equal(doc.mimeType, 'application/pdf');
    await doc.dispose();
    const unknown = await failure(
      stager.stage(
        { type: 'image', url: fixtures.set('/text', 'hello', 'image/png') },
        'media item 3',
        signal,
      ),
    );
    assert.match(unknown.message, /media item 3 .* is not an image: its content type is not recognised/);
    assert.equal(unknown.kind, 'wrong_type');
  });

  it('fails an item that can not be fetched, with the reason', async () => {
    const missing = await failure(
      stager.stage({ type: 'image', url: `${fixtures.url}/nope.png` }, 'media item 1', signal),
    );
    assert.equal(missing.kind, 'not_found');
    assert.match(missing.message, /media item 1 .*nope\.png\) could not be fetched: HTTP 404/);
    const strict = createMediaStager({
      outbound: createOutboundClient({ allowlist: [] }),
      maxBytes: 1000,
      fetchTimeoutMs: 1000,
    });
    const blocked = await failure(
      strict.stage({ type: 'image', url: `${fixtures.url}/x.png` }, 'media item 1', signal),
    );
    assert.match(blocked.message, /could not be fetched: 127\.0\.0\.1 is not a public address/);
    // The refusal names the setting that would allow the address.
    assert.match(blocked.message, /OUTBOUND_ALLOWLIST/);
    assert.equal(blocked.kind, 'refused');
    const big = await failure(
      stager.stage(
        { type: 'image', url: fixtures.set('/big.png', png(10, 10, 2 * 1024 * 1024), 'image/png') },
        'media item 4',
        signal,
      ),
    );
    assert.match(big.message, /media item 4 .* more than the limit of 1048576/);
    assert.equal(big.kind, 'too_large');
  });

  it('tells a source that may answer later (5xx, 429) from one that refuses (other 4xx)', async () => {
    const kindOf = async (status: number) =>
      (
        await failure(
          stager.stage({ type: 'image', url: `${fixtures.url}/status/${status}` }, 'media item 1', signal),
        )
      ).kind;
    assert.equal(await kindOf(503), 'unreachable');
    assert.equal(await kindOf(429), 'unreachable');
    assert.equal(await kindOf(410), 'not_found');
    assert.equal(await kindOf(403), 'refused');
    const slow = createMediaStager({
      outbound: createOutboundClient({ allowlist: ['127.0.0.1'] }),
      maxBytes: 1000,
      fetchTimeoutMs: 200,
    });
    const late = await failure(
      slow.stage({ type: 'image', url: `${fixtures.url}/hang` }, 'media item 1', signal),
    );
    assert.equal(late.kind, 'timeout', late.message);
  });

  it('checks thumbnails: JPEG, PNG or GIF, at most 2 MB, at least 640 px wide', async () => {
    const ok = await stager.stage(
      { type: 'image', url: fixtures.set('/thumb.gif', gif(1280, 720), 'image/gif') },
      'thumbnail',
      signal,
    );
    assert.doesNotThrow(() => assertThumbnail(ok));
    await ok.dispose();
    const narrow = await stager.stage(
      { type: 'image', url: fixtures.set('/narrow.png', png(320, 200), 'image/png') },
      'thumbnail',
      signal,
    );
    assert.throws(
      () => assertThumbnail(narrow),
      (err) =>
        err instanceof MediaError &&
        err.kind === 'bad_thumbnail' &&
        /thumbnail .* must be at least 640 px wide, it is 320 px/.test(err.message),
    );
    await narrow.dispose();
    const big = {
      mimeType: 'image/webp',
      size: 3 * 1024 * 1024,
      width: 1000,
      label: 'thumbnail',
      item: { type: 'image' as const, url: 'u' },
    };
    assert.throws(
      () => assertThumbnail(big as never),
      /must be JPEG, PNG or GIF, not image\/webp; must be at most 2 MB/,
    );
  });
});
