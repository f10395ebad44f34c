/**
 * The text counters a client shows come from each module's measureText; the rules
 * use the same measure, so a text at the limit passes and one unit more is refused
 * with that limit, on every platform.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { PLATFORMS } from './names.ts';
import { DEFAULT_REGISTRY } from './registry.ts';
import type { MediaInput, TargetInput } from './shared/input.ts';

const MEDIA: Partial<Record<string, MediaInput[]>> = {
  youtube: [{ type: 'video', url: 'https://cdn.example.com/v.mp4' }],
  tiktok: [{ type: 'video', url: 'https://cdn.example.com/v.mp4' }],
  instagram: [{ type: 'image', url: 'https://cdn.example.com/a.jpg' }],
  pinterest: [{ type: 'image', url: 'https://cdn.example.com/a.jpg' }],
};

it('every platform measures text, and its rules refuse exactly what is over the measured limit', () => {
  for (const platform of PLATFORMS) {
    const module = DEFAULT_REGISTRY[platform];
    assert.ok(module.measureText, `${platform} measures text`);
    // Each Mastodon instance sets its own limit: the counter shows Mastodon's default, and
    // the post is judged at create by the account's instance (mastodon/check.ts, whose
    // refusals are tested in test/networks/mastodon.test.ts).
    if (platform === 'mastodon') continue;
    const post = (content: string) => ({ content, mediaItems: MEDIA[platform] ?? [] });
    const target: TargetInput = { platform, accountId: 'int_x' };
    const limit = module.measureText(target, post('a'))?.limit;
    assert.ok(limit && limit > 0, `${platform} has a limit`);
    const at = 'a'.repeat(limit);
    const over = 'a'.repeat(limit + 1);
    assert.deepEqual(module.measureText(target, post(over))?.length, limit + 1, platform);
    const tooLong = (text: string) =>
      module.validate(target, post(text)).filter((m) => m.includes(`the limit is ${limit}`));
    assert.deepEqual(tooLong(at), [], `${platform}: ${limit} is allowed`);
    assert.equal(tooLong(over).length, 1, `${platform}: ${limit + 1} is refused`);
  }
});

it('TikTok counts no limit on the text when a photo post has its own description', () => {
  const m = DEFAULT_REGISTRY.tiktok.measureText?.(
    { platform: 'tiktok', accountId: 'i', platformSpecificData: { description: 'own' } },
    { content: 'x', mediaItems: [{ type: 'image', url: 'https://cdn.example.com/a.jpg' }] },
  );
  assert.equal(m, null);
});
