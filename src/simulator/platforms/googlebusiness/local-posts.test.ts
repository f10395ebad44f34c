/**
 * The simulator's Google Business local posts: the checks Google makes on a
 * LocalPost, its error bodies, the paths that need the owning account, the review
 * states, paging, the per-minute quota, and that every create is recorded.
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { type Simulator, startSimulator } from '../../index.ts';

const USER = '110000000000000000002';
const LOCATION = 'accounts/100000000000000000001/locations/1000000000000000001';

describe('simulator: Google Business Profile local posts', () => {
  let sim: Simulator;
  let token: string;
  const settings = () => sim.state.collection<unknown>('googlebusiness', 'settings');
  before(async () => {
    sim = await startSimulator();
    token = sim.issueTokens('googlebusiness', { accountId: USER, ttlSec: null }).accessToken;
  });
  after(() => sim.close());
  beforeEach(() => {
    settings().clear();
    sim.state.collection('googlebusiness', 'quota').clear();
  });

  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${sim.baseUrl('googlebusiness')}/v4/${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    // biome-ignore lint/suspicious/noExplicitAny: tests read the answer field by field.
    return { status: res.status, body: (await res.json()) as any };
  };
  const create = (body: Record<string, unknown>, location = LOCATION) =>
    call('POST', `${location}/localPosts`, body);
  /** The one field message of a 400 ValidationError. */
  const refusal = async (body: Record<string, unknown>) => {
    const res = await create(body);
    assert.equal(res.status, 400, JSON.stringify(res.body));
    assert.equal(res.body.error.status, 'INVALID_ARGUMENT');
    const [detail] = res.body.error.details[0].errorDetails;
    return `${detail.field}: ${detail.message}`;
  };

  it("refuses what Google refuses, with its ValidationError's field and message", async () => {
    const before = sim.countPosts('googlebusiness');
    // Two of these break the v4 pages as transcribed, and the check must say so too.
    sim.contracts.expect({
      platform: 'googlebusiness',
      operation: 'localPosts.create',
      problem: /required property 'topicType'/,
      why: 'a post without topicType, to see the simulator refuse it',
    });
    sim.contracts.expect({
      platform: 'googlebusiness',
      operation: 'localPosts.create',
      problem: /required property 'event'|must match "then" schema/,
      why: 'an EVENT post without its event, to see the simulator refuse it',
    });
    assert.equal(await refusal({ summary: 'no topic' }), 'topic_type: Required');
    assert.equal(
      await refusal({ topicType: 'STANDARD', summary: 'x'.repeat(1501) }),
      'summary: Must be at most 1500 characters',
    );
    assert.equal(
      await refusal({ topicType: 'STANDARD', summary: 's', callToAction: { actionType: 'BOOK' } }),
      'call_to_action.url: Required',
    );
    assert.equal(
      await refusal({
        topicType: 'STANDARD',
        summary: 's',
        callToAction: { actionType: 'CALL', url: 'https://e.example' },
      }),
      'call_to_action.url: Must be unset for CALL',
    );
    assert.equal(
      await refusal({
        topicType: 'STANDARD',
        summary: 's',
        callToAction: { actionType: 'GET_OFFER', url: 'https://e.example' },
      }),
      'call_to_action.action_type: Invalid value',
    );
    assert.equal(await refusal({ topicType: 'EVENT', summary: 's' }), 'event.title: Required');
    assert.equal(
      await refusal({ topicType: 'OFFER', summary: 's', event: { title: 'T', schedule: {} } }),
      'event.schedule: Required',
    );
    assert.equal(
      await refusal({ topicType: 'STANDARD', summary: 's', offer: { couponCode: 'X' } }),
      'offer: Only allowed for OFFER posts',
    );
    assert.equal(await refusal({ topicType: 'ALERT', summary: 's' }), 'alert_type: Required for ALERT posts');
    const video = await create({
      topicType: 'STANDARD',
      summary: 's',
      media: [{ mediaFormat: 'VIDEO', sourceUrl: 'https://e.example/v.mp4' }],
    });
    assert.deepEqual(video, {
      status: 500,
      body: { error: { code: 500, message: 'Internal error encountered.', status: 'INTERNAL' } },
    });
    assert.equal(sim.countPosts('googlebusiness'), before, 'nothing refused was created');
  });

  it('needs the owning account in the path: another account is 403, an unknown location 404, a chain refused', async () => {
    const body = { topicType: 'STANDARD', summary: 's' };
    assert.equal(
      (await create(body, 'accounts/1/locations/1000000000000000001')).body.error.status,
      'PERMISSION_DENIED',
    );
    assert.equal((await create(body, 'accounts/100000000000000000001/locations/9')).status, 404);
    const chain = await create(body, 'accounts/100000000000000000002/locations/1000000000000000003');
    assert.equal(chain.status, 400);
    assert.equal(chain.body.error.details[0].reason, 'LOCATION_DISABLED_FOR_LOCAL_POST_API');
  });

  it('records each create; PROCESSING until reviewed, then LIVE with a searchUrl (OFFER drops its call to action)', async () => {
    settings().set('processingSecs', 60);
    const offer = {
      topicType: 'OFFER',
      summary: 'Offer',
      callToAction: { actionType: 'SHOP', url: 'https://e.example' },
      event: {
        title: 'Sale',
        schedule: {
          startDate: { year: 2026, month: 12, day: 1 },
          startTime: { hours: 9, minutes: 0 },
          endDate: { year: 2026, month: 12, day: 2 },
          endTime: { hours: 17, minutes: 0 },
        },
      },
      offer: { couponCode: 'SALE' },
    };
    const made = await create(offer);
    assert.equal(made.status, 200);
    assert.equal(made.body.state, 'PROCESSING');
    assert.equal(made.body.searchUrl, undefined);
    assert.equal(made.body.callToAction, undefined);
    assert.equal(sim.countPosts('googlebusiness', { where: (p) => p.id === made.body.name }), 1);
    sim.clock.advance(60_000);
    const live = await call('GET', made.body.name);
    assert.equal(live.body.state, 'LIVE');
    assert.equal(
      live.body.searchUrl,
      `https://local.google.com/place?id=1000000000000000001&use=posts&lpsid=${made.body.name.split('/').pop()}`,
    );
    assert.deepEqual(await call('DELETE', made.body.name), { status: 200, body: {} });
    assert.equal((await call('GET', made.body.name)).status, 404);
    assert.equal((await call('DELETE', made.body.name)).status, 404);
  });

  it('lists newest first, 20 a page by default and at most 100, {} for a location without posts', async () => {
    assert.deepEqual(
      await call('GET', 'accounts/100000000000000000001/locations/1000000000000000002/localPosts'),
      { status: 200, body: {} },
    );
    for (let i = 0; i < 25; i++) await create({ topicType: 'STANDARD', summary: `page ${i}` });
    const first = await call('GET', `${LOCATION}/localPosts`);
    assert.equal(first.body.localPosts.length, 20);
    assert.equal(first.body.localPosts[0].summary, 'page 24');
    for (let i = 0; i < 100; i++)
      sim.state.createPost(
        'googlebusiness',
        USER,
        { topicType: 'STANDARD', summary: `bulk ${i}`, locationId: '1000000000000000001' },
        { id: `${LOCATION}/localPosts/9${String(i).padStart(18, '0')}`, kind: 'localPost' },
      );
    const capped = await call('GET', `${LOCATION}/localPosts?pageSize=500`);
    assert.equal(capped.body.localPosts.length, 100);
    assert.equal(capped.body.localPosts[0].summary, 'bulk 99');
    const rest = await call(
      'GET',
      `${LOCATION}/localPosts?pageSize=100&pageToken=${capped.body.nextPageToken}`,
    );
    assert.ok(rest.body.localPosts.length >= 25);
    assert.equal(rest.body.nextPageToken, undefined);
  });

  it('counts every request against the per-minute quota: 429 RESOURCE_EXHAUSTED past it', async () => {
    settings().set('qpm', 2);
    await call('GET', `${LOCATION}/localPosts`);
    await call('GET', `${LOCATION}/localPosts`);
    const over = await call('GET', `${LOCATION}/localPosts`);
    assert.equal(over.status, 429);
    assert.equal(over.body.error.status, 'RESOURCE_EXHAUSTED');
    assert.equal(over.body.error.details[0].metadata.quota_limit_value, '2');
    sim.clock.advance(60_000);
    assert.equal((await call('GET', `${LOCATION}/localPosts`)).status, 200);
  });
});
