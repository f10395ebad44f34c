/**
 * The Google Business Profile adapter against the simulator over real HTTP: what
 * is its own. Every GoogleBusinessConfigurations field as the LocalPost Google
 * receives (each topic type, each call to action, event dates and times, offer
 * details), the photo, Google's review states (PROCESSING, REJECTED), the
 * location read from the connect metadata, delete. Google's error bodies and quota
 * are in errors.test.ts, reconcile in reconcile.test.ts; the error classes, lost
 * creates, crash resume and delete every publisher shares in conformance.test.ts.
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { gif, png } from '../../media/testing.ts';
import type { AccountCredentials, MediaItem, PublishResult } from '../contract.ts';
import {
  type AdapterHarness,
  platformFailure,
  startAdapterHarness,
  type TestContext,
} from '../shared/testing.ts';
import { googleBusinessModule } from './index.ts';
import { OFFER_DAYS } from './local-post.ts';
import { PROCESSING_RETRY_MS } from './publish.ts';

const USER = '110000000000000000002';
const ACCOUNT = 'accounts/100000000000000000001';
const LOCATION = `${ACCOUNT}/locations/1000000000000000001`;
const adapter = googleBusinessModule.publisher;

type Published = Extract<PublishResult, { state: 'published' }>;

describe('Google Business Profile adapter against the simulator', () => {
  let h: AdapterHarness;
  let account: AccountCredentials;
  let seq = 0;
  const settings = () => h.sim.state.collection<unknown>('googlebusiness', 'settings');
  before(async () => {
    h = await startAdapterHarness('googlebusiness');
  });
  after(() => h.close());
  beforeEach(() => {
    h.sim.faults.clear();
    h.sim.calls.clear();
    settings().clear();
    h.sim.state.collection('googlebusiness', 'quota').clear();
    account = h.account(USER, { accountName: ACCOUNT, resourceName: LOCATION });
  });
  const text = (what: string) => `${what} ${++seq} ${Date.now()}`;
  const stored = (name: string) =>
    h.sim.state.getPost('googlebusiness', name)?.data as Record<string, unknown>;
  const photo = (name = 'photo.png', body = png(400, 300)): MediaItem => ({
    type: 'image',
    url: h.fixtures.set(`/gbp/${name}`, body, name.endsWith('.gif') ? 'image/gif' : 'image/png'),
  });
  const publish = async (
    content: string,
    platformSpecificData: Record<string, unknown> = {},
    mediaItems: MediaItem[] = [],
  ) => {
    const ctx = h.context({ account, content, platformSpecificData, mediaItems });
    const result = await adapter.publish(ctx);
    assert.equal(result.state, 'published', JSON.stringify(result));
    return { ctx, result: result as Published };
  };
  const creates = () =>
    h.sim.calls.count({ platform: 'googlebusiness', method: 'POST', path: /localPosts$/ });

  it('publishes a STANDARD post to the connected location, answering its name and searchUrl', async () => {
    const content = text('Fresh bread every morning');
    const { ctx, result } = await publish(content);
    assert.match(result.platformPostId, new RegExp(`^${LOCATION}/localPosts/\\d{19}$`));
    const id = result.platformPostId.split('/').pop();
    assert.equal(
      result.platformPostUrl,
      `https://local.google.com/place?id=1000000000000000001&use=posts&lpsid=${id}`,
    );
    assert.equal(result.warningMessage, undefined);
    assert.deepEqual(stored(result.platformPostId), {
      topicType: 'STANDARD',
      summary: content,
      locationId: '1000000000000000001',
      rejected: false,
    });
    assert.equal(ctx.creates.length, 1);
    assert.equal(ctx.stored.postName, result.platformPostId);
  });

  it('sends every call to action: a URL for BOOK, ORDER, SHOP, LEARN_MORE and SIGN_UP, none for CALL', async () => {
    for (const type of ['BOOK', 'ORDER', 'SHOP', 'LEARN_MORE', 'SIGN_UP'] as const) {
      const url = `https://sim-cafe.example/${type.toLowerCase()}`;
      const { result } = await publish(text(type), { callToActionType: type, callToActionUrl: url });
      assert.deepEqual(stored(result.platformPostId).callToAction, { actionType: type, url });
    }
    const { result } = await publish(text('Call us'), { callToActionType: 'CALL' });
    assert.deepEqual(stored(result.platformPostId).callToAction, { actionType: 'CALL' });
  });

  it('sends GET_OFFER, which Google dropped, as LEARN_MORE with a warning', async () => {
    const url = 'https://sim-cafe.example/deal';
    const { result } = await publish(text('Deal'), { callToActionType: 'GET_OFFER', callToActionUrl: url });
    assert.deepEqual(stored(result.platformPostId).callToAction, { actionType: 'LEARN_MORE', url });
    assert.match(result.warningMessage ?? '', /GET_OFFER was sent as LEARN_MORE/);
  });

  it('publishes an EVENT with its title, dates and times (no time zone), a photo and a call to action', async () => {
    const image = photo('event.png');
    const { result } = await publish(
      text('Jazz night'),
      {
        topicType: 'EVENT',
        eventTitle: 'Jazz night',
        eventStartDate: '2026-12-05',
        eventStartTime: '19:30',
        eventEndDate: '2026-12-06',
        eventEndTime: '01:00',
        callToActionType: 'BOOK',
        callToActionUrl: 'https://sim-cafe.example/jazz',
      },
      [image],
    );
    const post = stored(result.platformPostId);
    assert.equal(post.topicType, 'EVENT');
    assert.deepEqual(post.event, {
      title: 'Jazz night',
      schedule: {
        startDate: { year: 2026, month: 12, day: 5 },
        startTime: { hours: 19, minutes: 30, seconds: 0, nanos: 0 },
        endDate: { year: 2026, month: 12, day: 6 },
        endTime: { hours: 1, minutes: 0, seconds: 0, nanos: 0 },
      },
    });
    assert.deepEqual(post.media, [{ mediaFormat: 'PHOTO', sourceUrl: image.url }]);
    assert.deepEqual(post.callToAction, { actionType: 'BOOK', url: 'https://sim-cafe.example/jazz' });
    assert.equal(post.offer, undefined);
  });

  it('publishes an OFFER with coupon, redeem URL, terms and period; its call to action is left out with a warning', async () => {
    const { result } = await publish(
      text('Two for one'),
      {
        topicType: 'OFFER',
        eventTitle: 'Two coffees for one',
        eventStartDate: '2026-12-01',
        eventStartTime: '08:00',
        eventEndDate: '2026-12-24',
        eventEndTime: '18:00',
        offerCouponCode: 'BOGO',
        offerRedeemOnlineUrl: 'https://sim-cafe.example/redeem',
        offerTermsConditions: 'One per customer.',
        callToActionType: 'SHOP',
        callToActionUrl: 'https://sim-cafe.example/shop',
      },
      [photo('offer.png')],
    );
    const post = stored(result.platformPostId);
    assert.equal(post.topicType, 'OFFER');
    assert.deepEqual(post.offer, {
      couponCode: 'BOGO',
      redeemOnlineUrl: 'https://sim-cafe.example/redeem',
      termsConditions: 'One per customer.',
    });
    assert.deepEqual(post.event, {
      title: 'Two coffees for one',
      schedule: {
        startDate: { year: 2026, month: 12, day: 1 },
        startTime: { hours: 8, minutes: 0, seconds: 0, nanos: 0 },
        endDate: { year: 2026, month: 12, day: 24 },
        endTime: { hours: 18, minutes: 0, seconds: 0, nanos: 0 },
      },
    });
    assert.equal(post.callToAction, undefined);
    assert.match(result.warningMessage ?? '', /callToActionType SHOP was not sent/);
  });

  it(`gives an OFFER without event fields a title from its first line and ${OFFER_DAYS} days from today`, async () => {
    const first = `Winter sale ${++seq}: everything must go, and this line is long enough to be cut`;
    const { result } = await publish(`${first}\nSecond line`, {
      topicType: 'OFFER',
      offerCouponCode: 'WINTER',
    });
    const event = stored(result.platformPostId).event as { title: string; schedule: Record<string, unknown> };
    assert.equal(event.title, [...first].slice(0, 58).join(''));
    const today = new Date(h.sim.clock.now());
    const end = new Date(today.getTime() + OFFER_DAYS * 86_400_000);
    const ymd = (d: Date) => ({ year: d.getUTCFullYear(), month: d.getUTCMonth() + 1, day: d.getUTCDate() });
    assert.deepEqual(event.schedule, {
      startDate: ymd(today),
      startTime: { hours: 0, minutes: 0, seconds: 0, nanos: 0 },
      endDate: ymd(end),
      endTime: { hours: 23, minutes: 59, seconds: 0, nanos: 0 },
    });
  });

  it('leaves offer fields out of a STANDARD post, with a warning naming them', async () => {
    const { result } = await publish(text('Not an offer'), {
      offerCouponCode: 'X',
      offerTermsConditions: 'T',
    });
    assert.equal(stored(result.platformPostId).offer, undefined);
    assert.match(result.warningMessage ?? '', /^offerCouponCode, offerTermsConditions not sent/);
  });

  it('refuses a photo Google does not take (a GIF, more than 5 MB) before the create', async () => {
    const gifErr = await platformFailure(
      adapter.publish(
        h.context({ account, content: text('gif'), mediaItems: [photo('a.gif', gif(300, 300))] }),
      ),
    );
    assert.equal(gifErr.errorClass, 'permanent');
    assert.match(
      gifErr.message,
      /media item 1 .* is image\/gif: Google Business posts take JPEG or PNG photos/,
    );
    const big = await platformFailure(
      adapter.publish(
        h.context({
          account,
          content: text('big'),
          mediaItems: [photo('big.png', png(10, 10, 5 * 1024 * 1024 + 1))],
        }),
      ),
    );
    assert.match(big.message, /Google Business photos are at most 5 MB/);
    assert.equal(creates(), 0);
  });

  it("is held to Google's photo rules by the simulator: a 200×200 photo is refused with code 1000; a 400×300 one publishes", async () => {
    const small = await platformFailure(
      adapter.publish(
        h.context({ account, content: text('small'), mediaItems: [photo('small.png', png(200, 200))] }),
      ),
    );
    assert.equal(small.errorClass, 'permanent');
    assert.match(small.message, /Fetching image failed/);
    assert.equal(
      h.sim.state.listPosts('googlebusiness', { where: (p) => String(p.data.summary).startsWith('small') })
        .length,
      0,
    );
    const { result } = await publish(text('fits'), {}, [photo('fits.png', png(400, 300))]);
    assert.equal((stored(result.platformPostId).media as unknown[]).length, 1);
  });

  it('answers pending while Google reviews the post (PROCESSING), then published; one create', async () => {
    settings().set('processingSecs', 90);
    const ctx = h.context({ account, content: text('under review') });
    const first = await adapter.publish(ctx);
    assert.deepEqual(first, {
      state: 'pending',
      retryInMs: PROCESSING_RETRY_MS,
      reason: 'Google is reviewing the local post (PROCESSING)',
    });
    let next: TestContext = ctx;
    let result: PublishResult = first;
    for (let round = 0; result.state === 'pending' && round < 5; round++) {
      h.sim.clock.advance(result.retryInMs);
      next = h.resume(next);
      result = await adapter.publish(next);
    }
    assert.equal(result.state, 'published');
    assert.equal(result.platformPostId, ctx.stored.postName);
    assert.match(result.platformPostUrl, /^https:\/\/local\.google\.com\/place\?id=\d+&use=posts&lpsid=\d+$/);
    assert.equal(creates(), 1);
    // Reconcile of a create in flight reads the checkpointed post the same way.
    const found = await adapter.reconcile(h.resume(next));
    assert.deepEqual(found, {
      state: 'published',
      platformPostId: result.platformPostId,
      platformPostUrl: result.platformPostUrl,
    });
  });

  it('looks again less often the longer the review takes: half the time so far, 30 s to 10 minutes', async () => {
    settings().set('processingSecs', 3600);
    const ctx = h.context({ account, content: text('long review') });
    const waits: number[] = [];
    let next: TestContext = ctx;
    for (const advance of [0, 2 * 60_000, 8 * 60_000, 40 * 60_000]) {
      h.sim.clock.advance(advance);
      const r = await adapter.publish(next);
      assert.equal(r.state, 'pending');
      waits.push(r.state === 'pending' ? r.retryInMs : -1);
      next = h.resume(next);
    }
    // In seconds: the simulator's clock also moves on by the milliseconds the calls take.
    assert.deepEqual(
      waits.map((ms) => Math.round(ms / 1000)),
      [30, 60, 300, 600],
    );
    h.sim.clock.advance(20 * 60_000);
    assert.equal((await adapter.publish(next)).state, 'published');
    assert.equal(creates(), 1);
  });

  it('fails a post Google rejects (a phone number in the text) for good, at once or after review', async () => {
    const now = await platformFailure(
      adapter.publish(h.context({ account, content: text('Call (415) 555-0100 to book') })),
    );
    assert.equal(now.errorClass, 'permanent');
    assert.equal(now.platformCode, 'REJECTED');
    assert.match(now.message, /Google rejected the post under its content policy \(state REJECTED/);

    settings().set('processingSecs', 10);
    const ctx = h.context({ account, content: text('Ring +1 415 555 0100 today') });
    assert.equal((await adapter.publish(ctx)).state, 'pending');
    h.sim.clock.advance(PROCESSING_RETRY_MS);
    const later = await platformFailure(adapter.publish(h.resume(ctx)));
    assert.equal(later.platformCode, 'REJECTED');
    assert.equal(creates(), 2);
  });

  it('uses the location on Maps as the URL, with a warning, when Google gives no searchUrl', async () => {
    const withMaps = h.account(USER, {
      resourceName: LOCATION,
      mapsUri: 'https://maps.google.com/maps?cid=42',
    });
    h.sim.faults.add({
      platform: 'googlebusiness',
      method: 'POST',
      times: 1,
      status: 200,
      body: { name: `${LOCATION}/localPosts/7`, state: 'LIVE', topicType: 'STANDARD' },
    });
    const result = await adapter.publish(h.context({ account: withMaps, content: text('no link') }));
    assert.deepEqual(result, {
      state: 'published',
      platformPostId: `${LOCATION}/localPosts/7`,
      platformPostUrl: 'https://maps.google.com/maps?cid=42',
      warningMessage: 'Google gave no link to the post itself; the URL is the location on Google',
    });
  });

  it('finds the location from accountName and the location id, and asks to reconnect without either', async () => {
    const byParts = h.account(USER, { accountName: ACCOUNT, locationName: 'locations/1000000000000000002' });
    const content = text('From the bakery');
    const result = await adapter.publish(h.context({ account: byParts, content }));
    assert.ok(
      (result as Published).platformPostId.startsWith(`${ACCOUNT}/locations/1000000000000000002/localPosts/`),
    );
    const none = await platformFailure(
      adapter.publish(h.context({ account: h.account(USER), content: text('x') })),
    );
    assert.equal(none.errorClass, 'permanent');
    assert.match(none.message, /lacks its owning account; reconnect/);
  });

  it('deletes by resource name or by bare id; a post already gone counts as deleted', async () => {
    const { result } = await publish(text('Short-lived'));
    await adapter.delete(h.deleteContext(account, result.platformPostId));
    assert.equal(h.sim.state.getPost('googlebusiness', result.platformPostId)?.deleted, true);
    await adapter.delete(h.deleteContext(account, result.platformPostId));
    const other = await publish(text('By id'));
    await adapter.delete(h.deleteContext(account, other.result.platformPostId.split('/').pop() as string));
    assert.equal(h.sim.state.getPost('googlebusiness', other.result.platformPostId)?.deleted, true);
  });
});
