/**
 * A user connects one account of every platform through the simulator: our
 * connect URL, the platform's authorize page, our callback, the client's
 * redirectUri; then the integration is in the list. Facebook and LinkedIn pages
 * go through the selection paths.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { compileBodyCheck } from '../../src/http/validation.ts';
import { IntegrationDetailSchema, PlatformMetadataSchema } from '../../src/routes/connect/schemas.ts';
import { forEachDatabase } from '../harness.ts';
import { type ConnectEnv, connectLikeAUser, REDIRECT, startConnectEnv } from './helpers.ts';

const checkIntegration = compileBodyCheck(IntegrationDetailSchema);
const KNOWN_METADATA = new Set(Object.keys(PlatformMetadataSchema.properties));

/** The integration read matches its documented schema, and platformMetadata holds only documented fields. */
function assertDocumented(integration: { platform: string; platformMetadata: object }): void {
  assert.ok(checkIntegration(structuredClone(integration)), JSON.stringify(checkIntegration.errors));
  const unknown = Object.keys(integration.platformMetadata).filter((k) => !KNOWN_METADATA.has(k));
  assert.deepEqual(unknown, [], `${integration.platform} stores undocumented platformMetadata fields`);
}

const DIRECT = ['twitter', 'instagram', 'youtube', 'tiktok', 'pinterest', 'facebook', 'threads'];

forEachDatabase('connecting every platform through the simulator', (dialect) => {
  let env: ConnectEnv;
  before(async () => {
    env = await startConnectEnv(dialect);
  });
  after(() => env.close());

  for (const platform of DIRECT) {
    it(`connects ${platform} and lists the integration`, async () => {
      const { t } = env;
      const done = await connectLikeAUser(t, platform);
      assert.equal(`${done.origin}${done.pathname}`, REDIRECT);
      assert.equal(done.searchParams.get('platform'), platform);
      assert.equal(done.searchParams.get('error'), null);
      const id = done.searchParams.get('integrationId');
      assert.match(id ?? '', /^int_/);
      const list = await t.request('GET', `/v1/connect/integrations?platform=${platform}`);
      assert.equal(list.status, 200);
      const found = list.body.integrations.find((i: { id: string }) => i.id === id);
      assert.ok(found, `${platform} integration ${id} is listed`);
      assert.equal(found.platform, platform);
      assert.equal(found.authStatus, 'active');
      assert.equal(found.byok, false);
      assert.ok(found.platformUserId);
      const read = await t.request('GET', `/v1/connect/integrations/${id}`);
      assert.equal(read.status, 200);
      assert.ok(Array.isArray(read.body.integration.scopes) && read.body.integration.scopes.length > 0);
      assert.equal(read.body.integration.tokenStatus.valid, true);
      assert.equal(JSON.stringify(read.body).includes('accessToken"'), false);
      assertDocumented(read.body.integration);
    });
  }

  it('with headless, offers the Google Business locations of every account on the selection paths; each chosen one is an integration', async () => {
    const { t } = env;
    const done = await connectLikeAUser(t, 'googlebusiness', { headless: true });
    assert.equal(done.searchParams.get('status'), 'selection_required');
    assert.equal(done.searchParams.get('integrationId'), null, 'nothing is connected before the choice');
    const token = done.searchParams.get('selectionToken') ?? '';
    const offered = await t.request('GET', `/v1/connect/googlebusiness/selection/${token}`, undefined, {
      'x-access-key': '',
    });
    assert.equal(offered.status, 200, offered.text);
    assert.ok(offered.body.accounts.length >= 2, 'several locations');
    assert.ok(offered.body.accounts.every((a: { type: string }) => a.type === 'location'));
    const ids = offered.body.accounts.map((a: { id: string }) => a.id);
    const saved = await t.request('POST', `/v1/connect/googlebusiness/selection/${token}`, {
      selectedAccountIds: ids,
    });
    assert.equal(saved.status, 200, saved.text);
    assert.equal(saved.body.integrations.length, ids.length);
    const read = await t.request('GET', `/v1/connect/integrations/${saved.body.integrations[0].id}`);
    const meta = read.body.integration.platformMetadata;
    assert.match(meta.resourceName, /^accounts\/\d+\/locations\/\d+$/);
    assertDocumented(read.body.integration);
  });

  it('connects LinkedIn with headless: the member and organization pages are offered on the selection paths', async () => {
    const { t } = env;
    const done = await connectLikeAUser(t, 'linkedin', { headless: true });
    assert.equal(done.searchParams.get('platform'), 'linkedin');
    assert.equal(done.searchParams.get('status'), 'selection_required');
    const token = done.searchParams.get('selectionToken');
    assert.ok(token);
    // Clients call the selection paths without a key: the one-time token is the credential.
    const noKey = { 'x-access-key': '' };
    const offered = await t.request('GET', `/v1/connect/linkedin/selection/${token}`, undefined, noKey);
    assert.equal(offered.status, 200);
    assert.equal(offered.body.platform, 'linkedin');
    assert.ok(offered.body.expiresInSeconds > 0);
    const types = offered.body.accounts.map((a: { type: string }) => a.type).sort();
    assert.deepEqual(types, ['organization', 'organization', 'person']);
    const person = offered.body.accounts.find((a: { type: string }) => a.type === 'person');
    const org = offered.body.accounts.find((a: { type: string }) => a.type === 'organization');
    const saved = await t.request(
      'POST',
      `/v1/connect/linkedin/selection/${token}`,
      { selectedAccountIds: [person.id, org.id] },
      noKey,
    );
    assert.equal(saved.status, 200, saved.text);
    assert.equal(saved.body.platform, 'linkedin');
    assert.equal(saved.body.integrations.length, 2);
    assert.ok(saved.body.integrations.every((i: { authStatus: string }) => i.authStatus === 'active'));
    assert.equal(saved.body.redirectUri, REDIRECT);
    const orgIntegration = saved.body.integrations.find(
      (i: { platformUserId: string }) => i.platformUserId === org.id,
    );
    assert.equal(orgIntegration.platformMetadata.urn, `urn:li:organization:${org.id}`);
    for (const i of saved.body.integrations) {
      assertDocumented((await t.request('GET', `/v1/connect/integrations/${i.id}`)).body.integration);
    }
    const again = await t.request('POST', `/v1/connect/linkedin/selection/${token}`, {
      selectedAccountIds: [person.id],
    });
    assert.equal(again.status, 404);
    assert.deepEqual(Object.keys(again.body), ['error']);
    const list = await t.request('GET', '/v1/connect/integrations?platform=linkedin');
    assert.equal(list.body.total, 2);
  });

  it('connects Bluesky with an app password; wrong password is 401', async () => {
    const { t } = env;
    const ok = await t.request('POST', '/v1/connect/bluesky/auth', {
      identifier: 'sim-user.bsky.social',
      password: 'simb-apps-pass-word',
    });
    assert.equal(ok.status, 200, ok.text);
    assert.equal(ok.body.integration.platform, 'bluesky');
    assert.equal(ok.body.integration.platformUserId, 'did:plc:simbluesky000000000001');
    assert.equal(ok.body.integration.username, 'sim-user.bsky.social');
    assertDocumented(ok.body.integration);
    const wrong = await t.request('POST', '/v1/connect/bluesky/auth', {
      identifier: 'sim-user.bsky.social',
      password: 'wrong-pass-word-0000',
    });
    assert.equal(wrong.status, 401);
    // Shape B like the rest of the connect family; the message says what was refused.
    assert.deepEqual(Object.keys(wrong.body), ['error']);
    assert.equal(typeof wrong.body.error, 'string');
    const list = await t.request('GET', '/v1/connect/integrations?platform=bluesky');
    assert.equal(list.body.total, 1);
  });

  it('Bluesky takes the query parameters of the other connect flows', async () => {
    const { t } = env;
    const profile = (await t.request('POST', '/v1/profiles', { name: 'Bluesky brand' })).body.profile;
    const query = new URLSearchParams({
      redirectUri: REDIRECT,
      cancelRedirectUri: 'https://client.example/cancelled',
      headless: 'true',
      profileId: profile.id,
    });
    const credentials = { identifier: 'sim-user.bsky.social', password: 'simb-apps-pass-word' };
    const ok = await t.request('POST', `/v1/connect/bluesky/auth?${query}`, credentials);
    assert.equal(ok.status, 200, ok.text);
    assert.equal(ok.body.redirectUri, REDIRECT);
    assert.equal(ok.body.integration.profileId, profile.id);

    const unknownApp = await t.request('POST', '/v1/connect/bluesky/auth?appId=app_unknown', credentials);
    assert.equal(unknownApp.status, 404);
    assert.deepEqual(Object.keys(unknownApp.body), ['error']);
    const unknownProfile = await t.request('POST', '/v1/connect/bluesky/auth?profileId=prof_x', credentials);
    assert.equal(unknownProfile.status, 404);
    assert.deepEqual(Object.keys(unknownProfile.body), ['error']);
    const disagree = await t.request('POST', `/v1/connect/bluesky/auth?profileId=${profile.id}`, {
      ...credentials,
      profileId: 'prof_other',
    });
    assert.equal(disagree.status, 400);
    assert.match(disagree.body.error, /profileId/);
    const badQuery = await t.request(
      'POST',
      '/v1/connect/bluesky/auth?redirectUri=not-a-uri&extra=1',
      credentials,
    );
    assert.equal(badQuery.status, 400);
    assert.deepEqual(Object.keys(badQuery.body), ['error']);
  });

  it('connecting the same account again updates the integration instead of adding one', async () => {
    const { t } = env;
    const first = (await connectLikeAUser(t, 'twitter')).searchParams.get('integrationId');
    const second = (await connectLikeAUser(t, 'twitter')).searchParams.get('integrationId');
    assert.equal(first, second);
    const list = await t.request('GET', '/v1/connect/integrations?platform=twitter');
    assert.equal(list.body.total, 1);
  });
});

forEachDatabase('Bluesky server unreachable', (dialect) => {
  it('answers 502 when the PDS can not be reached', async () => {
    const env = await startConnectEnv(dialect, { BLUESKY_PDS_URL: 'http://127.0.0.1:9' });
    try {
      const res = await env.t.request('POST', '/v1/connect/bluesky/auth', {
        identifier: 'a.test',
        password: 'x',
      });
      assert.equal(res.status, 502);
      assert.deepEqual(Object.keys(res.body), ['error']);
    } finally {
      await env.close();
    }
  });
});
