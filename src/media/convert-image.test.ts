import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import sharp from 'sharp';
import { instagramMediaRules } from '../platforms/instagram/media-rules.ts';
import { telegramMediaRules } from '../platforms/telegram/media-rules.ts';
import { canvasFor, convertImage } from './convert-image.ts';
import { checkMedia } from './rules.ts';

describe('fitting an image to a platform format', () => {
  let dir: string;
  let tall: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'convert-'));
    tall = join(dir, 'tall.png');
    await writeFile(
      tall,
      await sharp({ create: { width: 1000, height: 3000, channels: 4, background: '#ff000080' } })
        .png()
        .toBuffer(),
    );
  });
  after(() => rm(dir, { recursive: true, force: true }));

  const feed = instagramMediaRules.formats.feed?.image;

  it('pads 1:3 to 4:5 by widening, crops it by cutting height', () => {
    assert.ok(feed);
    assert.deepEqual(canvasFor(1000, 3000, feed, 'pad'), { width: 2400, height: 3000 });
    assert.deepEqual(canvasFor(1000, 3000, feed, 'crop'), { width: 1000, height: 1250 });
  });

  it("scales under Telegram's sum of width and height, keeping the shape", () => {
    const photo = telegramMediaRules.formats.photo?.image;
    assert.ok(photo?.maxSideSum);
    const { width, height } = canvasFor(9000, 3000, photo, 'pad');
    assert.ok(width + height <= photo.maxSideSum, `${width}×${height}`);
    assert.ok(Math.abs(width / height - 3) < 0.01);
  });

  it('the result is a JPEG Instagram accepts, for both fits', async () => {
    assert.ok(feed);
    for (const fit of ['pad', 'crop'] as const) {
      const out = await convertImage(tall, feed, fit);
      const meta = await sharp(out.bytes).metadata();
      assert.equal(meta.format, 'jpeg');
      assert.equal(meta.width, out.width);
      assert.equal(meta.height, out.height);
      const format = instagramMediaRules.formats.feed;
      assert.ok(format);
      const left = checkMedia(format, {
        kind: 'image',
        mimeType: out.mimeType,
        size: out.bytes.length,
        width: out.width,
        height: out.height,
      });
      assert.deepEqual(left, [], fit);
    }
  });

  it('lowers quality, then size, until the bytes fit a small limit', async () => {
    const out = await convertImage(tall, { formats: ['image/jpeg'], maxBytes: 20_000 }, 'pad');
    assert.ok(out.bytes.length <= 20_000, `${out.bytes.length} bytes`);
  });
});
