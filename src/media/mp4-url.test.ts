/**
 * A video URL's facts at create, read from its MP4/MOV header boxes by ranged GETs
 * (mp4-url.ts, through inspect.ts): the same facts as from the file on disk, with
 * the moov first (faststart) or after mdat, in one or two small requests; nothing
 * read from a server that ignores ranges, from a moov too large or from a file that
 * is not an MP4; and a repeated URL costs no request at all (the stager's cache).
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createOutboundClient } from '../net/outbound.ts';
import { inspectMediaUrl, type MediaFacts } from './inspect.ts';
import { readMp4Facts } from './mp4-facts.ts';
import { readMp4FactsAtUrl } from './mp4-url.ts';
import { createMediaStager } from './stage.ts';
import { type FixtureServer, startFixtureServer } from './testing.ts';

const ffmpeg = (args: string[]) =>
  new Promise<boolean>((resolve) =>
    execFile('ffmpeg', ['-y', '-loglevel', 'error', ...args], { timeout: 60_000 }, (err) => resolve(!err)),
  );

/** 240×720 (1:3) H.264 and AAC, 4 s, about 500 KB: its moov lies past the first 64 KB unless faststart. */
const tall = [
  ...['-f', 'lavfi', '-i', 'testsrc2=size=240x720:rate=25:duration=4'],
  ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=4'],
  ...['-pix_fmt', 'yuv420p', '-c:v', 'libx264', '-b:v', '1M', '-c:a', 'aac'],
];

/** A box: its 32-bit size, its type, then `body`. */
const box = (type: string, body: Buffer) => {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(body.length + 8);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, body]);
};
const ftyp = box('ftyp', Buffer.from('isom\0\0\x02\0isomiso2', 'latin1'));

const outbound = createOutboundClient({ allowlist: ['127.0.0.1'] });
const VIDEO_FIELDS = [
  'width',
  'height',
  'durationSec',
  'videoCodec',
  'audioCodec',
  'bitrate',
  'fps',
] as const;
const videoPart = (f: Partial<MediaFacts> | null) =>
  Object.fromEntries(VIDEO_FIELDS.filter((k) => f?.[k] !== undefined).map((k) => [k, f?.[k]]));

describe('MP4 header facts of a video URL', () => {
  let dir: string;
  let fixtures: FixtureServer;
  const files: Record<string, Buffer> = {};
  let haveFfmpeg = false;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'mp4-url-'));
    fixtures = await startFixtureServer();
    haveFfmpeg =
      (await ffmpeg([...tall, '-movflags', '+faststart', join(dir, 'faststart.mp4')])) &&
      (await ffmpeg([...tall, join(dir, 'moov-last.mp4')])) &&
      (await ffmpeg([...tall.slice(0, 8), '-c:v', 'libvpx-vp9', '-c:a', 'libopus', join(dir, 'clip.webm')]));
    if (haveFfmpeg)
      for (const name of ['faststart.mp4', 'moov-last.mp4', 'clip.webm'])
        files[name] = await readFile(join(dir, name));
  });
  after(async () => {
    await fixtures.close();
    await outbound.close();
    await rm(dir, { recursive: true, force: true });
  });

  /** The facts inspect finds at the URL and the requests it made for them. */
  const inspect = async (path: string, body: Buffer, type = 'video/mp4') => {
    const url = fixtures.set(path, body, type);
    const from = fixtures.requests.length;
    const answer = await inspectMediaUrl(outbound, url, 'video', 5000);
    assert.ok('facts' in answer, JSON.stringify(answer));
    return { facts: answer.facts, requests: fixtures.requests.slice(from) };
  };

  for (const name of ['faststart.mp4', 'moov-last.mp4']) {
    it(`reads ${name} at a URL as from the file, in few and small requests`, async (t) => {
      if (!haveFfmpeg) return t.skip('ffmpeg is not installed here');
      const body = files[name] as Buffer;
      const fromFile = await readMp4Facts(join(dir, name));
      assert.ok(fromFile, 'the file reader reads it');
      const { facts, requests } = await inspect(`/${name}`, body);
      assert.deepEqual(videoPart(facts), videoPart(fromFile));
      assert.equal(facts.width, 240);
      assert.equal(facts.height, 720);
      assert.equal(facts.videoCodec, 'h264');
      assert.equal(facts.audioCodec, 'aac');
      assert.ok(Math.abs((facts.durationSec ?? 0) - 4) < 0.1, String(facts.durationSec));
      assert.equal(facts.size, body.length);
      assert.equal(facts.mimeType, 'video/mp4');
      // The first 64 KB hold a faststart moov; otherwise one more read, at the moov, holds it whole.
      assert.equal(requests.length, name === 'faststart.mp4' ? 1 : 2, JSON.stringify(requests));
      assert.ok(
        requests.every((r) => r.range),
        'every request is ranged',
      );
      const sent = requests.reduce((n, r) => n + r.bytes, 0);
      assert.ok(sent < 80 * 1024 && sent < body.length / 5, `${sent} bytes of ${body.length}`);
    });
  }

  it('sniffs an MP4 served as application/octet-stream by its ftyp box', async (t) => {
    if (!haveFfmpeg) return t.skip('ffmpeg is not installed here');
    const { facts } = await inspect('/blob', files['moov-last.mp4'] as Buffer, 'application/octet-stream');
    assert.equal(facts.width, 240);
    assert.equal(facts.mimeType, 'application/octet-stream', 'the declared type is kept');
  });

  it('reads nothing from a server that ignores ranges: size and type only, as before', async (t) => {
    if (!haveFfmpeg) return t.skip('ffmpeg is not installed here');
    const { facts, requests } = await inspect('/no-ranges/clip.mp4', files['moov-last.mp4'] as Buffer);
    assert.deepEqual(facts, { size: (files['moov-last.mp4'] as Buffer).length, mimeType: 'video/mp4' });
    assert.equal(requests.length, 1, 'no further request once the server answered 200');
  });

  it('gives up on a moov over the cap, first or last, without fetching it', async () => {
    const big = box('moov', Buffer.alloc(5 * 1024 * 1024));
    const mdat = box('mdat', Buffer.alloc(200 * 1024, 1));
    for (const [path, body] of [
      ['/big-first.mp4', Buffer.concat([ftyp, big, mdat])],
      ['/big-last.mp4', Buffer.concat([ftyp, mdat, big])],
    ] as const) {
      const { facts, requests } = await inspect(path, body);
      assert.deepEqual(facts, { size: body.length, mimeType: 'video/mp4' }, path);
      const sent = requests.reduce((n, r) => n + r.bytes, 0);
      assert.ok(sent <= 128 * 1024, `${path}: ${sent} bytes sent`);
    }
  });

  it('reads no facts from a file that is not an MP4, whatever its server calls it', async (t) => {
    if (!haveFfmpeg) return t.skip('ffmpeg is not installed here');
    const webm = files['clip.webm'] as Buffer;
    const mislabelled = await inspect('/clip-as.mp4', webm);
    assert.deepEqual(mislabelled.facts, { size: webm.length, mimeType: 'video/mp4' });
    assert.equal(mislabelled.requests.length, 1);
    const text = await inspect('/notes.mp4', Buffer.from('not a video at all, only words'));
    assert.deepEqual(text.facts, { size: 30, mimeType: 'video/mp4' });
  });

  it('reads nothing once the inspection is out of time', async (t) => {
    if (!haveFfmpeg) return t.skip('ffmpeg is not installed here');
    const body = files['moov-last.mp4'] as Buffer;
    const url = fixtures.set('/late.mp4', body, 'video/mp4');
    const from = fixtures.requests.length;
    const facts = await readMp4FactsAtUrl(outbound, url, {
      size: body.length,
      head: body.subarray(0, 64 * 1024),
      deadline: Date.now() - 1,
    });
    assert.equal(facts, null);
    assert.equal(fixtures.requests.length, from, 'no request sent');
  });

  it('asks nothing more for a URL inspected a moment ago (the stager remembers it)', async (t) => {
    if (!haveFfmpeg) return t.skip('ffmpeg is not installed here');
    const stager = createMediaStager({ outbound, maxBytes: 10 * 1024 * 1024, fetchTimeoutMs: 5000 });
    const url = fixtures.set('/again.mp4', files['moov-last.mp4'] as Buffer, 'video/mp4');
    const first = await stager.inspect(url, 'video');
    const asked = fixtures.requests.length;
    const again = await Promise.all([1, 2, 3].map(() => stager.inspect(url, 'video')));
    assert.equal(fixtures.requests.length, asked, 'no request for the repeats');
    for (const answer of again) assert.deepEqual(answer, first);
    assert.ok('facts' in first && first.facts.height === 720);
  });
});
