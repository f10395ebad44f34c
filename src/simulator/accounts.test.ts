import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { loadConfig } from '../config.ts';
import { type Simulator, startSimulator } from './index.ts';
import { basicHeader, call, followAuthorize, type Json, pkcePair, postForm } from './testing.ts';
import { codeFlow, drivers } from './testing-oauth.ts';

describe('simulator account-listing calls', () => {
  let sim: Simulator;
  before(async () => {
    sim = await startSimulator();
  });
  after(() => sim.close());
  beforeEach(() => sim.reset());

  /** This month as `LinkedIn-Version` (YYYYMM) on the simulator's clock: a version LinkedIn serves. */
  // The version the adapter sends and the LinkedIn contract was read at (active on the simulator's clock).
  const activeVersion = (_s: Simulator): string => loadConfig().LINKEDIN_API_VERSION;
  const auth = (token: string, extra: Record<string, string> = {}) => ({
    headers: { authorization: `Bearer ${token}`, ...extra },
  });

  it('X: users/me with user.fields; no refresh token without offline.access', async () => {
    const t = await codeFlow(sim, 'twitter');
    const me = await call(
      `${sim.baseUrl('twitter')}/2/users/me?user.fields=profile_image_url,public_metrics`,
      auth(t.body.access_token),
    );
    assert.equal(me.body.data.username, 'sim_x_user');
    assert.equal(me.body.data.public_metrics.followers_count, 1200);
    assert.ok(me.body.data.profile_image_url);
    const noOffline = await codeFlow(sim, 'twitter', { authorize: { scope: 'tweet.read users.read' } });
    assert.equal(noOffline.body.refresh_token, undefined);
    assert.equal(noOffline.body.expires_in, 7200);
    const noPkce = await fetch(
      `${sim.baseUrl('twitter')}/i/oauth2/authorize?response_type=code&client_id=sim-twitter-client&redirect_uri=https://a.example/cb&state=s&scope=x`,
      { redirect: 'manual' },
    );
    assert.match(noPkce.headers.get('location') ?? '', /error=invalid_request/);
  });

  it('LinkedIn: userinfo, administered organizations, version header, fixed-expiry refresh', async () => {
    const t = await codeFlow(sim, 'linkedin');
    const token = t.body.access_token as string;
    assert.equal(t.body.expires_in, 5184000);
    const v = { 'linkedin-version': activeVersion(sim), 'x-restli-protocol-version': '2.0.0' };
    const acls = await call(
      `${sim.baseUrl('linkedin')}/rest/organizationAcls?q=roleAssignee&role=ADMINISTRATOR&state=APPROVED`,
      auth(token, v),
    );
    assert.equal(acls.status, 200);
    assert.deepEqual(
      acls.body.elements.map((e: Json) => e.organization),
      ['urn:li:organization:100000001', 'urn:li:organization:100000002'],
    );
    assert.equal(acls.body.elements[0].roleAssignee, 'urn:li:person:SimMember001');
    const orgs = await call(
      `${sim.baseUrl('linkedin')}/rest/organizations?ids=List(100000001,100000002)`,
      auth(token, v),
    );
    assert.equal(orgs.body.results['100000001'].localizedName, 'Sim Corp');
    const one = await call(`${sim.baseUrl('linkedin')}/rest/organizations/100000002`, auth(token, v));
    assert.equal(one.body.vanityName, 'sim-labs');
    // Sent without the headers, then with a retired version, on purpose: LinkedIn's
    // pages require both headers, and 202301 is not the version the file was read at.
    sim.contracts.expect({
      platform: 'linkedin',
      operation: 'organizationAcls.roleAssignee',
      problem: /must have required property '(linkedin-version|x-restli-protocol-version)'/,
      why: 'a call without LinkedIn-Version (nor X-Restli-Protocol-Version), to see it refused',
    });
    sim.contracts.expect({
      platform: 'linkedin',
      operation: 'organizationAcls.roleAssignee',
      problem: /linkedin-version 202301 is not the version/,
      why: 'a retired LinkedIn-Version, to see it refused',
    });
    const noVersion = await call(
      `${sim.baseUrl('linkedin')}/rest/organizationAcls?q=roleAssignee`,
      auth(token),
    );
    assert.equal(noVersion.status, 400);
    const old = await call(
      `${sim.baseUrl('linkedin')}/rest/organizationAcls?q=roleAssignee`,
      auth(token, { 'linkedin-version': '202301' }),
    );
    assert.equal(old.status, 426);
    assert.equal(old.body.code, 'NONEXISTENT_VERSION');

    const linkedin = drivers.find((d) => d.platform === 'linkedin')!;
    sim.clock.advance(100 * 86400 * 1000);
    const r = await linkedin.refresh!(sim, t.body.refresh_token);
    assert.equal(r.body.refresh_token, t.body.refresh_token, 'not rotated');
    assert.ok(Math.abs(r.body.refresh_token_expires_in - (365 - 100) * 86400) < 5, 'expiry not extended');

    sim.state.revokeTokens({ platform: 'linkedin', kind: 'access' });
    const revoked = await call(`${sim.baseUrl('linkedin')}/v2/userinfo`, auth(r.body.access_token));
    assert.equal(revoked.status, 401);
    assert.equal(revoked.body.code, 'REVOKED_ACCESS_TOKEN');
  });

  it('Google Business: accounts and locations (readMask required, bare location names)', async () => {
    const t = await codeFlow(sim, 'googlebusiness');
    const token = t.body.access_token as string;
    const gbp = sim.baseUrl('googlebusiness');
    const accounts = await call(`${gbp}/v1/accounts`, auth(token));
    assert.deepEqual(
      accounts.body.accounts.map((a: Json) => a.name),
      ['accounts/100000000000000000001', 'accounts/100000000000000000002'],
    );
    const noMask = await call(`${gbp}/v1/accounts/100000000000000000001/locations`, auth(token));
    assert.equal(noMask.status, 400);
    assert.equal(noMask.body.error.status, 'INVALID_ARGUMENT');
    const locs = await call(
      `${gbp}/v1/accounts/100000000000000000001/locations?readMask=name,title,metadata&pageSize=1`,
      auth(token),
    );
    assert.equal(locs.body.locations[0].name, 'locations/1000000000000000001');
    assert.equal(locs.body.locations[0].metadata.canOperateLocalPost, true);
    assert.equal(locs.body.locations[0].storefrontAddress, undefined, 'only the readMask fields');
    const page2 = await call(
      `${gbp}/v1/accounts/100000000000000000001/locations?readMask=name,title&pageSize=1&pageToken=${locs.body.nextPageToken}`,
      auth(token),
    );
    assert.equal(page2.body.locations[0].title, 'Sim Bakery');
    assert.equal(page2.body.nextPageToken, undefined);
    const other = await call(`${gbp}/v1/accounts/999/locations?readMask=name`, auth(token));
    assert.equal(other.status, 404);
    const expired = await call(`${gbp}/v1/accounts`, auth('nope'));
    assert.equal(expired.status, 401);
    assert.equal(expired.body.error.status, 'UNAUTHENTICATED');
  });

  it('Google: a refresh token only with access_type=offline, and on re-consent only with prompt=consent', async () => {
    const online = await codeFlow(sim, 'youtube', { authorize: { access_type: 'online' } });
    assert.equal(online.body.refresh_token, undefined);
    const first = await codeFlow(sim, 'youtube');
    assert.ok(first.body.refresh_token);
    const again = await codeFlow(sim, 'youtube', { authorize: { prompt: 'select_account' } });
    assert.equal(again.body.refresh_token, undefined);
    const consent = await codeFlow(sim, 'youtube');
    assert.ok(consent.body.refresh_token);
    const revoke = await fetch(`${sim.baseUrl('youtube')}/revoke?token=${consent.body.refresh_token}`, {
      method: 'POST',
    });
    assert.equal(revoke.status, 200);
    const yt = drivers.find((d) => d.platform === 'youtube')!;
    const dead = await yt.refresh!(sim, consent.body.refresh_token);
    assert.deepEqual(dead.body, {
      error: 'invalid_grant',
      error_description: 'Token has been expired or revoked.',
    });
  });

  it('YouTube: channels?mine=true', async () => {
    const t = await codeFlow(sim, 'youtube');
    const ch = await call(
      `${sim.baseUrl('youtube')}/youtube/v3/channels?part=snippet,statistics&mine=true`,
      auth(t.body.access_token),
    );
    assert.equal(ch.body.kind, 'youtube#channelListResponse');
    assert.equal(ch.body.items[0].snippet.customUrl, '@simchannel');
    const bad = await call(`${sim.baseUrl('youtube')}/youtube/v3/channels?part=snippet&mine=true`, auth('x'));
    assert.equal(bad.status, 401);
    assert.equal(bad.body.error.errors[0].reason, 'authError');
  });

  it('Pinterest: user_account and boards with bookmark paging', async () => {
    const t = await codeFlow(sim, 'pinterest');
    assert.ok(t.body.refresh_token_expires_in > 5_000_000);
    const token = t.body.access_token as string;
    const me = await call(`${sim.baseUrl('pinterest')}/v5/user_account`, auth(token));
    assert.equal(me.body.username, 'sim_pinner');
    const p1 = await call(`${sim.baseUrl('pinterest')}/v5/boards?page_size=2`, auth(token));
    assert.equal(p1.body.items.length, 2);
    assert.ok(p1.body.bookmark);
    const p2 = await call(
      `${sim.baseUrl('pinterest')}/v5/boards?page_size=2&bookmark=${p1.body.bookmark}`,
      auth(token),
    );
    assert.deepEqual(
      p2.body.items.map((b: Json) => b.privacy),
      ['SECRET'],
    );
    assert.equal(p2.body.bookmark, null);
    const bad = await call(`${sim.baseUrl('pinterest')}/v5/boards`, auth('x'));
    assert.deepEqual([bad.status, bad.body], [401, { code: 2, message: 'Authentication failed.' }]);
  });

  it('TikTok: user info and creator info, scope checked', async () => {
    const t = await codeFlow(sim, 'tiktok');
    assert.equal(t.body.open_id, 'sim-tiktok-open-id-0001');
    assert.equal(t.body.scope, 'user.info.basic,video.publish');
    const token = t.body.access_token as string;
    const info = await call(`${sim.baseUrl('tiktok')}/v2/post/publish/creator_info/query/`, {
      method: 'POST',
      ...auth(token, { 'content-type': 'application/json; charset=UTF-8' }),
    });
    assert.equal(info.body.error.code, 'ok');
    assert.ok(info.body.data.privacy_level_options.includes('SELF_ONLY'));
    assert.equal(info.body.data.creator_username, 'sim_tiktoker');
    const narrow = await codeFlow(sim, 'tiktok', { authorize: { scope: 'user.info.basic' } });
    const denied = await call(`${sim.baseUrl('tiktok')}/v2/post/publish/creator_info/query/`, {
      method: 'POST',
      ...auth(narrow.body.access_token),
    });
    assert.equal(denied.status, 401);
    assert.equal(denied.body.error.code, 'scope_not_authorized');
  });

  it('X: codes expire after 30 s and the token endpoint wants Basic client auth', async () => {
    const pkce = pkcePair();
    const a = await followAuthorize(
      `${sim.baseUrl('twitter')}/i/oauth2/authorize?response_type=code&client_id=sim-twitter-client&redirect_uri=https://a.example/cb&state=s&scope=users.read&code_challenge=${pkce.challenge}&code_challenge_method=S256`,
    );
    const code = a.params.get('code')!;
    const form = {
      grant_type: 'authorization_code',
      code,
      redirect_uri: 'https://a.example/cb',
      code_verifier: pkce.verifier,
    };
    const noBasic = await postForm(`${sim.baseUrl('twitter')}/2/oauth2/token`, form);
    assert.deepEqual([noBasic.status, noBasic.body.error], [401, 'unauthorized_client']);
    sim.clock.advance(31_000);
    const late = await postForm(`${sim.baseUrl('twitter')}/2/oauth2/token`, form, {
      authorization: basicHeader('sim-twitter-client', 'sim-twitter-secret'),
    });
    assert.deepEqual(late.body, {
      error: 'invalid_request',
      error_description: 'Value passed for the authorization code was invalid.',
    });
  });
});
