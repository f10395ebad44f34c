/**
 * tokenStatus of the single-integration read says whether the account must be
 * reconnected and why, beside valid and autoRefreshes.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { forEachDatabase, startTestService, type TestService } from '../harness.ts';
import { addIntegration } from '../posts-fixtures.ts';

forEachDatabase('tokenStatus', (dialect) => {
  let t: TestService;
  before(async () => {
    t = await startTestService(dialect);
  });
  after(() => t.close());

  const statusOf = async (id: string) =>
    (await t.request('GET', `/v1/connect/integrations/${id}`)).body.integration.tokenStatus;
  const update = (id: string, values: Record<string, string | null>) =>
    t.ctx.store.db.updateTable('integrations').set(values).where('id', '=', id).execute();

  it('an active token that does not expire needs nothing', async () => {
    const id = await addIntegration(t.ctx, t.projectId, 'facebook');
    assert.deepEqual(await statusOf(id), {
      valid: true,
      autoRefreshes: false,
      reconnectRequired: false,
      reason: null,
    });
  });

  it('an expired token that can not be renewed needs a reconnect: token_expired', async () => {
    const id = await addIntegration(t.ctx, t.projectId, 'twitter');
    await update(id, { access_token_expires_at: '2020-01-01T00:00:00.000Z' });
    assert.deepEqual(await statusOf(id), {
      valid: false,
      autoRefreshes: false,
      reconnectRequired: true,
      reason: 'token_expired',
    });
  });

  it('a stored failure needs a reconnect with its reason; revoked without one says token_revoked', async () => {
    const scopes = await addIntegration(t.ctx, t.projectId, 'linkedin', { authStatus: 'needs_reconnect' });
    await update(scopes, { auth_failure_reason: 'missing_scopes' });
    assert.deepEqual(await statusOf(scopes), {
      valid: false,
      autoRefreshes: false,
      reconnectRequired: true,
      reason: 'missing_scopes',
    });
    const revoked = await addIntegration(t.ctx, t.projectId, 'threads', { authStatus: 'revoked' });
    assert.equal((await statusOf(revoked)).reason, 'token_revoked');
    assert.equal((await statusOf(revoked)).reconnectRequired, true);
  });
});
