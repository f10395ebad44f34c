/**
 * A stored file's facts (file-facts.ts), as an upload's are read when it completes:
 * an image's dimensions from its first 64 KB; an MP4's frame, length and codecs
 * from its header boxes in a few bounded reads, the same facts as the whole-file
 * reader finds; and nothing (unknown, as before) from a file no parser reads, a
 * store whose read fails, or a file that is gone.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { readFileFacts, readFileFactsAt } from './file-facts.ts';
import { readMp4Facts } from './mp4-facts.ts';
import { mp4Stub, pdf, png } from './testing.ts';

const ffmpeg = (args: string[]) =>
  new Promise<boolean>((resolve) =>
    execFile('ffmpeg', ['-y', '-loglevel', 'error', ...args], { timeout: 60_000 }, (err) => resolve(!err)),
  );

/** 240×720 H.264/AAC, 4 s, about 500 KB: the moov past the first 64 KB unless faststart. */
const tall = [
  ...['-f', 'lavfi', '-i', 'testsrc2=size=240x720:rate=25:duration=4'],
  ...['-f', 'lavfi', '-i', 'sine=frequency=440:duration=4'],
  ...['-pix_fmt', 'yuv420p', '-c:v', 'libx264', '-b:v', '1M', '-c:a', 'aac'],
];

/** A file in memory read as a store reads it, each read logged. */
function stored(bytes: Buffer, mimeType: string) {
  const reads: { position: number; length: number }[] = [];
  return {
    reads,
    file: {
      size: bytes.length,
      mimeType,
      async read(position: number, length: number) {
        reads.push({ position, length });
        return bytes.subarray(position, position + length);
      },
    },
  };
}

describe('the facts of a stored file', () => {
  let dir: string;
  let haveFfmpeg = false;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'file-facts-'));
    haveFfmpeg =
      (await ffmpeg([...tall, '-movflags', '+faststart', join(dir, 'faststart.mp4')])) &&
      (await ffmpeg([...tall, join(dir, 'moov-last.mp4')])) &&
      (await ffmpeg([...tall.slice(0, 8), '-c:v', 'libvpx-vp9', '-c:a', 'libopus', join(dir, 'clip.webm')]));
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it("reads an image's dimensions from its first 64 KB only", async () => {
    const { file, reads } = stored(png(1000, 3000, 200_000), 'image/png');
    assert.deepEqual(await readFileFacts(file), { width: 1000, height: 3000 });
    assert.deepEqual(reads, [{ position: 0, length: 64 * 1024 }]);
  });

  for (const name of ['faststart.mp4', 'moov-last.mp4'])
    it(`reads ${name} as the whole-file reader does, in at most two reads`, async (t) => {
      if (!haveFfmpeg) return t.skip('ffmpeg is not installed here');
      const bytes = await readFile(join(dir, name));
      const whole = await readMp4Facts(join(dir, name));
      const { file, reads } = stored(bytes, 'video/mp4');
      const facts = await readFileFacts(file);
      assert.equal(facts.width, 240);
      assert.equal(facts.height, 720);
      assert.equal(facts.videoCodec, 'h264');
      assert.equal(facts.audioCodec, 'aac');
      assert.equal(facts.durationSec, whole?.durationSec);
      assert.equal(facts.bitrate, whole?.bitrate);
      // A faststart moov is in the first 64 KB; otherwise one more read, at the moov, holds it whole.
      assert.equal(reads.length, name === 'faststart.mp4' ? 1 : 2, JSON.stringify(reads));
      const read = reads.reduce((n, r) => n + r.length, 0);
      assert.ok(read < bytes.length / 4, `${read} bytes of ${bytes.length}`);
      // The local upload's reader (a file on disk) answers the same.
      assert.deepEqual(await readFileFactsAt(join(dir, name), file), facts);
    });

  it('knows nothing of what no parser reads, of a failing store, or of a file that is gone', async (t) => {
    assert.deepEqual(await readFileFacts(stored(mp4Stub(), 'video/mp4').file), {});
    const document = stored(pdf(), 'application/pdf');
    assert.deepEqual(await readFileFacts(document.file), {});
    assert.equal(document.reads.length, 0, 'a document is not read');
    const failing = {
      size: 100_000,
      mimeType: 'image/png',
      read: async () => {
        throw new Error('store unavailable');
      },
    };
    assert.deepEqual(await readFileFacts(failing), {});
    const gone = { size: 100_000, mimeType: 'video/mp4', read: async () => undefined };
    assert.deepEqual(await readFileFacts(gone), {});
    assert.deepEqual(
      await readFileFactsAt(join(dir, 'missing.png'), { size: 10, mimeType: 'image/png' }),
      {},
    );
    const notAnImage = join(dir, 'not-an-image.png');
    await writeFile(notAnImage, Buffer.from('not an image at all'));
    assert.deepEqual(await readFileFactsAt(notAnImage, { size: 19, mimeType: 'image/png' }), {});
    if (!haveFfmpeg) return t.skip('ffmpeg is not installed here (the WebM case)');
    const webm = await readFile(join(dir, 'clip.webm'));
    assert.deepEqual(await readFileFacts(stored(webm, 'video/webm').file), {});
  });
});
