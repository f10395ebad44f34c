/**
 * GET and POST /v1/webhooks/meta: the subscription handshake (right token, wrong
 * token, not configured), and deliveries checked with X-Hub-Signature-256 (good,
 * wrong, missing, malformed; signed with another secret), a body that is not
 * JSON, and an item of an account the service does not know (200, nothing written).
 */
import assert from 'node:assert/strict';
import { createHmac } from 'node:crypto';
import { after, before, it } from 'node:test';
import { forEachDatabase, startTestService, type TestService } from '../../../test/harness.ts';
import { sandboxApp } from '../../facts/sandbox-app.ts';

const TOKEN = 'verify-me-please';

const sign = (body: string, secret: string) =>
  `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;

const igComment = (account: string) =>
  JSON.stringify({
    object: 'instagram',
    entry: [
      {
        id: account,
        time: Math.floor(Date.now() / 1000),
        changes: [
          {
            field: 'comments',
            value: { from: { id: '1', username: 'x' }, media: { id: '2' }, id: '3', text: 'hi' },
          },
        ],
      },
    ],
  });

forEachDatabase('Meta webhooks endpoint', (dialect) => {
  let t: TestService;
  let bare: TestService;
  const secret = sandboxApp('instagram').clientSecret;

  before(async () => {
    t = await startTestService(dialect, {
      settings: { META_WEBHOOK_VERIFY_TOKEN: TOKEN, SIMULATOR_URL: 'http://127.0.0.1:9' },
    });
    bare = await startTestService(dialect);
  });
  after(async () => {
    await t.close();
    await bare.close();
  });

  const handshake = (svc: TestService, token: string, extra = '') =>
    svc.request(
      'GET',
      `/v1/webhooks/meta?hub.mode=subscribe&hub.verify_token=${encodeURIComponent(token)}&hub.challenge=1158201444${extra}`,
      undefined,
      { 'x-access-key': '' },
    );

  const deliver = (body: string, signature?: string) =>
    t.request('POST', '/v1/webhooks/meta', body, {
      'x-access-key': '',
      'content-type': 'application/json',
      ...(signature !== undefined ? { 'x-hub-signature-256': signature } : {}),
    });

  it('answers the handshake with the challenge as plain text when the verify token matches', async () => {
    const res = await handshake(t, TOKEN);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.text, '1158201444');
    assert.match(String(res.headers['content-type']), /^text\/plain/);
  });

  it('refuses the handshake with a wrong token, a wrong mode, or when no token is configured', async () => {
    const wrong = await handshake(t, 'not-it');
    assert.equal(wrong.status, 403);
    assert.deepEqual(wrong.body, { success: false, message: 'hub.verify_token does not match' });
    const mode = await t.request(
      'GET',
      `/v1/webhooks/meta?hub.mode=unsubscribe&hub.verify_token=${TOKEN}&hub.challenge=1`,
    );
    assert.equal(mode.status, 400);
    assert.equal(mode.body.success, false);
    const unconfigured = await handshake(bare, TOKEN);
    assert.equal(unconfigured.status, 403);
    assert.match(unconfigured.body.message, /META_WEBHOOK_VERIFY_TOKEN/);
  });

  it('accepts a delivery signed with the app secret; an unknown account is ignored with 200', async () => {
    const body = igComment('17841400000099999');
    const res = await deliver(body, sign(body, secret));
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(res.body, { success: true, events: 0 });
    const rows = await t.ctx.store.db.selectFrom('outbox').select('id').execute();
    assert.equal(rows.length, 0);
  });

  it('refuses a wrong, malformed or missing signature with 401 and writes nothing', async () => {
    const body = igComment('17841400000099999');
    for (const signature of [
      sign(body, 'another-secret'),
      sign(`${body} `, secret),
      'sha256=zz',
      sign(body, secret).replace('sha256=', 'sha1='),
      undefined,
    ]) {
      const res = await deliver(body, signature);
      assert.equal(res.status, 401, `${signature}: ${res.text}`);
      assert.equal(res.body.success, false);
      assert.match(res.body.message, /X-Hub-Signature-256/);
    }
    const rows = await t.ctx.store.db.selectFrom('event_keys').select('key').execute();
    assert.equal(rows.length, 0);
  });

  it('answers 400 for a signed body that is not JSON', async () => {
    const body = '{not json';
    const res = await deliver(body, sign(body, secret));
    assert.equal(res.status, 400);
    assert.deepEqual(res.body, { success: false, message: 'The body is not JSON' });
  });
});
