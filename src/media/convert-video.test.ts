/**
 * The video converter on real files: a 1920×1080 VP9 WebM becomes an H.264/AAC MP4
 * padded (or cropped) to a vertical format's aspect, under its width, frame rate
 * and bitrate, and the probe of the result meets the rule it was made for.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, it } from 'node:test';
import { tiktokMediaRules } from '../platforms/tiktok/media-rules.ts';
import { convertVideo, ffmpegArgs, planVideo } from './convert-video.ts';
import { probeVideo } from './probe.ts';
import { checkMedia, type VideoRule } from './rules.ts';
import { realWebm } from './testing.ts';

const dir = mkdtempSync(join(tmpdir(), 'sps-cv-'));
const source = join(dir, 'wide.webm');
const vertical: VideoRule = {
  containers: ['video/mp4'],
  videoCodecs: ['h264'],
  audioCodecs: ['aac'],
  width: { max: 1080 },
  aspect: { min: 0.5, max: 0.5625 },
  fps: { max: 30 },
  maxBitrate: 5_000_000,
};

before(async () => {
  assert.ok(await realWebm(source, 1920, 1080, 2), 'ffmpeg made the WebM');
});
after(() => rmSync(dir, { recursive: true, force: true }));

it('plans even sides inside the limits, the aspect fitted by pad or crop', () => {
  const pad = planVideo({ width: 1920, height: 1080, durationSec: 10, fps: 60 }, vertical, 'pad', false);
  assert.deepEqual([pad.width, pad.height], [1080, 1920]);
  assert.equal(pad.fps, 30);
  assert.ok(pad.videoBitrate <= 5_000_000 * 0.9);
  const crop = planVideo({ width: 1920, height: 1080 }, vertical, 'crop', false);
  assert.deepEqual([crop.width, crop.height], [606, 1080]);
  assert.ok(crop.width % 2 === 0 && crop.height % 2 === 0);
  // Trimming only when asked, to the longest allowed.
  const long = { ...vertical, durationSec: { max: 60 } };
  assert.equal(
    planVideo({ width: 640, height: 360, durationSec: 90 }, long, 'pad', false).durationSec,
    undefined,
  );
  assert.equal(planVideo({ width: 640, height: 360, durationSec: 90 }, long, 'pad', true).durationSec, 60);
  // A file size limit lowers the bitrate to what fits the duration.
  const small = planVideo(
    { width: 640, height: 360, durationSec: 100 },
    { ...vertical, maxBytes: 10_000_000 },
    'pad',
    false,
  );
  assert.ok(small.videoBitrate * 100 + 128_000 * 100 <= 10_000_000 * 8);
  assert.ok(ffmpegArgs('in', 'out', pad, 'pad').includes('+faststart'));
});

for (const fit of ['pad', 'crop'] as const)
  it(`re-encodes VP9 WebM to H.264/AAC MP4 that meets the rule (${fit})`, async () => {
    const out = join(dir, `${fit}.mp4`);
    const plan = planVideo({ width: 1920, height: 1080, durationSec: 2, fps: 30 }, vertical, fit, false);
    await convertVideo(source, out, plan, fit, AbortSignal.timeout(120_000));
    const facts = await probeVideo(out);
    assert.equal(facts.videoCodec, 'h264');
    assert.equal(facts.audioCodec, 'aac');
    assert.deepEqual([facts.width, facts.height], [plan.width, plan.height]);
    const breaches = checkMedia(
      { title: 'vertical videos', doc: '', video: vertical },
      { kind: 'video', mimeType: 'video/mp4', size: statSync(out).size, ...facts },
    );
    assert.deepEqual(breaches, []);
  });

it('meets TikTok’s own rules from a 1080p WebM', async () => {
  const format = Object.values(tiktokMediaRules.formats).find((f) => f.video);
  assert.ok(format?.video);
  const out = join(dir, 'tiktok.mp4');
  const plan = planVideo({ width: 1920, height: 1080, durationSec: 2, fps: 30 }, format.video, 'pad', false);
  await convertVideo(source, out, plan, 'pad', AbortSignal.timeout(120_000));
  const facts = await probeVideo(out);
  const breaches = checkMedia(format, {
    kind: 'video',
    mimeType: 'video/mp4',
    size: statSync(out).size,
    ...facts,
  });
  // TikTok's minimum length is its own (3 s): the 2 s test clip may break only that.
  assert.deepEqual(
    breaches.filter((b) => b.rule !== 'duration_short'),
    [],
  );
});

it('stops ffmpeg when the signal aborts', async () => {
  const plan = planVideo({ width: 1920, height: 1080 }, vertical, 'pad', false);
  const ac = new AbortController();
  const run = convertVideo(source, join(dir, 'aborted.mp4'), plan, 'pad', ac.signal);
  setTimeout(() => ac.abort(new Error('stopped')), 50);
  await assert.rejects(run);
});
