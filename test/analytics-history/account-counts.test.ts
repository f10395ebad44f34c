/**
 * Threads and LinkedIn account counts in the analytics history, on SQLite and
 * PostgreSQL, collected through the simulator under its contract checks (both
 * calls described by amendments): a Threads account with a published post keeps
 * its followers and views per day; a LinkedIn organization its followers (its
 * network size); a LinkedIn member has none and nothing is asked for it. Each
 * history says what its platform can not give.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { collectNow } from '../../src/domain/analytics-history/collect-job.ts';
import { type Simulator, startSimulator } from '../../src/simulator/index.ts';
import { postMetrics } from '../../src/simulator/platforms/_shared/metrics.ts';
import { insertIntegration } from '../fake-adapter.ts';
import { forEachDatabase, startTestService, type TestService } from '../harness.ts';

const USER = '25000000000000001';

forEachDatabase('Threads and LinkedIn account counts in the history', (dialect) => {
  let t: TestService;
  let sim: Simulator;
  let offsetMs = 0;
  let accountId = '';
  let organization = '';
  let member = '';

  before(async () => {
    sim = await startSimulator({ contracts: true });
    t = await startTestService(dialect, {
      settings: { JOBS_POLL_MS: '20', PUBLISH_WAIT_MS: '15000', SIMULATOR_URL: sim.url },
    });
    t.ctx.now = () => new Date(Date.now() + offsetMs);
    const token = sim.state.issueToken({
      platform: 'threads',
      kind: 'access',
      clientId: 'sim-threads-client',
      accountId: USER,
      scopes: ['threads_basic', 'threads_content_publish', 'threads_manage_insights'],
      expiresAt: null,
      grantId: 'history-threads',
    }).value;
    accountId = await insertIntegration(t.ctx, t.projectId, 'threads', { token, platformUserId: USER });
    const linkedin = sim.state.issueToken({
      platform: 'linkedin',
      kind: 'access',
      clientId: 'sim-linkedin-client',
      accountId: 'SimMember001',
      scopes: ['w_member_social', 'r_organization_social', 'w_organization_social'],
      expiresAt: null,
      grantId: 'history-linkedin',
    }).value;
    organization = await insertIntegration(t.ctx, t.projectId, 'linkedin', {
      token: linkedin,
      platformUserId: '100000001',
      metadata: { accountType: 'organization', urn: 'urn:li:organization:100000001' },
    });
    member = await insertIntegration(t.ctx, t.projectId, 'linkedin', {
      token: linkedin,
      platformUserId: 'SimMember001',
      metadata: { urn: 'urn:li:person:SimMember001' },
    });
    const res = await t.request('POST', '/v1/posts', {
      content: `Threads history ${dialect}`,
      platforms: [{ platform: 'threads', accountId }],
      publishNow: true,
    });
    assert.equal(res.body.status, 'published', res.text);
  });
  after(async () => {
    await t.close();
    await sim.close();
  });

  it("stores the account's followers and views from its user insights", async () => {
    offsetMs += 3_600_000 + 60_000;
    const r = await collectNow(t.ctx, { projectId: t.projectId });
    assert.deepEqual(r, { accounts: 3, targets: 1, collected: 2, unsupported: 1 });
    const calls = sim.calls.list({ platform: 'threads', method: 'GET', path: /\/threads_insights$/ });
    assert.equal(calls.length, 1);
    const res = await t.request('GET', `/v1/analytics/accounts/${accountId}/history`);
    assert.equal(res.status, 200, res.text);
    const [day] = res.body.days;
    assert.equal(day.followers, 12);
    const [post] = sim.state.listPosts('threads', { account: USER });
    assert.ok(post, 'the post on the simulator');
    assert.equal(day.views, postMetrics(sim, post).views);
    assert.equal(day.following, null, 'Threads has no following count');
    assert.match(res.body.limits, /no following or post count, reach or impressions/);
    assert.equal(res.body.lastError, null);
  });

  it("stores a LinkedIn organization's followers, and no counts for a member", async () => {
    const org = await t.request('GET', `/v1/analytics/accounts/${organization}/history`);
    assert.equal(org.status, 200, org.text);
    assert.equal(org.body.days.length, 1);
    assert.equal(typeof org.body.days[0].followers, 'number');
    assert.ok(org.body.days[0].followers >= 100);
    assert.equal(org.body.days[0].impressions, null);
    assert.match(org.body.limits, /followers per day for organizations only/);
    const calls = sim.calls.list({ platform: 'linkedin', method: 'GET', path: /networkSizes/ });
    assert.equal(calls.length, 1, 'only the organization is asked');
    const person = await t.request('GET', `/v1/analytics/accounts/${member}/history`);
    assert.equal(person.status, 200, person.text);
    assert.deepEqual(person.body.days, []);
    assert.equal(person.body.lastError, null);
  });
});
