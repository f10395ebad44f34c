import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { describe, it } from 'node:test';
import { createLogger, redactUrl } from './log.ts';

describe('logging', () => {
  it('never writes secrets', () => {
    let out = '';
    const sink = new Writable({
      write(chunk, _enc, done) {
        out += chunk;
        done();
      },
    });
    const log = createLogger('info', sink);
    log.info(
      {
        password: 'hunter2',
        body: { clientSecret: 'cs-123', accessToken: 'at-456' },
        headers: { 'x-access-key': 'sps_abc' },
      },
      'x',
    );
    log.info(
      { req: { method: 'GET', url: '/v1/connect/x/callback?code=abc&state=def&ok=1', id: '1' } },
      'request',
    );
    for (const secret of ['hunter2', 'cs-123', 'at-456', 'sps_abc', 'code=abc', 'state=def']) {
      assert.ok(!out.includes(secret), `${secret} leaked: ${out}`);
    }
    assert.match(out, /ok=1/);
  });

  it('redacts secret query parameters from URLs', () => {
    assert.equal(
      redactUrl('/cb?code=1&x=2&access_token=3'),
      '/cb?code=[redacted]&x=2&access_token=[redacted]',
    );
  });
});
