/**
 * What a running service writes to its request log: a key sent in the URL is
 * refused and never logged, whatever the parameter's name; harmless paging and
 * filter values stay readable for operators. Tokens of ours in a path (review
 * links included) are masked.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { Writable } from 'node:stream';
import { after, before, it } from 'node:test';
import { newId } from '../../src/domain/ids.ts';
import { hashKey } from '../../src/domain/projects/keys.ts';
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

it('never logs a review link token, new or from before review links had a prefix; both keep working', async () => {
  const profile = await t.request('POST', '/v1/profiles', { name: 'Reviewed' });
  assert.equal(profile.status, 201, profile.text);
  const made = await t.request('POST', '/v1/review-links', { profileId: profile.body.profile.id });
  assert.equal(made.status, 201, made.text);
  const token = String(made.body.url).split('/review/')[1] ?? '';
  assert.match(token, /^rvw_/);
  // A link issued before the prefix: stored as the hash of the whole token, as every link is.
  const old = randomBytes(32).toString('base64url');
  await t.ctx.store.db
    .insertInto('review_links')
    .values({
      id: newId('rvl'),
      project_id: t.projectId,
      post_id: null,
      profile_id: profile.body.profile.id,
      token_hash: hashKey(old),
      label: null,
      created_by: 'key',
      can_approve: 0,
      expires_at: new Date(Date.now() + 86_400_000).toISOString(),
      revoked_at: null,
      created_at: new Date().toISOString(),
    })
    .execute();
  for (const presented of [token, old]) {
    const read = await t.request('GET', `/v1/review/${presented}`, undefined, { 'x-access-key': '' });
    assert.equal(read.status, 200, read.text);
    assert.ok(!logged.includes(presented.slice(4)), `a review link token is in the log: ${presented}`);
  }
});
