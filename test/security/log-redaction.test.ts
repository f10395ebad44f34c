/**
 * What a running service writes to its request log: a key sent in the URL is
 * refused and never logged, whatever the parameter's name; harmless paging and
 * filter values stay readable for operators.
 */
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, before, it } from 'node:test';
import { createLogger } from '../../src/log.ts';
import { startTestService, type TestService } from '../harness.ts';

let t: TestService;
let logged = '';

before(async () => {
  const sink = new Writable({
    write(chunk, _enc, done) {
      logged += chunk;
      done();
    },
  });
  t = await startTestService('sqlite', { log: createLogger('info', sink) });
});
after(() => t.close());

it('never logs a key or token sent in the query string, even on a refused request', async () => {
  const key = t.accessKey;
  const names = ['access_key', 'api_key', 'key', 'id_token', 'oauth_token', 'oauth_verifier', 'secret', 'x'];
  for (const name of names) {
    const res = await t.request('GET', `/v1/posts?${name}=${encodeURIComponent(key)}`, undefined, {
      'x-access-key': '',
    });
    assert.equal(res.status, 401);
  }
  const odd = 'plain-value-not-shaped-like-a-key';
  await t.request('GET', `/v1/posts?oauth_verifier=${odd}&limit=7&status=failed`);
  assert.match(logged, /incoming request/, 'the request log is on');
  assert.ok(!logged.includes(key), 'the access key is in the log');
  assert.ok(!logged.includes(key.slice(4)), 'the access key without its prefix is in the log');
  assert.ok(!logged.includes(odd), 'an unknown parameter value is in the log');
  assert.match(logged, /limit=7&status=failed/);
});

it('never logs a secret of ours that appears in a path', async () => {
  const res = await t.request('GET', `/v1/nowhere/${t.accessKey}`);
  assert.equal(res.status, 404);
  assert.ok(!res.text.includes(t.accessKey), 'the answer echoes the key');
  assert.ok(!logged.includes(t.accessKey));
});
