/**
 * Facebook Page selection (several Pages, or headless) and the platform data
 * endpoints (Pinterest boards, TikTok creator info) through the simulator.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { createProject } from '../../src/domain/projects/projects.ts';
import { forEachDatabase } from '../harness.ts';
import {
  authorize,
  type ConnectEnv,
  connectLikeAUser,
  REDIRECT,
  startConnectEnv,
  visitService,
} from './helpers.ts';

forEachDatabase('Facebook selection and platform data', (dialect) => {
  let env: ConnectEnv;
  before(async () => {
    env = await startConnectEnv(dialect);
  });
  after(() => env.close());

  it('with headless, offers the Pages of a user with several on the selection paths and connects only the selected ones', async () => {
    const { t, sim } = env;
    sim.state.setAuthorizeAs('facebook', '10000000000000002');
    try {
      const done = await connectLikeAUser(t, 'facebook', { headless: true });
      assert.equal(`${done.origin}${done.pathname}`, REDIRECT);
      const token = done.searchParams.get('selectionToken') ?? '';
      assert.ok(token);
      assert.equal(done.searchParams.get('integrationId'), null);
      const offered = await t.request('GET', `/v1/connect/facebook/selection/${token}`);
      assert.equal(offered.status, 200);
      assert.ok(offered.body.accounts.length >= 2);
      assert.ok(offered.body.accounts.every((a: { type: string }) => a.type === 'page'));
      assert.ok(
        offered.body.expiresInSeconds > 0 &&
          offered.body.expiresInSeconds <= t.ctx.config.SELECTION_TOKEN_TTL_SECONDS,
      );
      assert.equal(JSON.stringify(offered.body).includes('access_token'), false);

      const notOffered = await t.request('POST', `/v1/connect/facebook/selection/${token}`, {
        selectedAccountIds: ['999'],
      });
      assert.equal(notOffered.status, 400);
      assert.match(notOffered.body.error, /999 was not offered/);

      const pick = offered.body.accounts[1];
      const saved = await t.request('POST', `/v1/connect/facebook/selection/${token}`, {
        selectedAccountIds: [pick.id],
      });
      assert.equal(saved.status, 200, saved.text);
      assert.equal(saved.body.integrations.length, 1);
      assert.equal(saved.body.integrations[0].platformUserId, pick.id);
      assert.equal(saved.body.integrations[0].authStatus, 'active');
      const list = await t.request('GET', '/v1/connect/integrations?platform=facebook');
      assert.equal(list.body.total, 1);
      const read = await t.request('GET', `/v1/connect/integrations/${saved.body.integrations[0].id}`);
      assert.deepEqual(read.body.integration.tokenStatus, {
        valid: true,
        autoRefreshes: false,
        reconnectRequired: false,
        reason: null,
      });
      assert.equal(read.body.integration.accessTokenExpiresAt, null, 'Page tokens do not expire');

      for (const method of ['GET', 'POST'] as const) {
        const used = await t.request(
          method,
          `/v1/connect/facebook/selection/${token}`,
          method === 'POST' ? { selectedAccountIds: [pick.id] } : undefined,
        );
        assert.equal(used.status, 404);
        assert.deepEqual(Object.keys(used.body), ['error']);
      }
      assert.equal((await t.request('GET', '/v1/connect/facebook/selection/unknown')).status, 404);
      assert.equal((await t.request('GET', '/v1/connect/twitter/selection/x')).status, 404);
    } finally {
      sim.state.setAuthorizeAs('facebook', '10000000000000001');
    }
  });

  it('headless: a single Page also goes through selection; an expired token is 404', async () => {
    const { t } = env;
    const done = await connectLikeAUser(t, 'facebook', { headless: true });
    const token = done.searchParams.get('selectionToken') ?? '';
    assert.ok(token);
    assert.equal(done.searchParams.get('status'), 'selection_required');
    const offered = await t.request('GET', `/v1/connect/facebook/selection/${token}`);
    assert.equal(offered.body.accounts.length, 1);
    const realNow = t.ctx.now;
    t.ctx.now = () => new Date(Date.now() + (t.ctx.config.SELECTION_TOKEN_TTL_SECONDS + 1) * 1000);
    try {
      assert.equal((await t.request('GET', `/v1/connect/facebook/selection/${token}`)).status, 404);
    } finally {
      t.ctx.now = realNow;
    }
  });

  it('without a redirectUri the callback answers JSON that says a selection is required', async () => {
    const { t } = env;
    for (const platform of ['facebook', 'linkedin']) {
      const start = await t.request('GET', `/v1/connect/${platform}?headless=true`);
      assert.equal(start.status, 200, start.text);
      const done = await visitService(t, await authorize(start.body.url));
      assert.equal(done.status, 200, done.text);
      assert.equal(done.body.success, true);
      assert.equal(done.body.platform, platform);
      assert.equal(done.body.status, 'selection_required', `${platform}: ${done.text}`);
      assert.ok(done.body.expiresInSeconds > 0);
      assert.equal(done.body.integrations, undefined, 'nothing is connected before the choice');
      const offered = await t.request('GET', `/v1/connect/${platform}/selection/${done.body.selectionToken}`);
      assert.equal(offered.status, 200, offered.text);
      assert.ok(offered.body.accounts.length >= 1);
    }
  });

  it('the one-time token is the credential: no key needed; a key must be of the same project', async () => {
    const { t } = env;
    const done = await connectLikeAUser(t, 'facebook', { headless: true });
    const token = done.searchParams.get('selectionToken') ?? '';
    const path = `/v1/connect/facebook/selection/${token}`;
    const other = await createProject(t.ctx, 'someone-else');
    const foreign = await t.request('GET', path, undefined, { 'x-access-key': other.accessKey });
    assert.equal(foreign.status, 404, 'a key of another project does not see the token');
    assert.deepEqual(Object.keys(foreign.body), ['error']);
    const badKey = await t.request('GET', path, undefined, { 'x-access-key': 'not-a-key' });
    assert.equal(badKey.status, 401);
    assert.deepEqual(Object.keys(badKey.body), ['error']);
    const foreignSave = await t.request(
      'POST',
      path,
      { selectedAccountIds: ['x'] },
      {
        'x-access-key': other.accessKey,
      },
    );
    assert.equal(foreignSave.status, 404);

    const offered = await t.request('GET', path, undefined, { 'x-access-key': '' });
    assert.equal(offered.status, 200, offered.text);
    const saved = await t.request(
      'POST',
      path,
      { selectedAccountIds: [offered.body.accounts[0].id] },
      { 'x-access-key': '' },
    );
    assert.equal(saved.status, 200, saved.text);
    // Saved under the token's project, visible with that project's key only.
    const id = saved.body.integrations[0].id;
    assert.equal((await t.request('GET', `/v1/connect/integrations/${id}`)).status, 200);
    assert.equal(
      (
        await t.request('GET', `/v1/connect/integrations/${id}`, undefined, {
          'x-access-key': other.accessKey,
        })
      ).status,
      404,
    );
    for (const method of ['GET', 'POST'] as const) {
      const used = await t.request(
        method,
        path,
        method === 'POST' ? { selectedAccountIds: ['x'] } : undefined,
        { 'x-access-key': '' },
      );
      assert.equal(used.status, 404, `${method} of a used token without a key`);
      assert.deepEqual(Object.keys(used.body), ['error']);
    }
    const unknown = await t.request('GET', '/v1/connect/linkedin/selection/sel_unknown', undefined, {
      'x-access-key': '',
    });
    assert.equal(unknown.status, 404);
    assert.deepEqual(Object.keys(unknown.body), ['error']);
  });

  it('lists Pinterest boards of a connected account', async () => {
    const { t } = env;
    const id = (await connectLikeAUser(t, 'pinterest')).searchParams.get('integrationId');
    const res = await t.request('GET', `/v1/pinterest/boards?accountId=${id}`);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.success, true);
    assert.ok(res.body.boards.length >= 1);
    const board = res.body.boards[0];
    assert.deepEqual(Object.keys(board).sort(), ['description', 'id', 'name', 'privacy']);
    const wrong = await t.request('GET', '/v1/pinterest/boards?accountId=int_unknown');
    assert.equal(wrong.status, 404);
    // Shape B, as the connect family answers.
    assert.deepEqual(Object.keys(wrong.body), ['error']);
    // accountId is optional: the project's only Pinterest account is used.
    const only = await t.request('GET', '/v1/pinterest/boards');
    assert.equal(only.status, 200, only.text);
    assert.deepEqual(only.body.boards, res.body.boards);
    const empty = await t.request('GET', '/v1/pinterest/boards?accountId=');
    assert.equal(empty.status, 400);
    assert.deepEqual(Object.keys(empty.body), ['error']);
  });

  it('reads TikTok creator info, refreshing once when the platform says the token is no good', async () => {
    const { t, sim } = env;
    const id = (await connectLikeAUser(t, 'tiktok')).searchParams.get('integrationId');
    const row = await t.ctx.store.db
      .selectFrom('integrations')
      .selectAll()
      .where('id', '=', id ?? '')
      .executeTakeFirstOrThrow();
    sim.state.expireTokens({ platform: 'tiktok', account: row.platform_user_id, kind: 'access' });
    const res = await t.request('GET', `/v1/tiktok/creator-info?accountId=${id}`);
    assert.equal(res.status, 200, res.text);
    const d = res.body.data;
    assert.ok(Array.isArray(d.privacyLevelOptions) && d.privacyLevelOptions.length > 0);
    assert.equal(typeof d.commentDisabled, 'boolean');
    assert.ok(d.creatorUsername);
    const after = await t.ctx.store.db
      .selectFrom('integrations')
      .selectAll()
      .where('id', '=', id ?? '')
      .executeTakeFirstOrThrow();
    assert.equal(after.token_version, row.token_version + 1, 'refreshed once');
    const pinterestId = (await t.request('GET', '/v1/connect/integrations?platform=pinterest')).body
      .integrations[0]?.id;
    if (pinterestId) {
      const wrongPlatform = await t.request('GET', `/v1/tiktok/creator-info?accountId=${pinterestId}`);
      assert.equal(wrongPlatform.status, 400);
      assert.deepEqual(Object.keys(wrongPlatform.body), ['error']);
    }
    const unknown = await t.request('GET', '/v1/tiktok/creator-info?accountId=int_unknown');
    assert.equal(unknown.status, 404);
    assert.deepEqual(Object.keys(unknown.body), ['error']);
  });

  it('a lookup the platform fails answers 502, its rate limit 429 with its wait; a token refused even after a refresh answers 403', async () => {
    const { t, sim } = env;
    const id = (await connectLikeAUser(t, 'pinterest')).searchParams.get('integrationId') ?? '';
    const boards = `/v1/pinterest/boards?accountId=${id}`;
    try {
      sim.faults.add({ platform: 'pinterest', path: '/v5/boards', status: 503, times: 1 });
      const failed = await t.request('GET', boards);
      assert.equal(failed.status, 502, failed.text);
      assert.equal(typeof failed.body.error, 'string');
      sim.faults.add({
        platform: 'pinterest',
        path: '/v5/boards',
        status: 429,
        headers: { 'retry-after': '42' },
        body: { code: 8, message: 'You have exceeded your rate limit. Try again later.' },
        times: 1,
      });
      const limited = await t.request('GET', boards);
      assert.equal(limited.status, 429, limited.text);
      assert.equal(limited.headers['retry-after'], '42');
      assert.deepEqual(Object.keys(limited.body), ['error']);
      assert.match(limited.body.error, /rate limit.*try again in 42 s/);
      const before = await t.ctx.store.db
        .selectFrom('integrations')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      sim.faults.add({ platform: 'pinterest', path: '/v5/boards', status: 401, times: 2 });
      const refused = await t.request('GET', boards);
      assert.equal(refused.status, 403, refused.text);
      assert.deepEqual(Object.keys(refused.body), ['error']);
      const row = await t.ctx.store.db
        .selectFrom('integrations')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      assert.equal(row.token_version, before.token_version + 1, 'refreshed once before giving up');
      assert.equal(row.auth_status, 'needs_reconnect');
      assert.equal(row.auth_failure_reason, 'token_revoked');
    } finally {
      sim.faults.clear();
    }
  });
});
