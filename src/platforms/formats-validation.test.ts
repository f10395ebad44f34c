/**
 * The formats chosen in platformSpecificData, refused at create with a sentence
 * where their rules are broken: Instagram Stories and collaborators, X long posts.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { PlatformPublisher } from './contract.ts';
import { firstCommentOf } from './first-comment.ts';
import { PLATFORMS, type Platform } from './names.ts';
import { DEFAULT_REGISTRY, registryWith } from './registry.ts';
import type { MediaInput } from './shared/input.ts';
import { validateTarget } from './validation.ts';

const unused = async (): Promise<never> => {
  throw new Error('not called by validation');
};
const stubPublisher: PlatformPublisher = { publish: unused, reconcile: unused, delete: unused };
const registry = registryWith(
  DEFAULT_REGISTRY,
  Object.fromEntries(PLATFORMS.map((p) => [p, { publisher: stubPublisher }])),
);
const img = (n = 1): MediaInput[] =>
  Array.from({ length: n }, (_, i) => ({ type: 'image', url: `https://e.com/${i}.jpg` }));
const video: MediaInput = { type: 'video', url: 'https://e.com/v.mp4' };
const gif: MediaInput = { type: 'gif', url: 'https://e.com/g.gif' };

const check = (platform: Platform, psd: object, content: string, media: MediaInput[] = []) =>
  validateTarget(
    registry,
    { platform, accountId: 'a', platformSpecificData: psd },
    { content, mediaItems: media },
  );
const has = (messages: string[], part: string) =>
  assert.ok(
    messages.some((m) => m.includes(part)),
    `"${part}" not in ${JSON.stringify(messages)}`,
  );

describe('Instagram Stories', () => {
  it('one image or one video is a Story', () => {
    assert.deepEqual(check('instagram', { contentType: 'story' }, 'hi', img()), []);
    assert.deepEqual(check('instagram', { contentType: 'story' }, '', [video]), []);
  });
  it('several items, a GIF, or no media are refused in words', () => {
    has(
      check('instagram', { contentType: 'story' }, 'hi', img(2)),
      'an Instagram Story is one image or one video (got 2',
    );
    has(check('instagram', { contentType: 'story' }, 'hi', [gif]), 'no GIFs');
    has(
      check('instagram', { contentType: 'story' }, 'hi'),
      'an Instagram Story is one image or one video (got 0',
    );
  });
  it('the options a Story does not take are refused, naming each', () => {
    const out = check(
      'instagram',
      { contentType: 'story', shareToFeed: false, coverUrl: 'https://e.com/c.jpg', collaborators: ['ann'] },
      'hi',
      [video],
    );
    for (const f of ['shareToFeed', 'coverUrl', 'collaborators'])
      has(out, `platformSpecificData.${f} does not apply to an Instagram Story`);
  });
  it('another contentType is refused by the schema', () => {
    has(check('instagram', { contentType: 'reel' }, 'hi', [video]), 'contentType');
  });
  it('a Story takes no first comment: it is skipped, and its length is not held against the post', () => {
    const fc = registry.instagram.firstComment;
    assert.equal(firstCommentOf(fc, { contentType: 'story' }, 'first!'), null);
    assert.equal(firstCommentOf(fc, {}, 'first!'), 'first!');
  });
});

describe('Instagram collaborators', () => {
  it('1 to 3 usernames on a feed image, a carousel or a Reel', () => {
    assert.deepEqual(check('instagram', { collaborators: ['ann', 'bob.b', 'c_1'] }, 'hi', img()), []);
    assert.deepEqual(check('instagram', { collaborators: ['ann'] }, 'hi', img(3)), []);
    assert.deepEqual(check('instagram', { collaborators: ['ann'] }, 'hi', [video]), []);
  });
  it('too many, none, repeated, with @, too long or other characters are refused', () => {
    has(check('instagram', { collaborators: ['a', 'b', 'c', 'd'] }, 'hi', img()), 'collaborators');
    has(check('instagram', { collaborators: [] }, 'hi', img()), 'collaborators');
    has(check('instagram', { collaborators: ['ann', 'ann'] }, 'hi', img()), 'collaborators');
    has(check('instagram', { collaborators: ['ann', 'ANN'] }, 'hi', img()), 'the same account twice');
    has(check('instagram', { collaborators: ['@ann'] }, 'hi', img()), 'collaborators[0]');
    has(check('instagram', { collaborators: ['x'.repeat(31)] }, 'hi', img()), 'collaborators[0]');
    has(check('instagram', { collaborators: ['ann smith'] }, 'hi', img()), 'collaborators[0]');
  });
});

describe('X long posts', () => {
  const long = 'x'.repeat(2000);
  it('without longPost the 280 check stands', () => {
    has(check('twitter', {}, long), 'the limit is 280');
  });
  it('with longPost up to 25,000 characters pass; more do not', () => {
    assert.deepEqual(check('twitter', { longPost: true }, long), []);
    has(check('twitter', { longPost: true }, 'x'.repeat(25_001)), 'the limit is 25000');
  });
  it('thread items keep their 280 with longPost', () => {
    has(
      check('twitter', { longPost: true, threadItems: [{ content: long }] }, 'hi'),
      'threadItems[0].content',
    );
  });
});

describe('Facebook Reels and Stories', () => {
  it('a Reel is one video; a Story one photo or one video; feed rules stay without contentType', () => {
    assert.deepEqual(check('facebook', { contentType: 'reel' }, 'hi', [video]), []);
    assert.deepEqual(check('facebook', { contentType: 'story' }, 'hi', img()), []);
    assert.deepEqual(check('facebook', { contentType: 'story' }, '', [video]), []);
    assert.deepEqual(check('facebook', {}, 'hi', img(3)), []);
  });
  it('the wrong media is refused in words that give the rule', () => {
    has(
      check('facebook', { contentType: 'reel' }, 'hi', img()),
      'a Facebook Reel is exactly one video (MP4, 9:16, 3 to 90 s); got 1 image',
    );
    has(check('facebook', { contentType: 'reel' }, 'hi'), 'got no media');
    has(
      check('facebook', { contentType: 'story' }, 'hi', [...img(), video]),
      'a Facebook Story is one photo or one video (up to 60 s); got 1 image, 1 video',
    );
  });
  it('options that do not apply are refused, naming each', () => {
    const reel = check(
      'facebook',
      { contentType: 'reel', link: 'https://e.com/', videoThumbnailUrl: 'https://e.com/t.jpg' },
      'hi',
      [video],
    );
    has(reel, 'platformSpecificData.link does not apply to a Facebook Reel');
    has(reel, 'platformSpecificData.videoThumbnailUrl does not apply to a Facebook Reel');
    has(
      check('facebook', { contentType: 'story', published: false }, 'hi', img()),
      'a Facebook Story can not be created unpublished',
    );
    has(check('facebook', { contentType: 'live' }, 'hi', [video]), 'contentType');
  });
  it("a Story's own text is refused; its first comment is skipped, a Reel's is not", () => {
    has(
      validateTarget(
        registry,
        {
          platform: 'facebook',
          accountId: 'a',
          content: 'mine',
          platformSpecificData: { contentType: 'story' },
        },
        { content: 'hi', mediaItems: img() },
      ),
      'a Facebook Story shows no text',
    );
    const fc = registry.facebook.firstComment;
    assert.equal(firstCommentOf(fc, { contentType: 'story' }, 'first!'), null);
    assert.equal(firstCommentOf(fc, { contentType: 'reel' }, 'first!'), 'first!');
  });
});

describe("Stories' insights", () => {
  it('a Story older than 24 h is not asked for, and the answer says why', async () => {
    const fail = async (): Promise<never> => {
      throw new Error('no call expected');
    };
    // An expired Story makes no call: any call would throw.
    const env = { url: fail, fetch: fail };
    const account = { platformUserId: 'p', accessToken: 't', metadata: {} };
    const old = new Date(Date.now() - 30 * 3_600_000).toISOString();
    for (const platform of ['facebook', 'instagram'] as const) {
      const read = registry[platform].analytics?.postMetrics;
      assert.ok(read);
      const out = await read({ env, account } as never, [
        { platformPostId: 's1', publishedAt: old, platformSpecificData: { contentType: 'story' } },
      ]);
      assert.match(
        (out.s1 as { unavailable: string }).unavailable,
        /keeps a Story's insights for 24 hours after it is posted; this Story's are no longer available/,
      );
    }
  });
});
