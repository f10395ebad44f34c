/**
 * ffprobe (for videos the header reader declines) runs in a helper process that is started once and kept: probing gives the
 * same facts as before, the helper is reused, and a helper that dies is replaced
 * without losing the probe that was waiting on it.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { probeHostPid, ffprobeVideo as probeVideo } from './probe.ts';
import { realMp4 } from './testing.ts';

describe('video probing through the helper process', () => {
  let dir: string;
  let file: string;
  let haveFfmpeg = false;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'probe-'));
    file = join(dir, 'clip.mp4');
    haveFfmpeg = await realMp4(file);
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('reads a video with one helper kept across probes', async (t) => {
    if (!haveFfmpeg) return t.skip('ffmpeg is not installed');
    const first = await probeVideo(file);
    assert.equal(first.probeStatus, 'probed');
    assert.equal(first.width, 320);
    assert.equal(first.height, 240);
    assert.equal(first.videoCodec, 'h264');
    const pid = probeHostPid();
    assert.ok(pid && pid !== process.pid, 'a helper process runs');
    const again = await Promise.all([probeVideo(file), probeVideo(file), probeVideo(file)]);
    assert.deepEqual(again, [first, first, first]);
    assert.equal(probeHostPid(), pid, 'the same helper answered');
  });

  it('answers the probe a dying helper held, and starts a new helper after it', async (t) => {
    if (!haveFfmpeg) return t.skip('ffmpeg is not installed');
    await probeVideo(file);
    const pid = probeHostPid();
    assert.ok(pid);
    const waiting = probeVideo(file);
    process.kill(pid, 'SIGKILL');
    assert.equal((await waiting).probeStatus, 'probed');
    const next = await probeVideo(file);
    assert.equal(next.probeStatus, 'probed');
    const replaced = probeHostPid();
    assert.ok(replaced && replaced !== pid, 'a new helper runs');
  });

  it('says failed for a file ffprobe can not read', async () => {
    const junk = join(dir, 'junk.mp4');
    await writeFile(junk, 'not a video');
    assert.equal((await probeVideo(junk)).probeStatus, 'failed');
  });
});
