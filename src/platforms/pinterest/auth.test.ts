/**
 * Pinterest's code exchange against the simulator, checked against Pinterest's
 * own API description: it asks for the continuous refresh token, which apps
 * created before 2025-09-25 must request explicitly.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { type Simulator, startSimulator } from '../../simulator/index.ts';
import type { AuthEnv } from '../auth-types.ts';
import { pinterestAuth } from './auth.ts';

describe('Pinterest code exchange', () => {
  let sim: Simulator;
  before(async () => {
    sim = await startSimulator({ contracts: true });
  });
  after(() => sim.close());

  it('sends continuous_refresh=true and gets a rotating refresh token', async () => {
    const env: AuthEnv = {
      platform: 'pinterest',
      client: { clientId: 'sim-pinterest-client', clientSecret: 'sim-pinterest-secret' },
      url: (_host, path) => `${sim.baseUrl('pinterest')}${path}`,
      redirectUri: 'http://127.0.0.1/callback',
      pdsUrl: '',
      timeoutMs: 5000,
      now: () => new Date(sim.clock.now()),
    };
    const page = await fetch(pinterestAuth.authorizationUrl(env, { state: 's1', codeChallenge: null }), {
      redirect: 'manual',
    });
    await page.body?.cancel();
    const code = new URL(page.headers.get('location') ?? '').searchParams.get('code');
    assert.ok(code, 'the authorize page answered a code');
    const tokens = await pinterestAuth.exchangeCode(env, { code, codeVerifier: null });
    assert.ok(tokens.accessToken);
    assert.ok(tokens.refreshToken);
    const exchange = sim.calls.last({ platform: 'pinterest', path: '/v5/oauth/token' });
    assert.equal((exchange?.body as Record<string, string> | undefined)?.continuous_refresh, 'true');
    sim.contracts.assertNone('pinterest');
  });
});
