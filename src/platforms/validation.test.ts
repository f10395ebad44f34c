import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { PlatformPublisher } from './contract.ts';
import { PLATFORMS, type Platform } from './names.ts';
import { DEFAULT_REGISTRY, registryWith } from './registry.ts';
import type { MediaInput } from './shared/input.ts';
import { validateTarget, validateTargets } from './validation.ts';

/** Every module with a publisher, so each platform's own rules are what these tests see. */
const unused = async (): Promise<never> => {
  throw new Error('not called by validation');
};
const stubPublisher: PlatformPublisher = { publish: unused, reconcile: unused, delete: unused };
const allPublish = registryWith(
  DEFAULT_REGISTRY,
  Object.fromEntries(PLATFORMS.map((p) => [p, { publisher: stubPublisher }])),
);

const img = (n = 1): MediaInput[] =>
  Array.from({ length: n }, (_, i) => ({ type: 'image', url: `https://e.com/${i}.jpg` }));
const video: MediaInput = { type: 'video', url: 'https://e.com/v.mp4' };
const doc: MediaInput = { type: 'document', url: 'https://e.com/d.pdf' };

function check(
  platform: Platform,
  psd: object | undefined,
  content: string,
  media: MediaInput[] = [],
): string[] {
  return validateTarget(
    allPublish,
    { platform, accountId: 'a', ...(psd ? { platformSpecificData: psd } : {}) },
    { content, mediaItems: media },
  );
}
const has = (messages: string[], part: string) =>
  assert.ok(
    messages.some((m) => m.includes(part)),
    `"${part}" not in ${JSON.stringify(messages)}`,
  );

describe('platform rules', () => {
  it('accepts a plain valid target on every platform', () => {
    assert.deepEqual(check('twitter', undefined, 'hi'), []);
    assert.deepEqual(check('instagram', undefined, 'hi', img()), []);
    assert.deepEqual(check('youtube', { title: 'T', tags: ['a'] }, 'hi', [video]), []);
    assert.deepEqual(check('tiktok', undefined, 'hi', [video]), []);
    assert.deepEqual(check('pinterest', { boardId: '1' }, 'hi', img()), []);
    assert.deepEqual(
      check('linkedin', { mentions: [{ text: 'Acme', urn: 'urn:li:organization:9' }] }, 'hi Acme'),
      [],
    );
    assert.deepEqual(check('bluesky', { langs: ['en', 'pt-BR'] }, 'hi'), []);
    assert.deepEqual(check('facebook', { link: 'https://e.com' }, ''), []);
    assert.deepEqual(check('threads', { replyControl: 'everyone' }, 'hi'), []);
    assert.deepEqual(check('googlebusiness', { callToActionType: 'CALL' }, 'hi', img()), []);
  });

  it('twitter: polls, threads, media mixes, weighted length', () => {
    has(
      check('twitter', { poll: { options: ['a', 'b'], durationMinutes: 60 } }, 'q', img()),
      'poll can not be combined with mediaItems',
    );
    has(
      check(
        'twitter',
        { poll: { options: ['a', 'b'], durationMinutes: 60 }, threadItems: [{ content: 'x' }] },
        'q',
      ),
      'poll can not be combined with platformSpecificData.threadItems',
    );
    has(
      check('twitter', { poll: { options: ['a', 'b', 'c', 'd', 'e'], durationMinutes: 60 } }, 'q'),
      'poll.options must have at most 4 entries',
    );
    has(
      check('twitter', { poll: { options: ['a', 'b'], durationMinutes: 10081 } }, 'q'),
      'poll.durationMinutes must be <= 10080',
    );
    has(
      check('twitter', { poll: { options: ['a', 'x'.repeat(26)], durationMinutes: 5 } }, 'q'),
      'poll.options[1] must be 1 to 25 characters',
    );
    has(
      check('twitter', { threadItems: [{ content: 'ok' }, { content: '日'.repeat(141) }] }, 'q'),
      'threadItems[1].content is 282 characters',
    );
    has(check('twitter', { threadItems: [{ mediaItems: [] }] }, 'q'), 'threadItems[0].content is required');
    has(check('twitter', undefined, 'q', [...img(), video]), 'not a mix');
    has(check('twitter', undefined, 'q', img(5)), 'at most 4 images');
    has(
      check('twitter', { replySettings: 'everyone' }, 'q'),
      'replySettings must be one of following, mentionedUsers, subscribers, verified',
    );
    has(check('twitter', { communityId: 'abc' }, 'q'), 'communityId must be the numeric id');
    assert.deepEqual(
      check('twitter', undefined, `${'a'.repeat(250)} https://example.com/${'x'.repeat(100)}`),
      [],
    );
  });

  it('youtube: one video, title, tags, description', () => {
    has(check('youtube', undefined, 'x', img()), 'YouTube needs exactly one video');
    has(check('youtube', undefined, 'x'), 'YouTube needs exactly one video');
    has(check('youtube', { title: 'a<b' }, 'x', [video]), 'title must not contain < or >');
    has(check('youtube', { title: 'x'.repeat(101) }, 'x', [video]), 'title must be at most 100 characters');
    has(
      check('youtube', { tags: ['x'.repeat(300), 'y'.repeat(201)] }, 'x', [video]),
      'tags is 501 characters in total',
    );
    has(
      check('youtube', { firstComment: 'x'.repeat(10001) }, 'x', [video]),
      'firstComment must be at most 10000 characters',
    );
    has(
      check('youtube', { visibility: 'hidden' }, 'x', [video]),
      'visibility must be one of public, private, unlisted',
    );
  });

  it('tiktok: media kinds and counts, description, cover index, branded content', () => {
    has(check('tiktok', undefined, 'x'), 'TikTok needs a video');
    has(check('tiktok', undefined, 'x', [video, ...img()]), 'exactly one video');
    has(check('tiktok', undefined, 'x', img(36)), 'at most 35 photos');
    has(
      check('tiktok', { description: 'x'.repeat(4001) }, 'x', img()),
      'description must be at most 4000 characters',
    );
    has(
      check('tiktok', { photoCoverIndex: 2 }, 'x', img(2)),
      'photoCoverIndex must be below the number of photos (2)',
    );
    has(
      check('tiktok', { brandContentToggle: true, privacyLevel: 'SELF_ONLY' }, 'x', [video]),
      'branded content',
    );
    has(check('tiktok', undefined, 'x'.repeat(2201), [video]), 'the limit is 2200');
    has(check('tiktok', { videoCoverTimestampMs: -1 }, 'x', [video]), 'videoCoverTimestampMs must be >= 0');
  });

  it('pinterest: board, title, alt text, link, media', () => {
    has(check('pinterest', {}, 'x', img()), 'platformSpecificData.boardId is required');
    has(
      check('pinterest', { boardId: '1', title: 'x'.repeat(101) }, 'x', img()),
      'title must be at most 100 characters',
    );
    has(
      check('pinterest', { boardId: '1', altText: 'x'.repeat(501) }, 'x', img()),
      'altText must be at most 500 characters',
    );
    has(
      check('pinterest', { boardId: '1', link: 'http://e.com' }, 'x', img()),
      'link must be an https:// URL',
    );
    has(check('pinterest', { boardId: '1' }, 'x'), 'needs an image or a video');
    has(check('pinterest', { boardId: '1' }, 'x', img(6)), '2 to 5 images');
    has(
      check('pinterest', { boardId: '1', dominantColor: 'red' }, 'x', img()),
      'dominantColor must match the pattern',
    );
  });

  it('linkedin: mentions, article, document title, media', () => {
    const m = (text: string, urn = 'urn:li:organization:1') => ({ mentions: [{ text, urn }] });
    has(
      check('linkedin', m('Acme'), 'Acme and Acme'),
      "must appear exactly once in the post's content (found 2 times)",
    );
    has(check('linkedin', m('acme'), 'Acme'), '(found 0 times)');
    has(
      check('linkedin', m('Acme', 'urn:li:person:1'), 'Acme'),
      'mentions[0].urn must match the pattern ^urn:li:organization:.+$',
    );
    has(check('linkedin', m(''), 'Acme'), 'mentions[0].text must not be empty');
    has(
      check(
        'linkedin',
        { mentions: Array.from({ length: 31 }, () => ({ text: 'A', urn: 'urn:li:organization:1' })) },
        'A',
      ),
      'mentions must have at most 30 entries',
    );
    has(
      check('linkedin', { articleTitle: 'x'.repeat(401) }, 'x'),
      'articleTitle must be at most 400 characters',
    );
    has(check('linkedin', undefined, 'x', [doc]), 'documentTitle is required when a document is attached');
    has(
      check('linkedin', { documentTitle: 'x'.repeat(201) }, 'x', [doc]),
      'documentTitle must be at most 200 characters',
    );
    has(
      check('linkedin', { articleUrl: 'https://e.com' }, 'x', img()),
      'articleUrl can not be combined with mediaItems',
    );
    has(check('linkedin', undefined, 'x', [video, doc]), 'not a mix');
    has(check('linkedin', undefined, 'x'.repeat(3001)), 'the limit is 3000');
  });

  it('bluesky: graphemes, bytes, media', () => {
    assert.deepEqual(
      check('bluesky', undefined, '👨‍👩‍👧‍👦'.repeat(300)).filter((x) => x.includes('graphemes')),
      [],
    );
    has(check('bluesky', undefined, '👨‍👩‍👧‍👦'.repeat(300)), 'bytes');
    has(check('bluesky', undefined, 'x'.repeat(301)), '301 graphemes');
    has(check('bluesky', undefined, 'x', img(5)), 'at most 4 images');
    has(check('bluesky', undefined, 'x', [video, ...img()]), 'not both');
    has(check('bluesky', { langs: ['en', 'fr', 'de', 'es'] }, 'x'), 'langs must have at most 3 entries');
  });

  it('facebook, instagram, threads', () => {
    has(check('facebook', undefined, 'x', [video, ...img()]), 'one video or photos');
    has(check('facebook', { published: 'no' }, 'x'), 'published must be a boolean');
    has(check('instagram', undefined, 'x'), 'Instagram needs at least one image or video');
    has(check('instagram', undefined, 'x', img(11)), 'at most 10 items');
    has(check('instagram', undefined, 'x'.repeat(2201), img()), 'the limit is 2200');
    has(
      check('instagram', undefined, Array.from({ length: 31 }, (_, i) => `#t${i}`).join(' '), img()),
      '31 hashtags',
    );
    has(check('instagram', { thumbOffset: 1.5 }, 'x', [video]), 'thumbOffset must be an integer');
    has(check('threads', undefined, 'x'.repeat(501)), 'the limit is 500');
    has(check('threads', undefined, '👍'.repeat(126)), '504 characters');
    has(check('threads', { replyControl: 'nobody' }, 'x'), 'replyControl must be one of');
    has(check('threads', undefined, 'x', img(21)), 'at most 20 items');
  });

  it('googlebusiness: event fields, call to action, dates and times', () => {
    const ev = check('googlebusiness', { topicType: 'EVENT' }, 'x');
    for (const f of ['eventTitle', 'eventStartDate', 'eventStartTime', 'eventEndDate', 'eventEndTime'])
      has(ev, `platformSpecificData.${f} is required when topicType is EVENT`);
    has(
      check('googlebusiness', { callToActionType: 'BOOK' }, 'x'),
      'callToActionUrl is required for callToActionType BOOK',
    );
    has(
      check('googlebusiness', { callToActionType: 'CALL', callToActionUrl: 'https://e.com' }, 'x'),
      'must be absent for callToActionType CALL',
    );
    has(
      check('googlebusiness', { eventStartDate: '2026-1-01' }, 'x'),
      'eventStartDate must match the pattern',
    );
    has(check('googlebusiness', { eventStartDate: '2026-02-30' }, 'x'), 'is not a calendar date');
    has(check('googlebusiness', { eventStartTime: '24:00' }, 'x'), 'eventStartTime must match the pattern');
    has(check('googlebusiness', undefined, 'x', [video]), 'photos only');
    assert.deepEqual(
      check(
        'googlebusiness',
        {
          topicType: 'EVENT',
          eventTitle: 'T',
          eventStartDate: '2026-12-01',
          eventStartTime: '09:00',
          eventEndDate: '2026-12-01',
          eventEndTime: '17:30',
          callToActionType: 'LEARN_MORE',
          callToActionUrl: 'https://e.com',
        },
        'x',
      ),
      [],
    );
  });

  it('prefixes each message with the target and refuses thumbnails on non-video items', () => {
    const out = validateTargets(
      allPublish,
      [
        { platform: 'twitter', accountId: 'a' },
        { platform: 'pinterest', accountId: 'b', platformSpecificData: {} },
      ],
      {
        content: 'x',
        mediaItems: [{ type: 'image', url: 'https://e.com/i.jpg', thumbnail: 'https://e.com/t.jpg' }],
      },
    );
    assert.deepEqual(out, [
      'mediaItems[0].thumbnail is allowed only on video items (this one is image)',
      'platforms[1] (pinterest): platformSpecificData.boardId is required',
    ]);
  });

  it('refuses, among the other problems, a platform whose module cannot publish yet', () => {
    const withoutTikTok = registryWith(allPublish, { tiktok: { publisher: undefined } });
    const out = validateTargets(
      withoutTikTok,
      [
        { platform: 'twitter', accountId: 'a' },
        { platform: 'tiktok', accountId: 'b' },
        { platform: 'pinterest', accountId: 'c', platformSpecificData: {} },
      ],
      { content: 'x', mediaItems: [] },
    );
    assert.deepEqual(out, [
      'platforms[1] (tiktok): mediaItems: TikTok needs a video or at least one image',
      'platforms[1] (tiktok): publishing to tiktok is not available yet',
      'platforms[2] (pinterest): platformSpecificData.boardId is required',
      'platforms[2] (pinterest): mediaItems: a Pinterest pin needs an image or a video',
    ]);
  });

  it('the service refuses exactly the platforms whose modules have no publisher', () => {
    for (const platform of PLATFORMS) {
      const out = validateTarget(
        DEFAULT_REGISTRY,
        { platform, accountId: 'a' },
        { content: 'x', mediaItems: [] },
      );
      assert.equal(
        out.includes(`publishing to ${platform} is not available yet`),
        DEFAULT_REGISTRY[platform].publisher === undefined,
        platform,
      );
    }
  });
});
