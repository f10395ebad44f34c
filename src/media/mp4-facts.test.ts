/**
 * The header reader agrees with ffprobe on the videos ffmpeg makes in the forms
 * posted most (MP4 with the header first or last, QuickTime, H.264 or HEVC, AAC or
 * MP3 sound, portrait or landscape), and declines what it does not read (WebM,
 * cut-off files, a non-video) so that ffprobe is asked.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { readMp4Facts } from './mp4-facts.ts';
import { ffprobeVideo, probeVideo } from './probe.ts';

const ffmpeg = (args: string[]) =>
  new Promise<boolean>((resolve) =>
    execFile('ffmpeg', ['-y', '-loglevel', 'error', ...args], { timeout: 30_000 }, (err) => resolve(!err)),
  );

const video = (size: string) => ['-f', 'lavfi', '-i', `testsrc=size=${size}:rate=10:duration=1.5`];
const tone = ['-f', 'lavfi', '-i', 'sine=frequency=440:duration=1.5'];

const FORMS: Record<string, string[]> = {
  'h264.mp4': [...video('320x240'), '-pix_fmt', 'yuv420p', '-c:v', 'libx264'],
  'h264-aac-faststart.mp4': [
    ...video('720x1280'),
    ...tone,
    '-pix_fmt',
    'yuv420p',
    '-c:v',
    'libx264',
    '-c:a',
    'aac',
    '-movflags',
    '+faststart',
  ],
  'h264-mp3.mp4': [
    ...video('640x360'),
    ...tone,
    '-pix_fmt',
    'yuv420p',
    '-c:v',
    'libx264',
    '-c:a',
    'libmp3lame',
  ],
  'h264-aac.mov': [...video('480x480'), ...tone, '-pix_fmt', 'yuv420p', '-c:v', 'libx264', '-c:a', 'aac'],
  'hevc.mp4': [...video('320x240'), '-pix_fmt', 'yuv420p', '-c:v', 'libx265', '-tag:v', 'hvc1'],
};

describe('MP4 and MOV header facts', () => {
  let dir: string;
  const made = new Map<string, string>();
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'mp4-facts-'));
    for (const [name, args] of Object.entries(FORMS)) {
      const file = join(dir, name);
      if (await ffmpeg([...args, file])) made.set(name, file);
    }
  });
  after(() => rm(dir, { recursive: true, force: true }));

  for (const name of Object.keys(FORMS)) {
    it(`reads ${name} as ffprobe does`, async (t) => {
      const file = made.get(name);
      if (!file) return t.skip(`ffmpeg could not make ${name} here`);
      const ours = await readMp4Facts(file);
      const theirs = await ffprobeVideo(file);
      assert.ok(ours, 'read from the header');
      assert.equal(theirs.probeStatus, 'probed');
      assert.equal(ours.width, theirs.width);
      assert.equal(ours.height, theirs.height);
      assert.equal(ours.videoCodec, theirs.videoCodec);
      assert.equal(ours.audioCodec, theirs.audioCodec);
      assert.ok(
        Math.abs((ours.durationSec ?? 0) - (theirs.durationSec ?? 0)) < 0.05,
        `${ours.durationSec} vs ${theirs.durationSec}`,
      );
      const rate = (ours.bitrate ?? 0) / (theirs.bitrate ?? 1);
      assert.ok(rate > 0.98 && rate < 1.02, `bitrate ${ours.bitrate} vs ${theirs.bitrate}`);
    });
  }

  it('declines WebM, a cut-off MP4 and a non-video, and probeVideo then asks ffprobe', async (t) => {
    const whole = made.get('h264.mp4');
    if (!whole || !(await ffmpeg([...video('320x240'), '-c:v', 'libvpx-vp9', join(dir, 'clip.webm')])))
      return t.skip('ffmpeg is not installed here');
    const webm = join(dir, 'clip.webm');
    assert.equal(await readMp4Facts(webm), null);
    assert.equal((await probeVideo(webm)).videoCodec, 'vp9', 'ffprobe read it');
    const bytes = await readFile(whole);
    const cut = join(dir, 'cut.mp4');
    await writeFile(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const text = join(dir, 'notes.mp4');
    await writeFile(text, 'not a video at all, only words');
    for (const file of [cut, text]) assert.equal(await readMp4Facts(file), null, file);
  });
});
