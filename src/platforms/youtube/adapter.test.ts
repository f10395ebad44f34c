/**
 * The YouTube adapter against the simulator over real HTTP: what is YouTube's own
 * (every YouTubeConfigurations field, the chunked resumable upload cut at several
 * offsets and resumed, processing states, the thumbnail and its failure, scheduled
 * private → public, the first-comment capability the engine calls once the video
 * is live, quota errors). The error classes,
 * lost creates, crash resume and delete every publisher shares are in
 * conformance.test.ts.
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import { nextPacificMidnight } from '../../facts/pacific-time.ts';
import { mp4Stub, png, realMp4 } from '../../media/testing.ts';
import type { SimCall } from '../../simulator/index.ts';
import type { AccountCredentials, PublishResult } from '../contract.ts';
import {
  type AdapterHarness,
  platformFailure,
  startAdapterHarness,
  type TestContext,
} from '../shared/testing.ts';
import { youtubeModule } from './index.ts';
import { uploadSettings } from './publish.ts';

const CHANNEL_USER = '110000000000000000001';
const MiB = 1024 * 1024;
const adapter = youtubeModule.publisher;
const UPLOAD = '/upload/youtube/v3/videos';

interface StoredVideo {
  snippet: { title: string; description: string; tags?: string[]; categoryId: string };
  status: Record<string, unknown>;
  thumbnail?: { bytes: number; contentType: string };
}

describe('YouTube adapter against the simulator', () => {
  let h: AdapterHarness;
  let account: AccountCredentials;
  let seq = 0;
  const settings = () => h.sim.state.collection<unknown>('youtube', 'settings');
  before(async () => {
    h = await startAdapterHarness('youtube');
  });
  after(() => h.close());
  beforeEach(() => {
    h.sim.faults.clear();
    h.sim.calls.clear();
    settings().clear();
    settings().set('processingMs', 1000);
    account = h.account(CHANNEL_USER);
  });
  afterEach(() => {
    uploadSettings.chunkBytes = undefined;
    uploadSettings.runBudgetMs = undefined;
  });

  const video = (bytes = 300_000) => h.fixtures.set(`/yt/v${++seq}.mp4`, mp4Stub(bytes), 'video/mp4');
  const context = (init: {
    content?: string;
    bytes?: number;
    thumbnail?: string;
    options?: Record<string, unknown>;
    scheduledFor?: string;
  }) =>
    h.context({
      account,
      content: init.content ?? `A video ${++seq} ${Date.now()}`,
      mediaItems: [
        { type: 'video', url: video(init.bytes), ...(init.thumbnail ? { thumbnail: init.thumbnail } : {}) },
      ],
      platformSpecificData: init.options ?? {},
      ...(init.scheduledFor ? { scheduledFor: init.scheduledFor } : {}),
    });
  /** Publishes, and publishes again from the checkpoint while YouTube processes (the clock moved on). */
  const publishUntilDone = async (first: TestContext) => {
    let ctx = first;
    const answers: PublishResult[] = [];
    for (let round = 0; round < 10; round++) {
      const result = await adapter.publish(ctx);
      answers.push(result);
      if (result.state === 'published') return { result, ctx, answers };
      h.sim.clock.advance(result.retryInMs);
      ctx = h.resume(ctx);
    }
    throw new Error('still pending');
  };
  /** The stored video (the simulator's VideoData). */
  const stored = (id: string) => h.sim.state.getPost('youtube', id)?.data as unknown as StoredVideo;
  const dataPuts = () =>
    h.sim.calls
      .list({ platform: 'youtube', method: 'PUT', path: UPLOAD })
      .filter((c) => !/^bytes \*\//.test(String(c.headers['content-range'])));
  const probes = () =>
    h.sim.calls
      .list({ platform: 'youtube', method: 'PUT', path: UPLOAD })
      .filter((c) => /^bytes \*\//.test(String(c.headers['content-range'])));
  const rangeOf = (c: SimCall) => String(c.headers['content-range']);

  it('sends every YouTubeConfigurations field and answers the watch URL once processed', async () => {
    const ctx = context({
      content: 'My trip\nto the mountains, and more words after the first line',
      options: {
        title: 'Mountains',
        tags: ['travel', 'mountains'],
        visibility: 'unlisted',
        madeForKids: true,
        containsSyntheticMedia: true,
        categoryId: '19',
      },
    });
    const { result, answers } = await publishUntilDone(ctx);
    assert.equal(answers[0]?.state, 'pending', 'YouTube processes the video first');
    assert.equal(result.state, 'published');
    if (result.state !== 'published') return;
    assert.match(result.platformPostId, /^[A-Za-z0-9_-]{11}$/);
    assert.equal(result.platformPostUrl, `https://www.youtube.com/watch?v=${result.platformPostId}`);
    assert.equal(result.warningMessage, undefined);
    const v = stored(result.platformPostId);
    assert.equal(v.snippet.title, 'Mountains');
    assert.equal(v.snippet.description, 'My trip\nto the mountains, and more words after the first line');
    assert.deepEqual(v.snippet.tags, ['travel', 'mountains']);
    assert.equal(v.snippet.categoryId, '19');
    assert.equal(v.status.privacyStatus, 'unlisted', 'publish-now uploads with the visibility asked');
    assert.equal(v.status.selfDeclaredMadeForKids, true);
    assert.equal(v.status.containsSyntheticMedia, true);
    assert.equal(h.sim.calls.count({ method: 'PUT', path: '/youtube/v3/videos' }), 0, 'no update needed');
    const start = h.sim.calls.last({ method: 'POST', path: UPLOAD });
    assert.equal(start?.query.uploadType, 'resumable');
    assert.equal(start?.headers['x-upload-content-length'], '300000');
  });

  it('defaults: title from the text on one line (100 characters), category 22, public', async () => {
    const long = `${'word '.repeat(30)}\nsecond line`;
    const { result } = await publishUntilDone(context({ content: long }));
    assert.equal(result.state, 'published');
    if (result.state !== 'published') return;
    const v = stored(result.platformPostId);
    assert.equal(v.snippet.title, 'word '.repeat(20).trim());
    assert.equal(v.snippet.categoryId, '22');
    assert.equal(v.status.privacyStatus, 'public');
    assert.equal(v.status.selfDeclaredMadeForKids, false);
    assert.equal(v.status.containsSyntheticMedia, false);

    const untitled = await publishUntilDone(context({ content: '  ' }));
    assert.equal(untitled.result.state, 'published');
    if (untitled.result.state === 'published')
      assert.equal(stored(untitled.result.platformPostId).snippet.title, 'Untitled video');
  });

  it('uploads in chunks of a multiple of 256 KiB read from the staged file, the last one the rest', async () => {
    uploadSettings.chunkBytes = 8 * MiB;
    const size = 20 * MiB + 12_345;
    const ctx = context({ bytes: size });
    const { result } = await publishUntilDone(ctx);
    assert.equal(result.state, 'published');
    assert.deepEqual(dataPuts().map(rangeOf), [
      `bytes 0-${8 * MiB - 1}/${size}`,
      `bytes ${8 * MiB}-${16 * MiB - 1}/${size}`,
      `bytes ${16 * MiB}-${size - 1}/${size}`,
    ]);
    assert.deepEqual(
      dataPuts().map((c) => c.status),
      [308, 308, 200],
    );
    assert.deepEqual(ctx.creates, [{ uploadUri: (ctx.stored.upload as { uri: string }).uri }]);
    assert.equal(h.sim.state.collection('youtube', 'uploads').size > 0, true);
  });

  for (const chunk of [1, 2, 3]) {
    it(`resumes an upload cut off by a crash during chunk ${chunk + 1} from the offset the session reports`, async () => {
      uploadSettings.chunkBytes = MiB;
      const size = 4 * MiB + 100;
      const first = context({ bytes: size });
      // The chunk starting at `chunk` MiB never gets an answer; the worker dies meanwhile.
      const controller = new AbortController();
      const ctx = h.context({
        ...first,
        account,
        content: first.target.content,
        mediaItems: first.target.mediaItems,
        signal: controller.signal,
      });
      // The earlier chunks go through: the fault is added once they were answered.
      const waiting = h.sim.calls.waitFor(
        { platform: 'youtube', method: 'PUT', path: UPLOAD },
        { count: chunk, answered: true },
      );
      const run = platformFailure(adapter.publish(ctx));
      await waiting;
      h.sim.faults.add({ platform: 'youtube', method: 'PUT', path: UPLOAD, timeout: true, times: 1 });
      await h.sim.calls.waitFor({ platform: 'youtube', method: 'PUT', path: UPLOAD }, { count: chunk + 1 });
      controller.abort();
      const err = await run;
      assert.equal(err.errorClass, 'transient', 'a non-final chunk creates nothing: plain retry');
      assert.equal(ctx.creates.length, 0);
      assert.equal(dataPuts().length, chunk + 1);

      h.sim.calls.clear();
      const { result } = await publishUntilDone(h.resume(ctx));
      assert.equal(result.state, 'published');
      assert.equal(probes().length, 1, 'the resumed job asks the session first');
      assert.equal(probes()[0]?.status, 308);
      assert.equal(h.sim.calls.count({ method: 'POST', path: UPLOAD }), 0, 'the same session goes on');
      assert.equal(
        rangeOf(dataPuts()[0] as SimCall),
        `bytes ${chunk * MiB}-${(chunk + 1) * MiB - 1}/${size}`,
      );
      assert.equal(dataPuts().length, 4 - chunk + 1);
      assert.equal(
        h.sim.state.listPosts('youtube', {
          where: (p) => (p.data as unknown as StoredVideo).snippet.description === ctx.target.content,
        }).length,
        1,
      );
    });
  }

  it('hands a long upload back as pending between runs; each run goes on from the session offset', async () => {
    uploadSettings.chunkBytes = MiB;
    uploadSettings.runBudgetMs = 0;
    const size = 3 * MiB + 5;
    const ctx = context({ bytes: size, options: {} });
    const { result, answers } = await publishUntilDone(ctx);
    assert.equal(result.state, 'published');
    assert.deepEqual(
      answers.slice(0, 3).map((a) => (a.state === 'pending' ? [a.retryInMs, a.reason] : a.state)),
      [1, 2, 3].map((n) => [0, `uploading the video to YouTube: ${n * MiB} of ${size} bytes sent`]),
    );
    assert.deepEqual(dataPuts().map(rangeOf), [
      `bytes 0-${MiB - 1}/${size}`,
      `bytes ${MiB}-${2 * MiB - 1}/${size}`,
      `bytes ${2 * MiB}-${3 * MiB - 1}/${size}`,
      `bytes ${3 * MiB}-${size - 1}/${size}`,
    ]);
    assert.equal(probes().length, 3, 'each later run asks the session where to go on');
    assert.equal(h.sim.calls.count({ method: 'POST', path: UPLOAD }), 1, 'one session');
  });

  it('after a dropped connection mid-upload, asks the session and goes on from what it received', async () => {
    uploadSettings.chunkBytes = MiB;
    const size = 3 * MiB + 10;
    // Chunk 2 arrives whole but the connection drops before its answer.
    const ctx = context({ bytes: size });
    const waiter = h.sim.calls.waitFor(
      { platform: 'youtube', method: 'PUT', path: UPLOAD },
      { count: 1, answered: true },
    );
    const run = publishUntilDone(ctx);
    await waiter;
    h.sim.faults.add({
      platform: 'youtube',
      method: 'PUT',
      path: UPLOAD,
      dropAfterCommit: 'reset',
      times: 1,
    });
    const { result } = await run;
    assert.equal(result.state, 'published');
    assert.deepEqual(dataPuts().map(rangeOf), [
      `bytes 0-${MiB - 1}/${size}`,
      `bytes ${MiB}-${2 * MiB - 1}/${size}`,
      `bytes ${2 * MiB}-${3 * MiB - 1}/${size}`,
      `bytes ${3 * MiB}-${size - 1}/${size}`,
    ]);
    assert.equal(dataPuts().length, 4, 'the chunk that arrived was not sent again');
    assert.deepEqual(
      probes().map((c) => c.status),
      [308],
    );
  });

  it('sends a refused chunk again after the probe, and starts a new session when the old one is gone', async () => {
    uploadSettings.chunkBytes = MiB;
    const size = 2 * MiB + 10;
    const ctx = context({ bytes: size });
    h.sim.faults.add({ platform: 'youtube', method: 'PUT', path: UPLOAD, status: 503, times: 1 });
    const { result } = await publishUntilDone(ctx);
    assert.equal(result.state, 'published');
    assert.deepEqual(dataPuts().map(rangeOf), [
      `bytes 0-${MiB - 1}/${size}`,
      `bytes 0-${MiB - 1}/${size}`,
      `bytes ${MiB}-${2 * MiB - 1}/${size}`,
      `bytes ${2 * MiB}-${size - 1}/${size}`,
    ]);

    // A session the platform forgot (404): no video came of it, so a new session starts.
    h.sim.calls.clear();
    const again = context({ bytes: size });
    h.sim.faults.add({ platform: 'youtube', method: 'PUT', path: UPLOAD, timeout: true, times: 1 });
    const controller = new AbortController();
    const first = h.context({
      account,
      content: again.target.content,
      mediaItems: again.target.mediaItems,
      signal: controller.signal,
    });
    const run = platformFailure(adapter.publish(first));
    await h.sim.calls.waitFor({ platform: 'youtube', method: 'PUT', path: UPLOAD });
    controller.abort();
    assert.equal((await run).errorClass, 'transient');
    h.sim.state.collection('youtube', 'uploads').clear();
    const done = await publishUntilDone(h.resume(first));
    assert.equal(done.result.state, 'published');
    assert.equal(h.sim.calls.count({ method: 'POST', path: UPLOAD }), 2, 'one more session');
    assert.deepEqual(
      probes().map((c) => c.status),
      [404],
    );
  });

  it('reconciles a lost final chunk whose session has expired as unknown, never uploading again', async () => {
    const ctx = h.context({
      account,
      content: `expired ${++seq}`,
      mediaItems: [{ type: 'video', url: video() }],
    });
    const controller = new AbortController();
    const lost = h.context({
      account,
      content: ctx.target.content,
      mediaItems: ctx.target.mediaItems,
      signal: controller.signal,
    });
    h.sim.faults.add({ platform: 'youtube', method: 'PUT', path: UPLOAD, timeout: true, times: 1 });
    const run = platformFailure(adapter.publish(lost));
    await h.sim.calls.waitFor({ platform: 'youtube', method: 'PUT', path: UPLOAD });
    controller.abort();
    assert.equal((await run).errorClass, 'unknown_outcome', 'the final chunk may have made the video');
    assert.equal(lost.creates.length, 1);
    h.sim.state.collection('youtube', 'uploads').clear();
    h.sim.calls.clear();
    const found = await adapter.reconcile(h.resume(lost));
    assert.deepEqual(found, {
      state: 'unknown',
      reason: 'the YouTube upload session expired before it could be checked',
    });
    assert.equal(h.sim.calls.count({ method: 'POST', path: UPLOAD }), 0);
  });

  it('fails the target with the reason when processing fails or the video is rejected', async () => {
    settings().set('processingOutcome', 'failed');
    const failed = await platformFailure(publishUntilDone(context({})));
    assert.equal(failed.errorClass, 'permanent');
    assert.equal(failed.message, 'YouTube: processing failed (codec)');
    settings().set('processingOutcome', 'rejected');
    const rejected = await platformFailure(publishUntilDone(context({})));
    assert.equal(rejected.message, 'YouTube: the video was rejected (duplicate)');
  });

  it("is held to YouTube's media rules: an Ogg video (a container YouTube does not list) fails processing with invalidFile; an MP4 publishes", async () => {
    const dir = await mkdtemp(join(tmpdir(), 'yt-rules-'));
    try {
      const ogv = join(dir, 'theora.ogv');
      const made = await new Promise<boolean>((done) =>
        execFile(
          'ffmpeg',
          [
            '-y',
            '-loglevel',
            'error',
            '-f',
            'lavfi',
            '-i',
            'testsrc=size=320x240:rate=10',
            '-t',
            '1',
            '-c:v',
            'libtheora',
            ogv,
          ],
          (err) => done(!err),
        ),
      );
      assert.ok(made, 'ffmpeg made the Ogg video');
      const refused = h.context({
        account,
        content: `An Ogg video ${++seq}`,
        mediaItems: [
          { type: 'video', url: h.fixtures.set(`/yt/o${seq}.ogv`, await readFile(ogv), 'video/ogg') },
        ],
      });
      const failed = await platformFailure(publishUntilDone(refused));
      assert.equal(failed.errorClass, 'permanent');
      assert.equal(failed.message, 'YouTube: processing failed (invalidFile)');
      assert.ok(await realMp4(join(dir, 'fit.mp4')), 'ffmpeg made the MP4');
      const fit = h.fixtures.set(`/yt/fit${seq}.mp4`, await readFile(join(dir, 'fit.mp4')), 'video/mp4');
      const ok = h.context({
        account,
        content: `A fitting video ${++seq}`,
        mediaItems: [{ type: 'video', url: fit }],
      });
      const { result } = await publishUntilDone(ok);
      assert.equal(h.sim.state.getPost('youtube', result.platformPostId)?.data.outcome, 'processed');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('polls processing by answering pending with YouTube estimate, without re-uploading', async () => {
    settings().set('processingMs', 45_000);
    const ctx = context({});
    const first = await adapter.publish(ctx);
    assert.equal(first.state, 'pending');
    if (first.state !== 'pending') return;
    assert.ok(first.retryInMs > 40_000 && first.retryInMs <= 45_000, String(first.retryInMs));
    assert.equal(first.reason, 'YouTube is processing the video');
    // The engine keeps the create in flight: the next run is reconcile, which finishes.
    const still = await adapter.reconcile(h.resume(ctx));
    assert.equal(still.state, 'pending');
    h.sim.clock.advance(45_000);
    h.sim.calls.clear();
    const found = await adapter.reconcile(h.resume(ctx));
    assert.equal(found.state, 'published');
    assert.equal(h.sim.calls.count({ method: 'PUT' }), 0, 'nothing uploaded or probed again');
  });

  it('sets the custom thumbnail of the media item', async () => {
    const thumb = h.fixtures.set(`/yt/thumb${++seq}.png`, png(1280, 720), 'image/png');
    const { result } = await publishUntilDone(context({ thumbnail: thumb }));
    assert.equal(result.state, 'published');
    if (result.state !== 'published') return;
    assert.equal(result.warningMessage, undefined);
    assert.deepEqual(stored(result.platformPostId).thumbnail, {
      bytes: png(1280, 720).length,
      contentType: 'image/png',
    });
    const call = h.sim.calls.last({ method: 'POST', path: '/upload/youtube/v3/thumbnails/set' });
    assert.equal(call?.query.videoId, result.platformPostId);
    assert.equal(call?.headers['content-type'], 'image/png');
  });

  it('leaves the video published with a warning when the thumbnail fails (YouTube refuses it, or it breaks the rules)', async () => {
    settings().set('thumbnailsAllowed', false);
    const thumb = h.fixtures.set(`/yt/thumb${++seq}.png`, png(1280, 720), 'image/png');
    const refused = await publishUntilDone(context({ thumbnail: thumb }));
    assert.equal(refused.result.state, 'published');
    if (refused.result.state !== 'published') return;
    assert.equal(
      refused.result.warningMessage,
      "The custom thumbnail was not set: YouTube: The authenticated user doesn't have permissions to upload and set custom video thumbnails.",
    );
    assert.equal(stored(refused.result.platformPostId).thumbnail, undefined);

    settings().delete('thumbnailsAllowed');
    const small = h.fixtures.set(`/yt/small${++seq}.png`, png(320, 180), 'image/png');
    const tooSmall = await publishUntilDone(context({ thumbnail: small }));
    assert.equal(tooSmall.result.state, 'published');
    if (tooSmall.result.state !== 'published') return;
    assert.match(
      tooSmall.result.warningMessage ?? '',
      /^The custom thumbnail was not set: .*at least 640 px wide/,
    );
  });

  it('does not send the thumbnail of a Short (vertical, up to 3 minutes): published with a warning', async (t) => {
    const dir = await mkdtemp(join(tmpdir(), 'yt-short-'));
    t.after(() => rm(dir, { recursive: true, force: true }));
    const path = join(dir, 'short.mp4');
    const made = await new Promise<boolean>((resolve) =>
      execFile(
        'ffmpeg',
        ['-y', '-loglevel', 'error', '-f', 'lavfi', '-i', 'testsrc=size=240x320:rate=10', '-t', '1'].concat([
          '-pix_fmt',
          'yuv420p',
          '-c:v',
          'libx264',
          path,
        ]),
        (err) => resolve(!err),
      ),
    );
    if (!made) return t.skip('ffmpeg is not installed');
    const short = h.fixtures.set(`/yt/short${++seq}.mp4`, await readFile(path), 'video/mp4');
    const thumb = h.fixtures.set(`/yt/thumb${++seq}.png`, png(1280, 720), 'image/png');
    const ctx = h.context({
      account,
      content: `a short ${seq}`,
      mediaItems: [{ type: 'video', url: short, thumbnail: thumb }],
    });
    const { result } = await publishUntilDone(ctx);
    assert.equal(result.state, 'published');
    if (result.state !== 'published') return;
    assert.match(result.warningMessage ?? '', /^The custom thumbnail was not set: .*Shorts/);
    assert.equal(h.sim.calls.count({ method: 'POST', path: '/upload/youtube/v3/thumbnails/set' }), 0);
  });

  it('a scheduled post uploads private and becomes public once processed (its first comment is the engine’s)', async () => {
    const ctx = context({
      options: { visibility: 'public', firstComment: 'First! Links below.', madeForKids: false },
      scheduledFor: new Date().toISOString(),
    });
    const first = await adapter.publish(ctx);
    assert.equal(first.state, 'pending');
    const start = h.sim.calls.last({ method: 'POST', path: UPLOAD });
    assert.equal(
      (start?.body as StoredVideo | undefined)?.status.privacyStatus,
      'private',
      'uploaded private',
    );
    const id = ctx.stored.videoId as string;
    assert.equal(stored(id).status.privacyStatus, 'private');
    h.sim.clock.advance(1000);
    const found = await adapter.reconcile(h.resume(ctx));
    assert.deepEqual(found, {
      state: 'published',
      platformPostId: id,
      platformPostUrl: `https://www.youtube.com/watch?v=${id}`,
    });
    assert.equal(stored(id).status.privacyStatus, 'public');
    const writes = h.sim.calls
      .list({ platform: 'youtube' })
      .filter((c) => c.method !== 'GET' && c.path !== UPLOAD)
      .map((c) => `${c.method} ${c.path}`);
    assert.deepEqual(writes, ['PUT /youtube/v3/videos'], 'made public; publishing posts no comment');
    const update = h.sim.calls.last({ method: 'PUT', path: '/youtube/v3/videos' });
    assert.deepEqual((update?.body as StoredVideo | undefined)?.status, {
      privacyStatus: 'public',
      selfDeclaredMadeForKids: false,
      containsSyntheticMedia: false,
      embeddable: true,
      license: 'youtube',
      publicStatsViewable: true,
    });
  });

  it('a scheduled private video stays private', async () => {
    const priv = await publishUntilDone(
      context({ options: { visibility: 'private' }, scheduledFor: new Date().toISOString() }),
    );
    assert.equal(priv.result.state, 'published');
    assert.equal(h.sim.calls.count({ method: 'PUT', path: '/youtube/v3/videos' }), 0);
  });

  describe('first comment (the capability the engine calls once the video is live)', () => {
    const comments = youtubeModule.firstComment;
    /** The integration's platformUserId is the channel id (account.ts). */
    const channel = () => ({ ...account, platformUserId: 'UCsimchannel000000000001' });
    const liveVideo = async (options: Record<string, unknown> = {}) => {
      const { result } = await publishUntilDone(context({ options }));
      assert.equal(result.state, 'published');
      return result.state === 'published' ? result.platformPostId : '';
    };

    it('posts a comment thread on the video and finds it again by the channel and the text', async () => {
      const id = await liveVideo();
      const ctx = h.commentContext(channel(), id, 'First! Links below.');
      assert.deepEqual(await comments.find(ctx), { state: 'absent' });
      const commentId = await comments.post(ctx);
      const sent = h.sim.calls.last({ method: 'POST', path: '/youtube/v3/commentThreads' });
      assert.deepEqual(sent?.body, {
        snippet: { videoId: id, topLevelComment: { snippet: { textOriginal: 'First! Links below.' } } },
      });
      assert.deepEqual(await comments.find(ctx), { state: 'found', commentId });
      assert.deepEqual(await comments.find(h.commentContext(channel(), id, 'another text')), {
        state: 'absent',
      });
      assert.deepEqual(
        await comments.find(h.commentContext(account, id, 'First! Links below.')),
        {
          state: 'absent',
        },
        'another channel’s comment is not ours',
      );
    });

    it('YouTube refuses comments on videos made for kids (commentsDisabled, permanent)', async () => {
      const id = await liveVideo({ madeForKids: true });
      const refused = await platformFailure(comments.post(h.commentContext(channel(), id, 'hi kids')));
      assert.equal(refused.errorClass, 'permanent');
      assert.equal(
        refused.message,
        'YouTube: The video identified by the videoId parameter has disabled comments.',
      );
    });

    it('its own platformSpecificData.firstComment replaces the post’s; a checkpoint of an earlier version counts', () => {
      assert.equal(comments.ownText?.({ firstComment: 'own' }), 'own');
      assert.equal(comments.ownText?.({}), undefined);
      assert.deepEqual(comments.earlier?.({ videoId: 'x', comment: 'Ugz1' }), { commentId: 'Ugz1' });
      assert.equal(comments.earlier?.({ videoId: 'x', comment: 'failed' }), 'handled');
      assert.equal(comments.earlier?.({ videoId: 'x' }), undefined);
    });
  });

  it('quotaExceeded waits until midnight Pacific; the channel upload cap waits a day', async () => {
    settings().set('quotaLimit', 0);
    const before = Date.now();
    const quota = await platformFailure(adapter.publish(context({})));
    assert.equal(quota.errorClass, 'rate_limited');
    assert.equal(quota.platformCode, 'quotaExceeded');
    assert.equal(
      quota.message,
      'YouTube: The request cannot be completed because you have exceeded your quota. (the daily quota resets at midnight Pacific time)',
    );
    const expected = nextPacificMidnight(before) - before;
    assert.ok(Math.abs((quota.retryAfterMs ?? 0) - expected) < 2000, `${quota.retryAfterMs} vs ${expected}`);
    settings().delete('quotaLimit');

    settings().set('dailyUploadCap', 0);
    const cap = await platformFailure(adapter.publish(context({})));
    assert.equal(cap.errorClass, 'rate_limited');
    assert.equal(cap.platformCode, 'uploadLimitExceeded');
    assert.equal(cap.retryAfterMs, 24 * 3600_000);
  });

  it('deletes the video with videos.delete', async () => {
    const { result } = await publishUntilDone(context({}));
    if (result.state !== 'published') throw new Error('not published');
    await adapter.delete(h.deleteContext(account, result.platformPostId));
    assert.equal(h.sim.state.getPost('youtube', result.platformPostId)?.deleted, true);
    const call = h.sim.calls.last({ method: 'DELETE', path: '/youtube/v3/videos' });
    assert.equal(call?.query.id, result.platformPostId);
    assert.equal(call?.status, 204);
  });
});
