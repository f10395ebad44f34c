import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { checkMedia, ratioInWords } from '../media/rules.ts';
import { targetMediaVerdict } from './media-check.ts';
import { PLATFORM_MODULES } from './registry.ts';
import type { PostInput, TargetInput } from './shared/input.ts';

const tallPng = {
  type: 'image' as const,
  url: 'https://cdn.example/tall.png',
  facts: { width: 1000, height: 3000, mimeType: 'image/png', size: 2_000_000 },
};
const webm = {
  type: 'video' as const,
  url: 'https://cdn.example/clip.webm',
  facts: {
    width: 1920,
    height: 1080,
    mimeType: 'video/webm',
    videoCodec: 'vp9',
    durationSec: 20,
    size: 30_000_000,
  },
};
const target = (platform: TargetInput['platform'], psd: object = {}): TargetInput => ({
  platform,
  accountId: 'acc_1',
  platformSpecificData: psd,
});
const post = (item: PostInput['mediaItems'][number], more: Partial<PostInput> = {}): PostInput => ({
  content: 'hi',
  mediaItems: [item],
  ...more,
});

describe('media rules', () => {
  it('names the number and the limit', () => {
    const format = PLATFORM_MODULES.instagram.mediaRules?.formats.feed;
    assert.ok(format);
    const breaches = checkMedia(format, { kind: 'image', ...tallPng.facts });
    assert.deepEqual(
      breaches.map((b) => b.message),
      [
        'is image/png; Instagram feed images must be JPEG',
        'is 1000×3000 (1:3); Instagram feed images must be between 4:5 and 1.91:1',
      ],
    );
    assert.equal(ratioInWords(1.91), '1.91:1');
  });

  it('an unknown fact is not judged', () => {
    const format = PLATFORM_MODULES.instagram.mediaRules?.formats.feed;
    assert.ok(format);
    assert.deepEqual(checkMedia(format, { kind: 'image', mimeType: 'image/jpeg' }), []);
  });

  it('"off" refuses what a target would refuse, in words', () => {
    const v = targetMediaVerdict(
      PLATFORM_MODULES.instagram,
      target('instagram'),
      post(tallPng, { mediaProcessing: 'off' }),
    );
    assert.equal(v.conversions.length, 0);
    assert.match(
      v.problems[1] ?? '',
      /^mediaItems\[0\] is 1000×3000 \(1:3\); Instagram feed images must be between 4:5 and 1\.91:1 \(mediaProcessing is "off"/,
    );
  });

  it('"auto" plans a conversion and says what it will do; pad by default, crop per target', () => {
    const auto = targetMediaVerdict(PLATFORM_MODULES.instagram, target('instagram'), post(tallPng));
    assert.deepEqual(auto.problems, []);
    assert.equal(
      auto.conversions[0]?.description,
      'image padded from 1:3 to 4:5 and re-encoded from PNG to JPEG for Instagram',
    );
    const crop = targetMediaVerdict(
      PLATFORM_MODULES.instagram,
      target('instagram', { fit: 'crop' }),
      post(tallPng, { fit: 'pad' }),
    );
    assert.equal(crop.conversions[0]?.fit, 'crop');
    assert.match(crop.conversions[0]?.description ?? '', /cropped from 1:3 to 4:5/);
  });

  it('an original every platform accepts needs nothing', () => {
    const jpeg = {
      type: 'image' as const,
      url: 'https://cdn.example/a.jpg',
      facts: { width: 1080, height: 1350, mimeType: 'image/jpeg', size: 400_000 },
    };
    for (const p of [
      'instagram',
      'twitter',
      'pinterest',
      'linkedin',
      'threads',
      'facebook',
      'bluesky',
    ] as const) {
      const v = targetMediaVerdict(PLATFORM_MODULES[p], target(p), post(jpeg));
      assert.deepEqual([v.problems, v.conversions], [[], []], p);
    }
  });

  it('a VP9 WebM: X converts it, YouTube and TikTok take it as it is', () => {
    const x = targetMediaVerdict(PLATFORM_MODULES.twitter, target('twitter'), post(webm));
    assert.equal(
      x.conversions[0]?.description,
      'video resized and re-encoded from VP9 to H.264/AAC MP4 for X',
    );
    for (const p of ['youtube', 'tiktok'] as const)
      assert.deepEqual(targetMediaVerdict(PLATFORM_MODULES[p], target(p), post(webm)).conversions, [], p);
  });

  it('a 16:9 H.264 MP4 as a Facebook Reel is padded to the 9:16 its rule names, not to the end of its rounding', () => {
    const wide = {
      type: 'video' as const,
      url: 'https://cdn.example/wide.mp4',
      facts: { width: 1920, height: 1080, mimeType: 'video/mp4', videoCodec: 'h264', durationSec: 20 },
    };
    const reel = targetMediaVerdict(
      PLATFORM_MODULES.facebook,
      target('facebook', { contentType: 'reel' }),
      post(wide),
    );
    assert.deepEqual(reel.problems, []);
    assert.equal(reel.conversions[0]?.description, 'video padded from 16:9 to 9:16 for Facebook');
    // The frame a preview draws: 9:16 give or take the rule's rounding.
    assert.ok(Math.abs((reel.conversions[0]?.frameAspect ?? 0) - 9 / 16) <= 0.011, 'a 9:16 frame');
  });

  it('a video longer than allowed is refused unless trimming is asked for', () => {
    const long = {
      ...webm,
      facts: { ...webm.facts, mimeType: 'video/mp4', videoCodec: 'h264', durationSec: 400 },
    };
    const refused = targetMediaVerdict(PLATFORM_MODULES.threads, target('threads'), post(long));
    assert.deepEqual(refused.problems, ['mediaItems[0] is 400 s long; Threads posts must be at most 300 s']);
    const trimmed = targetMediaVerdict(
      PLATFORM_MODULES.threads,
      target('threads', { trim: true }),
      post(long),
    );
    assert.deepEqual(trimmed.problems, []);
    assert.match(trimmed.conversions[0]?.description ?? '', /trimmed for Threads$/);
  });

  it('every platform module states its rules with the documentation page', () => {
    for (const [name, m] of Object.entries(PLATFORM_MODULES)) {
      assert.ok(m.mediaRules, `${name} has media rules`);
      for (const f of Object.values(m.mediaRules.formats))
        assert.match(f.doc, /^https:\/\//, `${name}: ${f.title}`);
    }
  });
});

describe('media types every module spells both ways', () => {
  // Servers send one name, file sniffing (file-type) gives the other: a rule naming one only
  // would convert, or refuse under "off", a file the platform takes.
  const SPELLINGS = [
    ['video/x-matroska', 'video/matroska'],
    ['video/x-msvideo', 'video/vnd.avi'],
    ['video/x-ms-wmv', 'video/x-ms-asf'],
  ] as const;

  it('lists the other spelling wherever a container rule lists one', () => {
    const missing: string[] = [];
    for (const [platform, module] of Object.entries(PLATFORM_MODULES))
      for (const [name, format] of Object.entries(module.mediaRules?.formats ?? {}))
        for (const pair of SPELLINGS) {
          const listed = pair.filter((t) => format.video?.containers?.includes(t));
          if (listed.length === 1) missing.push(`${platform} ${name}: ${listed[0]} without its other name`);
        }
    assert.deepEqual(missing, []);
  });
});
