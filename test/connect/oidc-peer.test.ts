/**
 * The generic OAuth 2.0 machinery (authorization URL with PKCE S256, code
 * exchange with client_secret_basic, refresh with rotation) against a strict real
 * authorization server (oidc-provider) standing in for X: a reused code, a
 * replayed state, a PKCE mismatch and a reused refresh token are each refused and
 * handled.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { hashOf } from '../../src/domain/connect/states.ts';
import { refreshIntegration } from '../../src/domain/integrations/tokens.ts';
import { authEnv } from '../../src/platforms/auth-registry.ts';
import { PlatformError } from '../../src/platforms/contract.ts';
import { refreshAccessToken } from '../../src/platforms/shared/oauth2.ts';
import { twitterAuth } from '../../src/platforms/twitter/auth.ts';
import { startTestService, type TestService } from '../harness.ts';
import { connectPath, visitService } from './helpers.ts';
import { browseUntilLeaving, type OidcPeer, startOidcPeer } from './oidc-peer.ts';

const PUBLIC_URL = 'http://127.0.0.1:3999';
let peer: OidcPeer;
let t: TestService;

before(async () => {
  peer = await startOidcPeer(`${PUBLIC_URL}/v1/connect/twitter/callback`);
  t = await startTestService('sqlite', {
    settings: {
      PUBLIC_URL,
      TWITTER_CLIENT_ID: peer.clientId,
      TWITTER_CLIENT_SECRET: peer.clientSecret,
      TWITTER_AUTH_BASE_URL: peer.url,
      TWITTER_API_BASE_URL: peer.url,
    },
  });
});
after(async () => {
  await t.close();
  await peer.close();
});

/** Starts a flow and lets the peer approve; answers the callback URL (code + state) without visiting it. */
async function approvedCallback(): Promise<URL> {
  const start = await t.request('GET', connectPath('twitter'));
  assert.equal(start.status, 200, start.text);
  return new URL(await browseUntilLeaving(start.body.url, peer.url));
}

const errorOf = (res: { headers: Record<string, unknown> }) =>
  new URL(String(res.headers.location)).searchParams.get('error');

it('connects through the real server with PKCE and client_secret_basic', async () => {
  const callback = await approvedCallback();
  assert.ok(callback.searchParams.get('code'));
  const done = await visitService(t, callback.toString());
  assert.equal(done.status, 302, done.text);
  const id = new URL(String(done.headers.location)).searchParams.get('integrationId');
  const read = await t.request('GET', `/v1/connect/integrations/${id}`);
  assert.equal(read.body.integration.platformUserId, 'peer-user-1');
  assert.ok(read.body.integration.scopes.includes('tweet.write'));
  assert.equal(read.body.integration.tokenStatus.autoRefreshes, true);
  // The service's own app on a real (here: a standards) OAuth server: not the sandbox.
  assert.equal(read.body.integration.sandbox, false);
});

it('a replayed state is refused before the code reaches the server again', async () => {
  const callback = await approvedCallback();
  assert.equal(errorOf(await visitService(t, callback.toString())), null);
  const requests = peer.tokenRequests();
  const replay = await visitService(t, callback.toString());
  assert.equal(errorOf(replay), 'state_used');
  assert.equal(peer.tokenRequests(), requests, 'no second token request');
});

it('a reused code is refused by the server, and the tokens of its first use are revoked', async () => {
  const callback = await approvedCallback();
  const code = callback.searchParams.get('code') ?? '';
  const stateRow = await t.ctx.store.db
    .selectFrom('oauth_states')
    .selectAll()
    .where('id', '=', hashOf(callback.searchParams.get('state') ?? ''))
    .executeTakeFirstOrThrow();
  const codeVerifier = t.ctx.sealer.open(stateRow.code_verifier_enc ?? '');
  const env = authEnv(t.ctx, 'twitter');
  const first = await twitterAuth.exchangeCode(env, { code, codeVerifier });
  assert.equal(await peer.accessTokenValid(first.accessToken), true);
  await assert.rejects(
    twitterAuth.exchangeCode(env, { code, codeVerifier }),
    (err) => err instanceof PlatformError && err.errorClass === 'auth',
  );
  assert.equal(await peer.accessTokenValid(first.accessToken), false, 'code reuse revokes the first tokens');
  // Through the service, the same code ends as token_exchange_failed for the client.
  assert.equal(errorOf(await visitService(t, callback.toString())), 'token_exchange_failed');
});

it('a code redeemed with another flow’s PKCE verifier is refused (token_exchange_failed)', async () => {
  const a = await approvedCallback();
  const b = await approvedCallback();
  const crossed = new URL(b);
  crossed.searchParams.set('code', a.searchParams.get('code') ?? '');
  assert.equal(errorOf(await visitService(t, crossed.toString())), 'token_exchange_failed');
});

it('refresh rotates the refresh token; reusing the old one is refused and kills the grant → needs_reconnect', async () => {
  const done = await visitService(t, (await approvedCallback()).toString());
  const id = new URL(String(done.headers.location)).searchParams.get('integrationId') ?? '';
  const row = () =>
    t.ctx.store.db.selectFrom('integrations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const before = await row();
  const oldTokens = {
    accessToken: t.ctx.sealer.open(before.access_token_enc ?? ''),
    refreshToken: t.ctx.sealer.open(before.refresh_token_enc ?? ''),
    accessTokenExpiresAt: null,
    refreshTokenExpiresAt: null,
    scopes: [],
  };
  const refreshed = await refreshIntegration(t.ctx, id, 'auth_error');
  assert.equal(refreshed.status, 'refreshed');
  const afterRow = await row();
  assert.notEqual(t.ctx.sealer.open(afterRow.refresh_token_enc ?? ''), oldTokens.refreshToken, 'rotated');

  const env = authEnv(t.ctx, 'twitter');
  await assert.rejects(
    refreshAccessToken(env, env.url('token', '/2/oauth2/token'), oldTokens, 'client_secret_basic'),
    (err) => err instanceof PlatformError && err.errorClass === 'auth',
  );
  // The server revoked the whole grant on reuse: our next refresh fails for good.
  const next = await refreshIntegration(t.ctx, id, 'auth_error');
  assert.equal(next.status, 'needs_reconnect');
  const read = await t.request('GET', `/v1/connect/integrations/${id}`);
  assert.equal(read.body.integration.authStatus, 'needs_reconnect');
  assert.ok(read.body.integration.authFailureReason);
});
