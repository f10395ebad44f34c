/**
 * The Bluesky adapter against the simulator over real HTTP: what is Bluesky's own
 * (facets, link cards, images and video, threads, the record key chosen before the
 * create). The error classes, lost creates, crash resume and delete every publisher
 * shares are in conformance.test.ts.
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { mp4Stub, png } from '../../media/testing.ts';
import type { AccountCredentials } from '../contract.ts';
import { type AdapterHarness, platformFailure, startAdapterHarness } from '../shared/testing.ts';
import { blueskyModule } from './index.ts';
import { videoService } from './media.ts';

const DID = 'did:plc:simbluesky000000000001';
const adapter = blueskyModule.publisher;
type Rec = Record<string, unknown>;

describe('Bluesky adapter against the simulator', () => {
  let h: AdapterHarness;
  let account: AccountCredentials;
  before(async () => {
    h = await startAdapterHarness('bluesky');
  });
  after(() => h.close());
  beforeEach(() => {
    h.sim.faults.clear();
    account = h.account(DID, { handle: 'sim-user.bsky.social' });
  });
  const record = (uri: string) =>
    (h.sim.state.getPost('bluesky', uri)?.data as { record: Rec } | undefined)?.record ?? {};

  it('publishes with facets at UTF-8 byte offsets, a resolved mention, langs and a link card', async () => {
    const thumb = h.fixtures.set('/card.png', png(600, 300), 'image/png');
    const page = h.fixtures.set(
      '/article.html',
      `<html><head><title>fallback</title><meta property="og:title" content="The &amp; Article"><meta property="og:description" content="What it says"><meta property="og:image" content="${thumb}"></head></html>`,
      'text/html; charset=utf-8',
    );
    const text = `Café ☕ read ${page} by @sim-user.bsky.social and @nobody.invalid #atproto`;
    const ctx = h.context({ account, content: text, platformSpecificData: { langs: ['fr', 'en'] } });
    const result = await adapter.publish(ctx);
    const rkey = result.platformPostId.split('/').pop();
    assert.equal(result.platformPostId, `at://${DID}/app.bsky.feed.post/${rkey}`);
    assert.equal(result.platformPostUrl, `https://bsky.app/profile/sim-user.bsky.social/post/${rkey}`);
    assert.deepEqual(ctx.creates, [{ rkey, unit: 0 }], 'the record key was chosen before the create call');
    const rec = record(result.platformPostId);
    assert.deepEqual(rec.langs, ['fr', 'en']);
    const at = (s: string) => Buffer.byteLength(text.slice(0, text.indexOf(s)));
    const range = (s: string) => ({ byteStart: at(s), byteEnd: at(s) + Buffer.byteLength(s) });
    assert.deepEqual(rec.facets, [
      { index: range(page), features: [{ $type: 'app.bsky.richtext.facet#link', uri: page }] },
      {
        index: range('@sim-user.bsky.social'),
        features: [{ $type: 'app.bsky.richtext.facet#mention', did: DID }],
      },
      { index: range('#atproto'), features: [{ $type: 'app.bsky.richtext.facet#tag', tag: 'atproto' }] },
    ]);
    const embed = rec.embed as { $type: string; external: Rec };
    assert.equal(embed.$type, 'app.bsky.embed.external');
    assert.equal(embed.external.uri, page);
    assert.equal(embed.external.title, 'The & Article');
    assert.equal(embed.external.description, 'What it says');
    assert.equal((embed.external.thumb as { mimeType: string }).mimeType, 'image/png');
  });

  it('uploads up to 4 images with their alt texts and aspect ratios; the default language is en', async () => {
    const items = [1, 2, 3, 4].map((i) => ({
      type: 'image' as const,
      url: h.fixtures.set(`/img${i}.png`, png(100 * i, 50), 'image/png'),
    }));
    const result = await adapter.publish(
      h.context({
        account,
        content: 'four',
        mediaItems: items,
        platformSpecificData: { altText: ['one', 'two'] },
      }),
    );
    const rec = record(result.platformPostId);
    assert.deepEqual(rec.langs, ['en']);
    const images = (rec.embed as { images: Rec[] }).images;
    assert.equal(images.length, 4);
    assert.deepEqual(
      images.map((i) => i.alt),
      ['one', 'two', '', ''],
    );
    assert.deepEqual(images[2]?.aspectRatio, { width: 300, height: 50 });
  });

  it('uploads a video through the video service with a service token and waits for the job', async () => {
    h.sim.calls.clear();
    const url = h.fixtures.set('/clip.mp4', mp4Stub(200_000), 'video/mp4');
    const result = await adapter.publish(
      h.context({
        account,
        content: 'video',
        mediaItems: [{ type: 'video', url }],
        platformSpecificData: { altText: ['a clip'] },
      }),
    );
    const embed = record(result.platformPostId).embed as Rec;
    assert.equal(embed.$type, 'app.bsky.embed.video');
    assert.equal(embed.alt, 'a clip');
    assert.equal((embed.video as { size: number }).size, 200_000);
    const auth = h.sim.calls.last({ path: '/xrpc/com.atproto.server.getServiceAuth' });
    assert.equal(auth?.query.lxm, 'com.atproto.repo.uploadBlob');
    assert.equal(auth?.query.aud, 'did:web:127.0.0.1');
    assert.ok(h.sim.calls.count({ path: '/xrpc/app.bsky.video.getJobStatus' }) >= 2);
  });

  it('uploads a video straight to the PDS when no video service serves it', async () => {
    h.sim.calls.clear();
    const url = h.fixtures.set('/clip2.mp4', mp4Stub(100_000), 'video/mp4');
    const ctx = h.context({ account, content: 'video via the PDS', mediaItems: [{ type: 'video', url }] });
    ctx.extraBaseUrls = {};
    const result = await adapter.publish(ctx);
    assert.equal((record(result.platformPostId).embed as Rec).$type, 'app.bsky.embed.video');
    assert.equal(h.sim.calls.count({ path: '/xrpc/app.bsky.video.uploadVideo' }), 0);
    assert.equal(h.sim.calls.count({ path: '/xrpc/com.atproto.repo.uploadBlob' }), 1);
  });

  it("uses Bluesky's video service for accounts on Bluesky's PDSes", () => {
    const on = (service: string) =>
      videoService({}, { service, account, signal: new AbortController().signal });
    assert.equal(on('https://bsky.social'), 'https://video.bsky.app');
    assert.equal(on('https://morel.us-east.host.bsky.network'), 'https://video.bsky.app');
    assert.equal(on('https://pds.example.org'), undefined);
  });

  it('posts thread items as replies with root and parent', async () => {
    const ctx = h.context({
      account,
      content: 'root',
      platformSpecificData: { threadItems: [{ content: 'second' }, { content: 'third' }] },
    });
    const result = await adapter.publish(ctx);
    const units = ctx.stored.units as Record<string, { uri: string; cid: string }>;
    const third = record(units[2]?.uri ?? '');
    assert.deepEqual(third.reply, {
      root: { uri: result.platformPostId, cid: units[0]?.cid },
      parent: { uri: units[1]?.uri, cid: units[1]?.cid },
    });
  });

  it('reconciles a lost create with getRecord on the chosen key, and reports absent when it never happened', async () => {
    h.sim.faults.add({
      platform: 'bluesky',
      path: '/xrpc/com.atproto.repo.createRecord',
      dropAfterCommit: 'reset',
      times: 1,
    });
    const ctx = h.context({ account, content: 'lost answer' });
    const err = await platformFailure(adapter.publish(ctx));
    assert.equal(err.errorClass, 'unknown_outcome');
    const rkey = String(ctx.creates[0]?.rkey);
    const found = await adapter.reconcile(h.resume(ctx));
    assert.deepEqual(found, {
      state: 'published',
      platformPostId: `at://${DID}/app.bsky.feed.post/${rkey}`,
      platformPostUrl: `https://bsky.app/profile/sim-user.bsky.social/post/${rkey}`,
    });
    assert.equal(
      h.sim.countPosts('bluesky', { where: (p) => (p.data.record as Rec).text === 'lost answer' }),
      1,
    );

    h.sim.faults.add({
      platform: 'bluesky',
      path: '/xrpc/com.atproto.repo.createRecord',
      timeout: true,
      times: 1,
    });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 200);
    const never = h.context({ account, content: 'never written', signal: controller.signal });
    assert.equal((await platformFailure(adapter.publish(never))).errorClass, 'unknown_outcome');
    assert.deepEqual(await adapter.reconcile(h.resume(never)), { state: 'absent' });
    const retried = h.resume(never);
    await adapter.publish(retried);
    assert.equal(retried.creates[0]?.rkey, never.creates[0]?.rkey, 'the retry keeps the record key');
  });

  it('reads an expired session token (400 ExpiredToken) as auth, with its code', async () => {
    const expired = h.account(DID);
    h.sim.state.expireTokens({ platform: 'bluesky' });
    const auth = await platformFailure(adapter.publish(h.context({ account: expired, content: 'expired' })));
    assert.equal(auth.errorClass, 'auth');
    assert.equal(auth.platformCode, 'ExpiredToken');
  });

  it('refuses an image larger than Bluesky takes, naming the item', async () => {
    const big = h.fixtures.set('/big.png', png(10, 10, 2_100_000), 'image/png');
    const err = await platformFailure(
      adapter.publish(h.context({ account, content: 'big', mediaItems: [{ type: 'image', url: big }] })),
    );
    assert.equal(err.errorClass, 'permanent');
    assert.match(
      err.message,
      /^media item 1 \(.*big\.png\) is \d+ bytes; Bluesky accepts images up to 2000000 bytes$/,
    );
  });

  it('is held by the PDS to the images lexicon: an image over 1,000,000 bytes is refused, nothing posted', async () => {
    const heavy = h.fixtures.set('/heavy.png', png(10, 10, 1_500_000), 'image/png');
    const err = await platformFailure(
      adapter.publish(h.context({ account, content: 'heavy', mediaItems: [{ type: 'image', url: heavy }] })),
    );
    assert.equal(err.errorClass, 'permanent');
    assert.match(err.message, /Record\/embed\/images\/0\/image file too big \(max 1000000 bytes\)/);
  });

  /** Publishes a root with two thread items; answers the root URI, every record URI by unit and the checkpoint. */
  const publishThread = async (text: string) => {
    const threadItems = [{ content: `${text}, part 2` }, { content: `${text}, part 3` }];
    const ctx = h.context({ account, content: `${text}, part 1`, platformSpecificData: { threadItems } });
    const result = await adapter.publish(ctx);
    const units = ctx.stored.units as Record<string, { uri: string }>;
    return {
      rootUri: result.platformPostId,
      uris: [0, 1, 2].map((i) => units[i]?.uri ?? ''),
      checkpoint: ctx.stored,
    };
  };
  const isDeleted = (uri: string) => h.sim.state.getPost('bluesky', uri)?.deleted === true;
  const deletedKeys = () =>
    h.sim.calls
      .list({ path: '/xrpc/com.atproto.repo.deleteRecord' })
      .map((c) => (c.body as { rkey: string }).rkey);
  const rkey = (uri: string | undefined) => uri?.split('/').pop();

  it('deletes every record of a thread, the last reply first and the root last', async () => {
    const { rootUri, uris, checkpoint } = await publishThread('a thread to delete');
    assert.equal(rootUri, uris[0]);
    h.sim.calls.clear();
    await adapter.delete(h.deleteContext(account, rootUri, checkpoint));
    assert.deepEqual(deletedKeys(), [rkey(uris[2]), rkey(uris[1]), rkey(uris[0])]);
    assert.deepEqual(uris.map(isDeleted), [true, true, true]);
  });

  it('deletes a thread whose parts are partly gone already, by the chosen key when the create answer was lost', async () => {
    const { rootUri, uris, checkpoint } = await publishThread('a thread partly gone');
    h.sim.state.deletePost('bluesky', uris[1] ?? '');
    const units = structuredClone(checkpoint.units) as Record<string, Rec>;
    delete units[0];
    delete units[2]?.uri;
    await adapter.delete(h.deleteContext(account, rootUri, { units }));
    assert.deepEqual(uris.map(isDeleted), [true, true, true]);
    await adapter.delete(h.deleteContext(account, rootUri, checkpoint));
  });

  it('names the thread item that could not be deleted and what is still on Bluesky; deleting again finishes', async () => {
    const { rootUri, uris, checkpoint } = await publishThread('a thread that resists');
    h.sim.faults.add({
      platform: 'bluesky',
      path: '/xrpc/com.atproto.repo.deleteRecord',
      status: 502,
      body: { error: 'UpstreamFailure', message: 'upstream' },
      times: 1,
    });
    const err = await platformFailure(adapter.delete(h.deleteContext(account, rootUri, checkpoint)));
    assert.equal(err.errorClass, 'transient');
    assert.equal(err.platformCode, 'UpstreamFailure');
    assert.equal(
      err.message,
      'Thread item 2 could not be deleted (Bluesky: upstream); still on Bluesky: the post, thread item 1 and thread item 2',
    );
    assert.deepEqual(uris.map(isDeleted), [false, false, false]);
    await adapter.delete(h.deleteContext(account, rootUri, checkpoint));
    assert.deepEqual(uris.map(isDeleted), [true, true, true]);
  });
});
