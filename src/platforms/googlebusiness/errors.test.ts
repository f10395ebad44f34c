/**
 * Google Business Profile's error answers as the adapter reads them, against the
 * simulator: the ValidationError's field message (a photo Google could not fetch),
 * a location Google does not let post (a chain), another user's account, and the
 * per-minute quota (a minute's wait, or RetryInfo's; permanent at 0 a minute).
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import type { AccountCredentials } from '../contract.ts';
import { type AdapterHarness, platformFailure, startAdapterHarness } from '../shared/testing.ts';
import { googleBusinessModule } from './index.ts';

const USER = '110000000000000000002';
const ACCOUNT = 'accounts/100000000000000000001';
const LOCATION = `${ACCOUNT}/locations/1000000000000000001`;
const CHAIN = 'accounts/100000000000000000002/locations/1000000000000000003';
const adapter = googleBusinessModule.publisher;

describe('Google Business Profile errors', () => {
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
    settings().clear();
    h.sim.state.collection('googlebusiness', 'quota').clear();
    account = h.account(USER, { accountName: ACCOUNT, resourceName: LOCATION });
  });
  const text = (what: string) => `${what} ${++seq} ${Date.now()}`;
  const publish = async (content: string) => {
    const result = await adapter.publish(h.context({ account, content }));
    assert.equal(result.state, 'published', JSON.stringify(result));
  };

  it("reads Google's refusals: a photo it could not fetch (1000), a chain location, another user's account", async () => {
    // The simulator fetches sourceUrl as Google does; one it can not reach is code 1000.
    const res = await fetch(`${h.sim.baseUrl('googlebusiness')}/v4/${LOCATION}/localPosts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        topicType: 'STANDARD',
        summary: 'x',
        media: [{ mediaFormat: 'PHOTO', sourceUrl: 'http://127.0.0.1:9/gone.png' }],
      }),
    });
    const body = (await res.json()) as { error: { details: { errorDetails: { code: number }[] }[] } };
    assert.equal(res.status, 400);
    assert.equal(body.error.details[0]?.errorDetails[0]?.code, 1000);
    // The adapter shows the field message Google gives.
    h.sim.faults.add({ platform: 'googlebusiness', method: 'POST', times: 1, status: 400, body });
    const fetchErr = await platformFailure(adapter.publish(h.context({ account, content: text('photo') })));
    assert.equal(fetchErr.errorClass, 'permanent');
    assert.equal(fetchErr.message, 'Google Business Profile: Fetching image failed. (media.source_url)');

    const chain = h.account(USER, { resourceName: CHAIN });
    const chainErr = await platformFailure(
      adapter.publish(h.context({ account: chain, content: text('chain') })),
    );
    assert.equal(chainErr.errorClass, 'permanent');
    assert.equal(chainErr.platformCode, 'LOCATION_DISABLED_FOR_LOCAL_POST_API');
    assert.match(chainErr.message, /post from the Business Profile instead/);

    const other = h.account(USER, { resourceName: 'accounts/999/locations/1' });
    const denied = await platformFailure(
      adapter.publish(h.context({ account: other, content: text('denied') })),
    );
    assert.equal(denied.errorClass, 'permanent');
    assert.equal(denied.message, 'Google Business Profile: The caller does not have permission');
    assert.equal(denied.platformCode, 'PERMISSION_DENIED');
  });

  it('reads the quota: 300 a minute is a one-minute wait (or RetryInfo), 0 a minute is permanent', async () => {
    settings().set('qpm', 1);
    await publish(text('within quota'));
    const limited = await platformFailure(
      adapter.publish(h.context({ account, content: text('over quota') })),
    );
    assert.equal(limited.errorClass, 'rate_limited');
    assert.equal(limited.retryAfterMs, 60_000);
    assert.equal(limited.status, 429);
    h.sim.clock.advance(60_000);
    await publish(text('next minute'));
    settings().delete('qpm');

    const quota = (limit: string, extra: unknown[] = []) => ({
      error: {
        code: 429,
        status: 'RESOURCE_EXHAUSTED',
        message: "Quota exceeded for quota metric 'Requests' and limit 'Requests per minute'",
        details: [
          {
            '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
            reason: 'RATE_LIMIT_EXCEEDED',
            metadata: { quota_limit_value: limit },
          },
          ...extra,
        ],
      },
    });
    const retryInfo = { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '12.5s' };
    h.sim.faults.add({ platform: 'googlebusiness', times: 1, status: 429, body: quota('300', [retryInfo]) });
    const told = await platformFailure(adapter.publish(h.context({ account, content: text('retry info') })));
    assert.equal(told.retryAfterMs, 12_500);
    h.sim.faults.add({ platform: 'googlebusiness', times: 1, status: 429, body: quota('0') });
    const unapproved = await platformFailure(adapter.publish(h.context({ account, content: text('0 qpm') })));
    assert.equal(unapproved.errorClass, 'permanent');
    assert.match(
      unapproved.message,
      /0 requests per minute: its Business Profile API access is not approved/,
    );
  });
});
