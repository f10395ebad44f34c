import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { describe, it } from 'node:test';
import { CREDENTIALS, type CredentialKind, newCredential } from './domain/credentials.ts';
import { createLogger, maskOwnSecrets, redactUrl } from './log.ts';

function capture() {
  const sink = { out: '' };
  const stream = new Writable({
    write(chunk, _enc, done) {
      sink.out += chunk;
      done();
    },
  });
  return { sink, log: createLogger('info', stream) };
}

describe('logging', () => {
  it('never writes secrets', () => {
    const { sink, log } = capture();
    log.info(
      {
        password: 'hunter2',
        body: { clientSecret: 'cs-123', accessToken: 'at-456' },
        headers: { 'x-access-key': 'sps_abc' },
      },
      'x',
    );
    log.info(
      { req: { method: 'GET', url: '/v1/connect/x/callback?code=abc&state=def&limit=1', id: '1' } },
      'request',
    );
    for (const secret of ['hunter2', 'cs-123', 'at-456', 'sps_abc', 'code=abc', 'state=def']) {
      assert.ok(!sink.out.includes(secret), `${secret} leaked: ${sink.out}`);
    }
    assert.match(sink.out, /limit=1/);
  });

  it('redacts every query value except those of names known to be harmless', () => {
    assert.equal(
      redactUrl('/cb?code=1&limit=2&access_token=3'),
      '/cb?code=[redacted]&limit=2&access_token=[redacted]',
    );
    const leaky = [
      'access_key=AK1',
      'api_key=AK2',
      'key=AK3',
      'id_token=IT4',
      'oauth_token=OT5',
      'oauth_verifier=OV6',
      'secret=SE7',
      'someNameNobodyListed=NN8',
      'Access%5Fkey=AK9',
      'x-access-key=AK10',
    ];
    const logged = redactUrl(`/v1/posts?${leaky.join('&')}&platform=twitter&status=failed&offset=5`);
    for (const pair of leaky) {
      const value = pair.split('=')[1] ?? '';
      assert.ok(!logged.includes(value), `${value} leaked: ${logged}`);
    }
    assert.match(logged, /platform=twitter&status=failed&offset=5$/);
    // Names match whatever their case; a name without a value stays as it was.
    assert.equal(redactUrl('/x?LIMIT=3&flag'), '/x?LIMIT=3&flag');
    // A harmless name does not make one of our secrets loggable.
    assert.equal(redactUrl('/x?status=sps_abcDEF-1'), '/x?status=sps_[redacted]');
  });

  it('masks values shaped like our own secrets wherever they appear', () => {
    assert.equal(
      maskOwnSecrets('key sps_Ab-9_x and whsec_Zz0 and /v1/connect/linkedin/selection/sel_q1w2'),
      'key sps_[redacted] and whsec_[redacted] and /v1/connect/linkedin/selection/sel_[redacted]',
    );
    // A hosted connect link's token is in the page paths the request log writes.
    assert.equal(maskOwnSecrets('GET /connect/s/cs_Qx-9_z/finish'), 'GET /connect/s/cs_[redacted]/finish');
    const { sink, log } = capture();
    log.info('presented sps_mysteryKey1 in a message');
    log.error({ err: new Error('bad secret whsec_inside_error') }, 'failed');
    log.info({ deep: { list: ['sel_tokenInList'] } }, 'nested');
    for (const secret of ['sps_mysteryKey1', 'whsec_inside_error', 'sel_tokenInList']) {
      assert.ok(!sink.out.includes(secret), `${secret} leaked: ${sink.out}`);
    }
    assert.match(sink.out, /presented sps_\[redacted\] in a message/);
  });

  it('masks a token of every kind the service issues, wherever it appears (from the one list)', () => {
    const kinds = Object.keys(CREDENTIALS) as CredentialKind[];
    assert.ok(kinds.length >= 8);
    for (const kind of kinds) {
      const token = newCredential(kind);
      assert.ok(token.startsWith(CREDENTIALS[kind].prefix), kind);
      const { sink, log } = capture();
      log.info(`presented ${token} in a message`);
      log.error({ err: new Error(`bad ${token}`) }, 'failed');
      log.info({ deep: { list: [token] }, note: `(${token})` }, 'nested');
      log.info({ req: { method: 'GET', url: `/v1/review/${token}/x?status=${token}`, id: '1' } }, 'request');
      log.info({ req: { method: 'GET', url: `/v1/auth/invitations/${token}`, id: '2' } }, 'request');
      const body = token.slice(CREDENTIALS[kind].prefix.length);
      assert.ok(!sink.out.includes(body), `${kind} leaked: ${sink.out}`);
      assert.ok(sink.out.includes(`${CREDENTIALS[kind].prefix}[redacted]`), `${kind}: ${sink.out}`);
    }
    // Prefixes tell kinds apart: none is the start of another.
    const prefixes = Object.values(CREDENTIALS).map((c) => c.prefix);
    for (const a of prefixes) for (const b of prefixes) if (a !== b) assert.ok(!b.startsWith(a), `${a} ${b}`);
  });

  it('masks a review link token from before review links had a prefix, by its place in the path', () => {
    const old = 'Xq3v9Lk2mP8tR4wZ7yB1nC6dF0hJ5sA2gE8uK4oI3eM';
    assert.equal(maskOwnSecrets(`GET /v1/review/${old}/decisions`), 'GET /v1/review/[redacted]/decisions');
    assert.equal(redactUrl(`/review/${old}`), '/review/[redacted]');
  });
});
