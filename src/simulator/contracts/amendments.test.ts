/**
 * What the descriptions refuse since they carry the platforms' value lists and
 * conditions: YouTube's discovery document (enums, required parameters), the
 * amendments (amendments/, each naming its page) and the transcribed conditions
 * of TikTok and Google Business Profile. Each case is a mistake an adapter could
 * make that the earlier descriptions let through.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Platform } from '../../facts/platforms.ts';
import { applyAmendment, loadAmendments } from './amendments.ts';
import { ContractChecker, loadContracts } from './check.ts';
import type { Contract } from './types.ts';

const contracts = loadContracts();
const checker = new ContractChecker(contracts);

interface Call {
  query?: string;
  json?: unknown;
  form?: Record<string, string>;
}

async function problems(platform: Platform, method: string, path: string, call: Call = {}): Promise<string> {
  const query = new URLSearchParams(call.query ?? '');
  const raw =
    call.json !== undefined
      ? Buffer.from(JSON.stringify(call.json))
      : call.form
        ? Buffer.from(new URLSearchParams(call.form).toString())
        : Buffer.alloc(0);
  const type =
    call.json !== undefined
      ? 'application/json'
      : call.form
        ? 'application/x-www-form-urlencoded'
        : undefined;
  const r = await checker.checkRequest(platform, {
    method,
    path,
    fullPath: `/${platform}${path}`,
    platform,
    query: Object.fromEntries(query),
    searchParams: query,
    headers: type ? { 'content-type': type } : {},
    body: call.json ?? call.form,
    rawBody: raw,
    params: {},
  });
  assert.ok(r.operation, `${method} ${path} is an operation of ${platform}: ${r.problems.join('; ')}`);
  return r.problems.join('; ');
}

describe('descriptions that refuse a wrong value', () => {
  it("YouTube, from Google's discovery document: required parameters and enum values", async () => {
    const video = { snippet: { title: 't', categoryId: '22' }, status: { privacyStatus: 'public' } };
    const insert = (query: string, json: unknown = video) =>
      problems('youtube', 'POST', '/upload/youtube/v3/videos', { query, json });
    assert.equal(await insert('uploadType=resumable&part=snippet,status'), '');
    assert.match(await insert('uploadType=resumable'), /must have required property 'part'/);
    assert.match(
      await insert('uploadType=resumable&part=snippet', { ...video, status: { privacyStatus: 'friends' } }),
      /status\/privacyStatus: must be one of \["public","unlisted","private"\]/,
    );
    assert.match(
      await problems('youtube', 'GET', '/youtube/v3/commentThreads', { query: 'part=snippet&order=newest' }),
      /order: must be one of/,
    );
    assert.match(await problems('youtube', 'DELETE', '/youtube/v3/videos'), /required property 'id'/);
    const answer = (headers: Record<string, string>) =>
      checker.checkAnswer('youtube', 'youtube.videos.insert', { status: 200, body: '', headers }, 'POST');
    assert.deepEqual(
      answer({ location: 'https://www.googleapis.com/upload/youtube/v3/videos?upload_id=x' }),
      [],
    );
    assert.match(answer({}).join(), /answer headers: must have required property 'location'/);
  });

  it("Facebook's attached_media are objects naming a photo by media_fbid", async () => {
    const feed = (item: string) =>
      problems('facebook', 'POST', '/v25.0/1/feed', { form: { message: 'hi', 'attached_media[0]': item } });
    assert.equal(await feed('{"media_fbid":"1"}'), '');
    assert.match(await feed('{"id":"1"}'), /required property 'media_fbid'|field "id"/);
    assert.match(await feed('1'), /must be object/);
  });

  it("Instagram's media_type when creating a container, and the media types it answers", async () => {
    const create = (media_type: string) =>
      problems('instagram', 'POST', '/v25.0/1/media', {
        form: { media_type, video_url: 'https://example.com/v.mp4', caption: 'c' },
      });
    assert.equal(await create('REELS'), '');
    assert.equal(await create('STORIES'), '');
    assert.match(await create('IMAGE'), /media_type: must be one of/);
    assert.match(await create('REEL'), /media_type: must be one of/);
  });

  it("Threads' media_type and reply_control, from the collection's own value lists", async () => {
    const create = (fields: Record<string, string>) =>
      problems('threads', 'POST', '/v1.0/1/threads', { form: { text: 'hi', ...fields } });
    assert.equal(await create({ media_type: 'TEXT', reply_control: 'accounts_you_follow' }), '');
    assert.match(await create({ media_type: 'TEXT_POST' }), /media_type: must be one of/);
    assert.match(
      await create({ media_type: 'TEXT', reply_control: 'followers' }),
      /reply_control: must be one of/,
    );
    assert.match(await create({ media_type: 'IMAGE', is_carousel_item: 'yes' }), /must be boolean/);
  });

  it("TikTok's init: FILE_UPLOAD needs the sizes, PULL_FROM_URL the URL, a direct photo post its privacy", async () => {
    const post_info = { privacy_level: 'SELF_ONLY' };
    const init = (source_info: unknown) =>
      problems('tiktok', 'POST', '/v2/post/publish/video/init/', { json: { post_info, source_info } });
    assert.equal(
      await init({ source: 'FILE_UPLOAD', video_size: 10, chunk_size: 10, total_chunk_count: 1 }),
      '',
    );
    assert.match(await init({ source: 'FILE_UPLOAD', video_size: 10 }), /required property 'chunk_size'/);
    assert.match(await init({ source: 'PULL_FROM_URL' }), /required property 'video_url'/);
    assert.equal(await init({ source: 'PULL_FROM_URL', video_url: 'https://example.com/v.mp4' }), '');
    const photo = (post_mode: string, info: unknown) =>
      problems('tiktok', 'POST', '/v2/post/publish/content/init/', {
        json: {
          media_type: 'PHOTO',
          post_mode,
          post_info: info,
          source_info: { source: 'PULL_FROM_URL', photo_images: ['https://example.com/a.jpg'] },
        },
      });
    assert.equal(await photo('MEDIA_UPLOAD', { title: 't' }), '');
    assert.match(await photo('DIRECT_POST', { title: 't' }), /required property 'privacy_level'/);
    assert.equal(await photo('DIRECT_POST', { title: 't', privacy_level: 'SELF_ONLY' }), '');
  });

  it('Google Business: an EVENT or OFFER post carries its event; a media item only its sourceUrl', async () => {
    const posts = '/v4/accounts/1/locations/2/localPosts';
    const event = { title: 'Open day', schedule: { startDate: { year: 2027, month: 1, day: 2 } } };
    const create = (post: unknown) => problems('googlebusiness', 'POST', posts, { json: post });
    assert.equal(await create({ topicType: 'EVENT', summary: 'hi', event }), '');
    assert.match(await create({ topicType: 'EVENT', summary: 'hi' }), /required property 'event'/);
    assert.match(await create({ topicType: 'OFFER', summary: 'hi' }), /required property 'event'/);
    assert.equal(await create({ topicType: 'STANDARD', summary: 'hi' }), '');
    const photo = { mediaFormat: 'PHOTO', sourceUrl: 'https://example.com/a.jpg' };
    assert.equal(await create({ topicType: 'STANDARD', summary: 'hi', media: [photo] }), '');
    assert.match(
      await create({ topicType: 'STANDARD', summary: 'hi', media: [{ ...photo, googleUrl: 'https://g' }] }),
      /media\/0: must be one of \["mediaFormat","sourceUrl"\]/,
    );
    assert.match(
      await create({ topicType: 'STANDARD', summary: 'hi', media: [{ mediaFormat: 'PHOTO' }] }),
      /required property 'sourceUrl'/,
    );
  });
});

describe('amendment files', () => {
  it('each names its platform, an https page and the day it was read', () => {
    const all = [...loadAmendments().values()].flat();
    assert.ok(all.length >= 8);
    for (const a of all) {
      assert.ok(contracts.has(a.platform), `${a.file}: a platform with a contract file`);
      assert.match(a.source, /^https:\/\//, `${a.file}: its page`);
      assert.match(a.read, /^\d{4}-\d{2}-\d{2}$/, `${a.file}: when read`);
      assert.ok(a.says.length > 20 && a.changes.length > 0, `${a.file}: what it says and changes`);
    }
  });

  it('refuse to land where the description changed: add over a member, replace of a missing one', () => {
    const contract = (): Contract => ({
      platform: 'x',
      source: { description: '', repository: 'a/b', path: 'p', revision: 'r' },
      operations: {
        op: { method: 'GET', path: '/', responses: {}, query: { type: 'object', properties: {} } },
      },
    });
    const amend = (op: 'add' | 'replace', pointer: string) =>
      applyAmendment(contract(), {
        platform: 'x',
        source: 'https://example.com',
        read: '2026-12-01',
        says: 'test',
        changes: [{ op, pointer, value: { type: 'string' } }],
      });
    amend('add', '/operations/op/query/properties/new');
    assert.throws(() => amend('replace', '/operations/op/query/properties/new'), /is not there/);
    assert.throws(() => amend('add', '/operations/op/query'), /is there already/);
    assert.throws(() => amend('add', '/operations/gone/query/x'), /has no place to go/);
  });
});
