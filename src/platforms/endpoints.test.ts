/**
 * The hosts adapters are given: a platform's extra hosts (Facebook's video host)
 * are the real ones by default, follow an API base URL setting, and in sandbox mode
 * are named inside the simulator's path so the simulated platform tells them apart.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { loadConfig } from '../config.ts';
import { platformEndpoints } from './endpoints.ts';

describe('platform endpoints', () => {
  it("gives Facebook's video uploads the hosts Meta documents", () => {
    const real = platformEndpoints(
      loadConfig({ env: { FACEBOOK_CLIENT_ID: 'id', FACEBOOK_CLIENT_SECRET: 'secret' } }),
      'facebook',
    );
    assert.equal(real.mode, 'real');
    assert.deepEqual(real.extraBaseUrls, {
      video: 'https://graph-video.facebook.com',
      rupload: 'https://rupload.facebook.com',
    });
    assert.equal(real.url('api', '/v25.0/me'), 'https://graph.facebook.com/v25.0/me');
  });

  it('sends every host to an API base URL setting (a proxy)', () => {
    const proxied = platformEndpoints(
      loadConfig({
        env: {
          FACEBOOK_CLIENT_ID: 'id',
          FACEBOOK_CLIENT_SECRET: 'secret',
          FACEBOOK_API_BASE_URL: 'https://proxy.example/fb/',
        },
      }),
      'facebook',
    );
    assert.deepEqual(proxied.extraBaseUrls, {
      video: 'https://proxy.example/fb',
      rupload: 'https://proxy.example/fb',
    });
  });

  it('names the extra host in the simulator path in sandbox mode', () => {
    const sandbox = platformEndpoints(
      loadConfig({ env: { SIMULATOR_URL: 'http://127.0.0.1:4100' } }),
      'facebook',
    );
    assert.equal(sandbox.mode, 'sandbox');
    assert.deepEqual(sandbox.extraBaseUrls, {
      video: 'http://127.0.0.1:4100/facebook/_host/graph-video.facebook.com',
      rupload: 'http://127.0.0.1:4100/facebook/_host/rupload.facebook.com',
    });
    assert.equal(sandbox.url('api', '/v25.0/me'), 'http://127.0.0.1:4100/facebook/v25.0/me');
    const business = platformEndpoints(
      loadConfig({ env: { SIMULATOR_URL: 'http://127.0.0.1:4100' } }),
      'googlebusiness',
    );
    assert.equal(
      business.url('accounts', '/v1/accounts'),
      'http://127.0.0.1:4100/googlebusiness/_host/mybusinessaccountmanagement.googleapis.com/v1/accounts',
    );
  });
});
