/**
 * What is TikTok's own (the shared cases are in conformance.test.ts): every
 * TikTokConfigurations field in the init body, videos in chunks, photo carousels,
 * drafts to the inbox, the creator-info check, the publish status followed over
 * several polls (the int64 post id read exactly), FAILED with its fail_reason, a
 * crash right after init, reconcile of a lost photo init, TikTok's error codes and
 * rate limits, and delete saying it can not.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, beforeEach, describe, it } from 'node:test';
import sharp from 'sharp';
import { mp4Stub, png, realMp4 } from '../../media/testing.ts';
import type { SimAccount } from '../../simulator/index.ts';
import type { MediaItem, ReconcileResult } from '../contract.ts';
import {
  type AdapterHarness,
  platformFailure,
  startAdapterHarness,
  type TestContext,
} from '../shared/testing.ts';
import { deleteFromTikTok } from './delete.ts';
import { tiktokModule } from './index.ts';
import { chunkRange, planChunks } from './media.ts';
import { photoTitle } from './publish.ts';

const publisher = tiktokModule.publisher;
const SCOPES = ['user.info.basic', 'video.publish', 'video.upload'];
const ME = 'sim-tiktok-open-id-0001';
const MB = 1024 * 1024;
const INIT_VIDEO = '/v2/post/publish/video/init/';
const INIT_PHOTO = '/v2/post/publish/content/init/';
const STATUS = '/v2/post/publish/status/fetch/';

let h: AdapterHarness;
let seq = 0;
const settings = () => h.sim.state.collection<unknown>('tiktok', 'settings');
const account = (id = ME, scopes = SCOPES) =>
  h.account(id, { username: id === ME ? 'sim_tiktoker' : id }, undefined, scopes);
const video = (size = 300_000) => [
  { type: 'video', url: h.fixtures.set(`/tt/video-${++seq}.mp4`, mp4Stub(size), 'video/mp4') } as MediaItem,
];
/** A real JPEG: TikTok photos are JPEG or WebP, and the simulator holds them to that. */
const JPEG = await sharp({ create: { width: 100, height: 100, channels: 3, background: '#808080' } })
  .jpeg()
  .toBuffer();
const photos = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    type: 'image' as const,
    url: h.fixtures.set(`/tt/photo-${++seq}-${i}.jpg`, JPEG, 'image/jpeg'),
  }));
const context = (init: {
  content?: string;
  mediaItems: MediaItem[];
  data?: Record<string, unknown>;
  acct?: ReturnType<typeof account>;
}) =>
  h.context({
    account: init.acct ?? account(),
    content: init.content ?? `TikTok adapter ${++seq} ${Date.now()}`,
    mediaItems: init.mediaItems,
    platformSpecificData: init.data ?? {},
  });
const calls = (path: string) => h.sim.calls.list({ platform: 'tiktok', path });
const body = (path: string) => calls(path).at(-1)?.body as Record<string, Record<string, unknown>>;

/** As the engine does: publish, then (a create in flight) reconcile while pending; absent publishes again. */
async function drive(first: TestContext) {
  let ctx = first;
  const pendings: string[] = [];
  let r: Awaited<ReturnType<typeof publisher.publish>> | ReconcileResult = await publisher.publish(ctx);
  for (let round = 0; r.state !== 'published'; round++) {
    if (round > 30) throw new Error('still pending');
    if (r.state === 'pending') {
      pendings.push(r.reason);
      h.sim.clock.advance(r.retryInMs);
      ctx = h.resume(ctx);
      r = await publisher.reconcile(ctx);
    } else if (r.state === 'absent') {
      ctx = h.resume(ctx);
      r = await publisher.publish(ctx);
    } else throw new Error(JSON.stringify(r));
  }
  return { result: r, ctx, pendings };
}

before(async () => {
  h = await startAdapterHarness('tiktok');
});
after(() => h.close());
beforeEach(() => {
  h.sim.faults.clear();
  h.sim.calls.clear();
  settings().clear();
  settings().set('perMinute', { init: 1000, status: 1000, creatorInfo: 1000 });
});

describe('tiktok chunks', () => {
  it('sends a file up to the chunk size whole and cuts bigger ones as TikTok counts them', () => {
    assert.deepEqual(planChunks(4 * MB), { videoSize: 4 * MB, chunkSize: 4 * MB, chunkCount: 1 });
    assert.deepEqual(planChunks(25 * MB), { videoSize: 25 * MB, chunkSize: 10 * MB, chunkCount: 2 });
    assert.deepEqual(chunkRange(planChunks(25 * MB), 1), { start: 10 * MB, end: 25 * MB });
    const big = planChunks(4 * 1024 * MB);
    assert.ok(big.chunkCount <= 1000);
    const last = chunkRange(big, big.chunkCount - 1);
    assert.ok(last.end - last.start < 128 * MB);
    assert.equal(photoTitle('First line\nsecond'), 'First line');
    assert.equal(photoTitle('é'.repeat(120)).length, 90);
  });
});

describe('tiktok publisher', () => {
  it('posts a video with every option in post_info, in chunks with Content-Range, and answers its URL', async () => {
    const ctx = context({
      mediaItems: video(25 * MB),
      data: {
        privacyLevel: 'MUTUAL_FOLLOW_FRIENDS',
        disableComment: true,
        disableDuet: true,
        brandContentToggle: true,
        brandOrganicToggle: true,
        isAigc: true,
        videoCoverTimestampMs: 2500,
      },
    });
    const { result } = await drive(ctx);
    const init = body(INIT_VIDEO);
    assert.deepEqual(init.post_info, {
      title: ctx.target.content,
      privacy_level: 'MUTUAL_FOLLOW_FRIENDS',
      disable_comment: true,
      disable_duet: true,
      // Left unset: follows the creator, who has turned stitches off.
      disable_stitch: true,
      brand_content_toggle: true,
      brand_organic_toggle: true,
      is_aigc: true,
      video_cover_timestamp_ms: 2500,
    });
    assert.deepEqual(init.source_info, {
      source: 'FILE_UPLOAD',
      video_size: 25 * MB,
      chunk_size: 10 * MB,
      total_chunk_count: 2,
    });
    const puts = h.sim.calls.list({ platform: 'tiktok', method: 'PUT' });
    assert.deepEqual(
      puts.map((c) => [c.headers['content-range'], c.status]),
      [
        [`bytes 0-${10 * MB - 1}/${25 * MB}`, 206],
        [`bytes ${10 * MB}-${25 * MB - 1}/${25 * MB}`, 201],
      ],
    );
    assert.equal(result.state, 'published');
    const post = h.sim.state.getPost('tiktok', result.platformPostId);
    assert.equal(post?.data.title, ctx.target.content);
    assert.equal(
      result.platformPostUrl,
      `https://www.tiktok.com/@sim_tiktoker/video/${result.platformPostId}`,
    );
    assert.equal(calls('/v2/post/publish/creator_info/query/').length, 1, 'creator info before the post');
  });

  it('posts a photo carousel pulled from its URLs with every photo option', async () => {
    const items = photos(3);
    const ctx = context({
      content: 'Three photos\nand a longer text below',
      mediaItems: items,
      data: {
        privacyLevel: 'FOLLOWER_OF_CREATOR',
        disableComment: true,
        autoAddMusic: false,
        photoCoverIndex: 2,
        brandOrganicToggle: true,
        description: 'The description',
      },
    });
    const { result } = await drive(ctx);
    assert.deepEqual(body(INIT_PHOTO), {
      media_type: 'PHOTO',
      post_mode: 'DIRECT_POST',
      post_info: {
        title: 'Three photos',
        description: 'The description',
        disable_comment: true,
        auto_add_music: false,
        brand_content_toggle: false,
        brand_organic_toggle: true,
        privacy_level: 'FOLLOWER_OF_CREATOR',
      },
      source_info: { source: 'PULL_FROM_URL', photo_cover_index: 2, photo_images: items.map((i) => i.url) },
    });
    assert.equal(h.sim.state.getPost('tiktok', result.platformPostId)?.kind, 'photo');
    assert.equal(h.sim.calls.count({ platform: 'tiktok', method: 'PUT' }), 0, 'photos are pulled, not sent');
  });

  it('takes 35 photos; the description defaults to the content and music to on', async () => {
    const ctx = context({ content: 'Many', mediaItems: photos(35) });
    await drive(ctx);
    const sent = body(INIT_PHOTO);
    assert.equal((sent.source_info?.photo_images as string[] | undefined)?.length, 35);
    assert.equal(sent.post_info?.description, 'Many');
    assert.equal(sent.post_info?.auto_add_music, true);
    assert.equal(sent.post_info?.privacy_level, 'PUBLIC_TO_EVERYONE');
  });

  it('sends a draft video to the inbox (no post_info, no creator info) and says the creator finishes it', async () => {
    const ctx = context({ mediaItems: video(), data: { draft: true } });
    const { result } = await drive(ctx);
    assert.deepEqual(Object.keys(body('/v2/post/publish/inbox/video/init/')), ['source_info']);
    assert.equal(calls('/v2/post/publish/creator_info/query/').length, 0);
    assert.equal(result.state, 'published');
    assert.equal(result.platformPostUrl, 'https://www.tiktok.com/@sim_tiktoker');
    assert.match(
      (result as { warningMessage?: string }).warningMessage ?? '',
      /inbox as a draft.*TikTok app/,
    );
    assert.equal(h.sim.state.listPosts('tiktok', { kind: 'inbox_draft' }).length >= 1, true);
  });

  it('sends draft photos with post_mode MEDIA_UPLOAD and no privacy level', async () => {
    await drive(context({ mediaItems: photos(2), data: { draft: true } }));
    const sent = body(INIT_PHOTO);
    assert.equal(sent.post_mode, 'MEDIA_UPLOAD');
    assert.equal(sent.post_info?.privacy_level, undefined);
  });

  describe('creator info', () => {
    let picky: ReturnType<typeof account>;
    before(() => {
      h.sim.addAccount('tiktok', {
        id: 'picky-creator',
        username: 'picky',
        name: 'Picky',
        creatorInfo: {
          privacyLevelOptions: ['FOLLOWER_OF_CREATOR', 'SELF_ONLY'],
          commentDisabled: true,
          duetDisabled: true,
          stitchDisabled: true,
          maxVideoPostDurationSec: 2,
        },
      } as Partial<SimAccount> & { id: string });
      picky = account('picky-creator');
    });

    it('fails a privacy level the creator does not allow, naming the allowed ones; nothing is sent', async () => {
      const err = await platformFailure(publisher.publish(context({ acct: picky, mediaItems: video() })));
      assert.equal(err.errorClass, 'permanent');
      assert.equal(
        err.message,
        'TikTok: privacyLevel PUBLIC_TO_EVERYONE is not allowed for @picky (allowed: FOLLOWER_OF_CREATOR, SELF_ONLY)',
      );
      assert.equal(calls(INIT_VIDEO).length, 0);
    });

    it('fails interactions the creator turned off when asked for explicitly; unset ones follow the creator', async () => {
      const data = { privacyLevel: 'SELF_ONLY', disableComment: false, disableDuet: false };
      const err = await platformFailure(
        publisher.publish(context({ acct: picky, mediaItems: video(), data })),
      );
      assert.match(err.message, /@picky has turned comments off.*@picky has turned duets off/);
      await drive(context({ acct: picky, mediaItems: video(), data: { privacyLevel: 'SELF_ONLY' } }));
      const sent = body(INIT_VIDEO).post_info;
      assert.deepEqual([sent?.disable_comment, sent?.disable_duet, sent?.disable_stitch], [true, true, true]);
    });

    it('fails a video longer than the creator may post', async (t) => {
      const path = join(tmpdir(), `tiktok-long-${process.pid}.mp4`);
      const args = ['-y', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=size=320x240:rate=10'];
      const made = await new Promise<boolean>((resolve) =>
        execFile('ffmpeg', [...args, '-t', '4', '-pix_fmt', 'yuv420p', '-c:v', 'libx264', path], (e) =>
          resolve(!e),
        ),
      );
      if (!made) return t.skip('ffmpeg is not available');
      const url = h.fixtures.set('/tt/long.mp4', await readFile(path), 'video/mp4');
      await rm(path, { force: true });
      const data = { privacyLevel: 'SELF_ONLY' };
      const err = await platformFailure(
        publisher.publish(context({ acct: picky, mediaItems: [{ type: 'video', url }], data })),
      );
      assert.equal(err.errorClass, 'permanent');
      assert.match(err.message, /the video lasts 4 s; @picky may post videos of at most 2 s/);
    });
  });

  it('follows the status over several polls, then reads the int64 post id exactly', async () => {
    settings().set('processingMs', 20_000);
    settings().set('moderationMs', 30_000);
    const { result, pendings } = await drive(context({ mediaItems: video() }));
    assert.ok(pendings.length >= 4, `${pendings.length} pending answers`);
    assert.ok(pendings.some((p) => /PROCESSING_UPLOAD/.test(p)));
    assert.ok(pendings.some((p) => /moderating/.test(p)));
    assert.equal(calls(INIT_VIDEO).length, 1, 'one init, then only status/fetch');
    assert.equal(calls(STATUS).length, pendings.length);
    assert.ok(BigInt(result.platformPostId) > BigInt(Number.MAX_SAFE_INTEGER));
    assert.ok(h.sim.state.getPost('tiktok', result.platformPostId), 'the id is the exact one TikTok holds');
  });

  it('fails with TikTok fail_reason when the publish ends FAILED', async () => {
    settings().set('failNext', ['duration_check_failed']);
    const ctx = context({ mediaItems: video() });
    const err = await platformFailure(drive(ctx));
    assert.equal(err.errorClass, 'permanent');
    assert.equal(err.message, 'TikTok: the video failed: duration_check_failed');
    assert.equal(
      h.sim.state.listPosts('tiktok', { where: (p) => p.data.title === ctx.target.content }).length,
      0,
    );
  });

  it("is held to TikTok's video rules on FILE_UPLOAD too: a 1 s MP4 ends FAILED with duration_check_failed, a 4 s one posts", async () => {
    const upload = async (seconds: number) => {
      const path = join(tmpdir(), `tt-rules-${process.pid}-${++seq}.mp4`);
      assert.ok(await realMp4(path, { seconds, size: '640x360' }), 'ffmpeg made the MP4');
      const bytes = await readFile(path);
      await rm(path, { force: true });
      return context({
        mediaItems: [{ type: 'video', url: h.fixtures.set(`/tt/real-${seq}.mp4`, bytes, 'video/mp4') }],
      });
    };
    const short = await upload(1);
    const err = await platformFailure(drive(short));
    assert.equal(err.message, 'TikTok: the video failed: duration_check_failed');
    assert.equal(
      h.sim.state.listPosts('tiktok', { where: (p) => p.data.title === short.target.content }).length,
      0,
    );
    const fits = await upload(4);
    const { result } = await drive(fits);
    assert.equal(result.state, 'published');
  });

  it("is held to TikTok's photo rules: a PNG ends FAILED with file_format_check_failed, no post", async () => {
    const png100 = {
      type: 'image' as const,
      url: h.fixtures.set(`/tt/png-${++seq}.png`, png(100, 100), 'image/png'),
    };
    const ctx = context({ mediaItems: [png100] });
    const err = await platformFailure(drive(ctx));
    assert.equal(err.errorClass, 'permanent');
    assert.match(err.message, /file_format_check_failed/);
    assert.equal(
      h.sim.state.listPosts('tiktok', {
        where: (p) => p.kind === 'photo' && p.data.title === ctx.target.content,
      }).length,
      0,
    );
  });

  it('starts over once when TikTok failed on its own side; one post', async () => {
    settings().set('failNext', ['internal']);
    const ctx = context({ mediaItems: photos(1) });
    await drive(ctx);
    assert.equal(calls(INIT_PHOTO).length, 2);
    assert.equal(
      h.sim.state.listPosts('tiktok', { where: (p) => p.data.description === ctx.target.content }).length,
      1,
    );
  });

  it('publish, continuing a publish TikTok failed on its side, starts over once (checkpoint read as the run began)', async () => {
    settings().set('failNext', ['internal']);
    const ctx = context({ mediaItems: photos(1) });
    const first = await publisher.publish(ctx);
    assert.equal(first.state, 'pending');
    h.sim.clock.advance(5000);
    const next = h.resume(ctx);
    // As in the engine: the run's checkpoint does not change when it saves.
    Object.defineProperty(next, 'checkpoint', { value: structuredClone(next.stored) });
    assert.equal((await publisher.publish(next)).state, 'pending');
    assert.equal(calls(INIT_PHOTO).length, 2);
    assert.equal(next.stored.failedInits, 1);
    assert.notEqual(next.stored.publishId, ctx.stored.publishId);
  });

  it('after a crash right after init, only polls the status: no second init, one post', async () => {
    const ctx = context({ mediaItems: photos(2) });
    // The worker dies right after the first write that follows init (for photos, the one
    // that also records that TikTok holds the publish).
    const save = ctx.saveCheckpoint.bind(ctx);
    ctx.saveCheckpoint = async (patch) => {
      await save(patch);
      throw new Error('crash');
    };
    const record = ctx.recordExists.bind(ctx);
    ctx.recordExists = async (post, info) => {
      await record(post, info);
      throw new Error('crash');
    };
    await assert.rejects(publisher.publish(ctx), /crash/);
    assert.ok(ctx.stored.publishId, 'the publish_id was saved the moment init answered');
    let next = h.resume(ctx);
    let found = await publisher.reconcile(next);
    while (found.state === 'pending') {
      h.sim.clock.advance(found.retryInMs);
      next = h.resume(next);
      found = await publisher.reconcile(next);
    }
    assert.equal(found.state, 'published');
    assert.equal(calls(INIT_PHOTO).length, 1);
  });

  it("sends no byte to an upload_url outside TikTok's hosts that OUTBOUND_ALLOWLIST does not allow", async () => {
    let hits = 0;
    const hidden = createServer((_req, res) => {
      hits++;
      res.writeHead(200).end('{}');
    });
    await new Promise<void>((r) => hidden.listen(0, '127.0.0.2', r));
    try {
      const uploadUrl = `http://127.0.0.2:${(hidden.address() as AddressInfo).port}/upload/?upload_id=1`;
      h.sim.faults.add({
        platform: 'tiktok',
        method: 'POST',
        path: INIT_VIDEO,
        times: 1,
        status: 200,
        body: {
          data: { publish_id: 'v_pub_file~v2-1.outside', upload_url: uploadUrl },
          error: { code: 'ok' },
        },
      });
      const err = await platformFailure(publisher.publish(context({ mediaItems: video() })));
      assert.equal(err.errorClass, 'permanent');
      assert.match(err.message, /the platform's URL was refused/);
      assert.equal(hits, 0);
    } finally {
      await new Promise((r) => hidden.close(r));
    }
  });

  it('resumes an upload cut off mid-way at the byte TikTok has', async () => {
    const ctx = context({ mediaItems: video(25 * MB) });
    // The first chunk goes through, the second fails.
    h.sim.faults.add({ platform: 'tiktok', method: 'PUT', path: '/video/', delayMs: 0, times: 1 });
    h.sim.faults.add({ platform: 'tiktok', method: 'PUT', path: '/video/', status: 503, times: 1, body: {} });
    const err = await platformFailure(publisher.publish(ctx));
    assert.equal(err.errorClass, 'transient');
    assert.equal(h.sim.calls.count({ platform: 'tiktok', method: 'PUT' }), 2);
    const { result } = await drive(h.resume(ctx));
    const ranges = h.sim.calls
      .list({ platform: 'tiktok', method: 'PUT' })
      .map((c) => c.headers['content-range']);
    assert.deepEqual(
      ranges.slice(2),
      [`bytes ${10 * MB}-${25 * MB - 1}/${25 * MB}`],
      'only the missing chunk again',
    );
    assert.equal(calls(INIT_VIDEO).length, 1);
    assert.ok(h.sim.state.getPost('tiktok', result.platformPostId));
  });

  it('starts over with a new init when the upload resumes after its upload_url expired; one post', async () => {
    const ctx = context({ mediaItems: video(25 * MB) });
    h.sim.faults.add({ platform: 'tiktok', method: 'PUT', path: '/video/', delayMs: 0, times: 1 });
    h.sim.faults.add({ platform: 'tiktok', method: 'PUT', path: '/video/', status: 503, times: 1, body: {} });
    assert.equal((await platformFailure(publisher.publish(ctx))).errorClass, 'transient');
    h.sim.clock.advance(2 * 60 * 60_000);
    const { result } = await drive(h.resume(ctx));
    assert.equal(calls(INIT_VIDEO).length, 2);
    assert.equal(
      h.sim.state.listPosts('tiktok', { where: (p) => p.data.title === ctx.target.content }).length,
      1,
    );
    assert.ok(h.sim.state.getPost('tiktok', result.platformPostId));
  });

  it('answers unknown for a photo init whose answer was lost (TikTok may be pulling it); absent for a video', async () => {
    const lost = context({ mediaItems: photos(1) });
    h.sim.faults.add({ platform: 'tiktok', path: INIT_PHOTO, dropAfterCommit: 'reset', times: 1 });
    assert.equal((await platformFailure(publisher.publish(lost))).errorClass, 'unknown_outcome');
    const found = await publisher.reconcile(h.resume(lost));
    assert.equal(found.state, 'unknown');
    assert.match(found.state === 'unknown' ? found.reason : '', /no way to find such a post/);
    assert.equal(calls(INIT_PHOTO).length, 1, 'not sent again');

    const lostVideo = context({ mediaItems: video() });
    h.sim.faults.add({ platform: 'tiktok', path: INIT_VIDEO, dropAfterCommit: 'reset', times: 1 });
    await platformFailure(publisher.publish(lostVideo));
    assert.deepEqual(await publisher.reconcile(h.resume(lostVideo)), { state: 'absent' });
  });

  describe("TikTok's refusals", () => {
    it('rate limits: 429 rate_limit_exceeded after 6 inits a minute waits the minute', async () => {
      settings().set('perMinute', { init: 6, status: 30, creatorInfo: 20 });
      const one = account(); // the limits count per token
      for (let i = 0; i < 6; i++) await publisher.publish(context({ acct: one, mediaItems: photos(1) }));
      const err = await platformFailure(publisher.publish(context({ acct: one, mediaItems: photos(1) })));
      assert.equal(err.errorClass, 'rate_limited');
      assert.equal(err.retryAfterMs, 60_000);
      assert.equal(err.platformCode, 'rate_limit_exceeded');
      assert.equal(calls(INIT_PHOTO).at(-1)?.status, 429);
      h.sim.clock.advance(61_000);
      await publisher.publish(context({ acct: one, mediaItems: photos(1) }));
    });

    it('the daily post cap waits a day; an unaudited client may only post privately', async () => {
      settings().set('dailyPostCap', 0);
      const capped = await platformFailure(publisher.publish(context({ mediaItems: photos(1) })));
      assert.equal(capped.errorClass, 'rate_limited');
      assert.equal(capped.retryAfterMs, 24 * 60 * 60_000);
      assert.equal(capped.platformCode, 'spam_risk_too_many_posts');
      settings().delete('dailyPostCap');
      settings().set('unaudited', true);
      const unaudited = await platformFailure(publisher.publish(context({ mediaItems: photos(1) })));
      assert.equal(unaudited.errorClass, 'permanent');
      assert.equal(unaudited.platformCode, 'unaudited_client_can_only_post_to_private_accounts');
      await publisher.publish(context({ mediaItems: photos(1), data: { privacyLevel: 'SELF_ONLY' } }));
    });

    it('an unaudited client posts for at most five creators a day: reached_active_user_cap waits a day', async () => {
      settings().set('unaudited', true);
      h.sim.clock.advance(24 * 60 * 60_000 + 1000); // a new day: the earlier tests' creators no longer count
      for (let i = 0; i < 5; i++) {
        const id = `creator-${i}-${Date.now()}`;
        h.sim.addAccount('tiktok', {
          id,
          username: id,
          creatorInfo: {
            privacyLevelOptions: ['SELF_ONLY'],
            commentDisabled: false,
            duetDisabled: false,
            stitchDisabled: false,
            maxVideoPostDurationSec: 600,
          },
        } as Partial<SimAccount> & { id: string });
        await publisher.publish(
          context({ acct: account(id), mediaItems: photos(1), data: { privacyLevel: 'SELF_ONLY' } }),
        );
      }
      const err = await platformFailure(
        publisher.publish(context({ mediaItems: photos(1), data: { privacyLevel: 'SELF_ONLY' } })),
      );
      assert.equal(err.errorClass, 'rate_limited');
      assert.equal(err.platformCode, 'reached_active_user_cap');
      assert.equal(err.retryAfterMs, 24 * 60 * 60_000);
      h.sim.clock.advance(24 * 60 * 60_000 + 1000);
    });

    it('status/fetch is limited to 30 a minute per token: the look is put off a minute', async () => {
      settings().set('perMinute', { init: 1000, status: 30, creatorInfo: 1000 });
      const ctx = context({ mediaItems: photos(1) });
      await publisher.publish(ctx);
      for (let i = 0; i < 30; i++) await publisher.reconcile(h.resume(ctx));
      const err = await platformFailure(publisher.reconcile(h.resume(ctx)));
      assert.equal(err.errorClass, 'rate_limited');
      assert.equal(err.retryAfterMs, 60_000);
      assert.equal(calls(INIT_PHOTO).length, 1);
    });

    it('photos from a URL prefix not verified with TikTok: url_ownership_unverified', async () => {
      settings().set('verifiedUrlPrefixes', ['https://media.example.com/']);
      const err = await platformFailure(publisher.publish(context({ mediaItems: photos(1) })));
      assert.equal(err.errorClass, 'permanent');
      assert.equal(err.platformCode, 'url_ownership_unverified');
    });

    it('a token without video.publish is scope_not_authorized: reconnect with the scope', async () => {
      const err = await platformFailure(
        publisher.publish(context({ acct: account(ME, ['user.info.basic']), mediaItems: photos(1) })),
      );
      assert.equal(err.errorClass, 'permanent');
      assert.equal(err.reason, 'missing_scopes');
      assert.equal(err.platformCode, 'scope_not_authorized');
    });

    it('an error in a 200 envelope is a refusal all the same', async () => {
      h.sim.faults.add({
        platform: 'tiktok',
        path: INIT_PHOTO,
        status: 200,
        times: 1,
        body: {
          data: {},
          error: {
            code: 'spam_risk_user_banned_from_posting',
            message: 'The user is banned from posting.',
            log_id: 'x',
          },
        },
      });
      const err = await platformFailure(publisher.publish(context({ mediaItems: photos(1) })));
      assert.equal(err.errorClass, 'permanent');
      assert.equal(
        err.message,
        'TikTok: The user is banned from posting. (spam_risk_user_banned_from_posting)',
      );
    });
  });

  it('delete says TikTok can not delete posts', async () => {
    const err = await platformFailure(deleteFromTikTok(h.deleteContext(account(), '7300000000000000001')));
    assert.equal(err.errorClass, 'permanent');
    assert.match(err.message, /can not delete posts.*TikTok app/);
  });
});
