/** Tokens never reach the logs: connecting, refreshing and failing refreshes log what happened, not secrets. */
import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { after, before, it } from 'node:test';
import { refreshIntegration } from '../../src/domain/integrations/tokens.ts';
import { createLogger } from '../../src/log.ts';
import { type ConnectEnv, connectLikeAUser, startConnectEnv } from './helpers.ts';

// Started and stopped in hooks, not in the test: the start (every route's serializers) is
// not part of the test's time, and a test that times out still leaves nothing running.
let env: ConnectEnv;
before(async () => {
  env = await startConnectEnv('sqlite');
});
after(() => env.close());

it('logs connect and refresh events without any token', async () => {
  let logged = '';
  env.t.ctx.log = createLogger(
    'trace',
    new Writable({
      write(chunk, _enc, done) {
        logged += chunk;
        done();
      },
    }),
  );
  const { t, sim } = env;
  const id = (await connectLikeAUser(t, 'twitter')).searchParams.get('integrationId') ?? '';
  const secrets: string[] = [];
  const collect = async () => {
    const row = await t.ctx.store.db
      .selectFrom('integrations')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    secrets.push(
      t.ctx.sealer.open(row.access_token_enc ?? ''),
      t.ctx.sealer.open(row.refresh_token_enc ?? ''),
    );
    return row;
  };
  const row = await collect();
  assert.equal((await refreshIntegration(t.ctx, id, 'auth_error')).status, 'refreshed');
  await collect();
  sim.faults.add({ platform: 'twitter', path: '/2/oauth2/token', status: 503, times: 1 });
  assert.equal((await refreshIntegration(t.ctx, id, 'auth_error')).status, 'transient_failure');
  sim.state.revokeTokens({ platform: 'twitter', account: row.platform_user_id });
  assert.equal((await refreshIntegration(t.ctx, id, 'auth_error')).status, 'needs_reconnect');
  assert.match(logged, /accounts connected/);
  assert.match(logged, /token refreshed/);
  assert.match(logged, /refresh failed for now/);
  assert.match(logged, /refresh refused/);
  for (const secret of secrets) assert.equal(logged.includes(secret), false, 'a token is in the logs');
});
