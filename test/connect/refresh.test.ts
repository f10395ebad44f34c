/**
 * Token care against the simulator's X (2-hour access tokens, single-use
 * rotating refresh tokens): refresh near expiry, one refresh across nodes,
 * rotation stored with the access token, reuse refused by the platform,
 * revocation → needs_reconnect, transient failures change nothing.
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, it } from 'node:test';
import {
  getFreshCredentials,
  refreshExpiringTokens,
  refreshIntegration,
} from '../../src/domain/integrations/tokens.ts';
import { defaultClient } from '../../src/simulator/index.ts';
import { forEachDatabase } from '../harness.ts';
import { type ConnectEnv, connectLikeAUser, startConnectEnv } from './helpers.ts';

const HOURS = 3600_000;

forEachDatabase('token refresh', (dialect) => {
  let env: ConnectEnv;
  let id: string;
  before(async () => {
    // The default time limit of a platform call: a short one made every refresh on a busy
    // machine a "transient failure". The one test of a timeout shortens it for its call.
    env = await startConnectEnv(dialect);
  });
  after(() => env.close());
  beforeEach(async () => {
    env.t.ctx.now = () => new Date();
    env.sim.faults.clear();
    id = (await connectLikeAUser(env.t, 'twitter')).searchParams.get('integrationId') ?? '';
    assert.ok(id);
  });

  const row = () =>
    env.t.ctx.store.db.selectFrom('integrations').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const tokenCalls = () => env.sim.calls.count({ platform: 'twitter', path: '/2/oauth2/token' });
  const later = (ms: number) => {
    env.t.ctx.now = () => new Date(Date.now() + ms);
  };

  it('refreshes before use when the access token is about to expire, storing the rotated refresh token', async () => {
    const before = await row();
    const old = await getFreshCredentials(env.t.ctx, id);
    assert.equal(old.tokenVersion, before.token_version);
    later(2 * HOURS);
    const read = await env.t.request('GET', `/v1/connect/integrations/${id}`);
    assert.deepEqual(read.body.integration.tokenStatus, {
      valid: false,
      autoRefreshes: true,
      reconnectRequired: false,
      reason: null,
    });
    const fresh = await getFreshCredentials(env.t.ctx, id);
    assert.notEqual(fresh.accessToken, old.accessToken);
    const afterRow = await row();
    assert.equal(afterRow.token_version, before.token_version + 1);
    assert.notEqual(afterRow.refresh_token_enc, before.refresh_token_enc);
    assert.equal(afterRow.refresh_lock_until, null);
    assert.ok((afterRow.access_token_expires_at ?? '') > (before.access_token_expires_at ?? ''));

    // The old refresh token is dead at X: reusing it is refused.
    const oldRefresh = env.t.ctx.sealer.open(before.refresh_token_enc ?? '');
    const c = defaultClient('twitter');
    const reuse = await fetch(`${env.sim.baseUrl('twitter')}/2/oauth2/token`, {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${c.clientId}:${c.clientSecret}`).toString('base64')}`,
      },
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: oldRefresh,
        client_id: c.clientId,
      }),
    });
    assert.equal(reuse.status, 400);
  });

  it('refreshes once when two nodes see the auth error at the same time', async () => {
    const seen = (await getFreshCredentials(env.t.ctx, id)).tokenVersion;
    const otherNode = { ...env.t.ctx };
    const calls = tokenCalls();
    const [a, b] = await Promise.all([
      refreshIntegration(env.t.ctx, id, 'auth_error', seen),
      refreshIntegration(otherNode, id, 'auth_error', seen),
    ]);
    assert.equal(tokenCalls() - calls, 1, 'one refresh call to X');
    assert.deepEqual([a.status, b.status].sort(), ['refreshed', 'refreshed_elsewhere']);
    assert.ok('credentials' in a && 'credentials' in b);
    assert.equal(a.credentials.accessToken, b.credentials.accessToken);
    // A caller that saw an older version gets the new token without another refresh.
    const late = await refreshIntegration(env.t.ctx, id, 'auth_error', seen);
    assert.equal(late.status, 'refreshed_elsewhere');
    assert.equal(tokenCalls() - calls, 1);
  });

  it('a transient failure (503, timeout) leaves the integration active and a later refresh works', async () => {
    env.sim.faults.add({ platform: 'twitter', path: '/2/oauth2/token', status: 503, times: 1 });
    const first = await refreshIntegration(env.t.ctx, id, 'auth_error');
    assert.equal(first.status, 'transient_failure');
    assert.equal((await row()).auth_status, 'active');
    assert.equal((await row()).refresh_lock_until, null);
    env.sim.faults.add({ platform: 'twitter', path: '/2/oauth2/token', timeout: true, times: 1 });
    const impatient = { ...env.t.ctx, config: { ...env.t.ctx.config, PLATFORM_TIMEOUT_MS: 400 } };
    const second = await refreshIntegration(impatient, id, 'auth_error');
    assert.equal(second.status, 'transient_failure');
    assert.equal((await row()).auth_status, 'active');
    const third = await refreshIntegration(env.t.ctx, id, 'auth_error');
    assert.equal(third.status, 'refreshed');
  });

  it('a revoked grant makes the integration needs_reconnect with a reason, and credentials 403', async () => {
    const account = (await row()).platform_user_id;
    env.sim.state.revokeTokens({ platform: 'twitter', account });
    const outcome = await refreshIntegration(env.t.ctx, id, 'auth_error');
    assert.equal(outcome.status, 'needs_reconnect');
    const read = await env.t.request('GET', `/v1/connect/integrations/${id}`);
    assert.equal(read.body.integration.authStatus, 'needs_reconnect');
    assert.ok(['token_revoked', 'refresh_failed'].includes(read.body.integration.authFailureReason));
    assert.deepEqual(read.body.integration.tokenStatus, {
      valid: false,
      autoRefreshes: false,
      reconnectRequired: true,
      reason: read.body.integration.authFailureReason,
    });
    assert.ok(read.body.integration.tokenStatus.reason);
    await assert.rejects(
      getFreshCredentials(env.t.ctx, id),
      (err: Error & { status?: number }) => err.status === 403,
    );
    // Reconnecting makes it active again.
    const again = await connectLikeAUser(env.t, 'twitter');
    assert.equal(again.searchParams.get('integrationId'), id);
    assert.equal((await row()).auth_status, 'active');
    assert.equal((await row()).auth_failure_reason, null);
  });

  it('an expired refresh token is token_expired without asking the platform', async () => {
    await env.t.ctx.store.db
      .updateTable('integrations')
      .set({ refresh_token_expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', id)
      .execute();
    const calls = tokenCalls();
    const outcome = await refreshIntegration(env.t.ctx, id, 'scheduled');
    assert.equal(outcome.status, 'needs_reconnect');
    assert.equal(tokenCalls(), calls);
    assert.equal((await row()).auth_failure_reason, 'token_expired');
  });

  it('the proactive sweep refreshes tokens that expire soon and leaves the others', async () => {
    const calls = tokenCalls();
    const none = await refreshExpiringTokens(env.t.ctx);
    assert.equal(tokenCalls(), calls, 'nothing expires soon yet');
    assert.equal(none.refreshed, 0);
    later(2 * HOURS - 60_000);
    const result = await refreshExpiringTokens(env.t.ctx);
    assert.ok(result.refreshed >= 1);
    assert.ok(tokenCalls() > calls);
    assert.equal((await row()).auth_status, 'active');
  });
});
