/**
 * The publishing figures on /metrics (docs/operating.md), driven end to end
 * through the simulator: targets published and failed by platform and error class,
 * how late a scheduled target started, platform calls by status and their latency,
 * a token refresh, and the job queue's gauges.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { type Simulator, startSimulator } from '../src/simulator/index.ts';
import { insertIntegration } from './fake-adapter.ts';
import { forEachDatabase, startTestService, type TestService } from './harness.ts';
import { connectSimulated } from './publishing-e2e.ts';
import { until } from './shared-store.ts';

const FINAL = ['published', 'partial', 'failed'];

/** The value of one sample line (`name{labels} value`), 0 when absent. */
function sample(text: string, name: string, labels: Record<string, string>): number {
  const want = Object.entries(labels)
    .map(([k, v]) => `${k}="${v}"`)
    .sort();
  for (const line of text.split('\n')) {
    const m = /^([a-z_]+)\{([^}]*)\} (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const have = (m[2] ?? '').split(',').filter(Boolean);
    if (want.every((w) => have.includes(w))) return Number(m[3]);
  }
  return 0;
}

forEachDatabase('publishing figures on /metrics', (dialect) => {
  let t: TestService;
  let sim: Simulator;
  let account = '';

  before(async () => {
    sim = await startSimulator();
    t = await startTestService(dialect, {
      settings: { JOBS_POLL_MS: '20', PUBLISH_WAIT_MS: '5000', SIMULATOR_URL: sim.url },
    });
    sim.addAccount('twitter', { id: '1700000000000000401', username: 'metrics', name: 'Metrics' });
    account = await connectSimulated(t, sim, 'twitter', '1700000000000000401');
  });
  after(async () => {
    await t.close();
    await sim.close();
  });

  const settled = async (postId: string) => {
    await until(
      async () => FINAL.includes((await t.request('GET', `/v1/posts/${postId}`)).body.post.status),
      20_000,
    );
  };
  const metrics = async () => (await t.request('GET', '/metrics', undefined, { 'x-access-key': '' })).text;

  it('lists every figure from the start', async () => {
    const text = await metrics();
    for (const name of [
      'publishing_targets_total',
      'publishing_schedule_lateness_seconds',
      'platform_requests_total',
      'platform_request_duration_seconds',
      'token_refreshes_total',
      'jobs_queue_depth',
      'jobs_queue_oldest_age_seconds',
    ])
      assert.match(text, new RegExp(`^# HELP ${name} `, 'm'), name);
  });

  it('counts published and failed targets by platform and error class, and the platform calls', async () => {
    const ok = await t.request('POST', '/v1/posts', {
      content: `Metrics ok ${dialect} ${Date.now()}`,
      platforms: [{ platform: 'twitter', accountId: account }],
      publishNow: true,
    });
    await settled(ok.body.postId);
    sim.faults.add({
      platform: 'twitter',
      method: 'POST',
      path: '/2/tweets',
      times: 1,
      status: 403,
      body: { detail: 'You are not allowed to create a Tweet with duplicate content.', status: 403 },
    });
    const refused = await t.request('POST', '/v1/posts', {
      content: `Metrics refused ${dialect} ${Date.now()}`,
      platforms: [{ platform: 'twitter', accountId: account }],
      publishNow: true,
    });
    await settled(refused.body.postId);
    const text = await metrics();
    assert.equal(
      sample(text, 'publishing_targets_total', {
        platform: 'twitter',
        outcome: 'published',
        error_class: '',
      }),
      1,
    );
    assert.equal(
      sample(text, 'publishing_targets_total', {
        platform: 'twitter',
        outcome: 'failed',
        error_class: 'permanent',
      }),
      1,
    );
    assert.equal(sample(text, 'platform_requests_total', { platform: 'twitter', status: '403' }), 1);
    assert.ok(sample(text, 'platform_requests_total', { platform: 'twitter', status: '201' }) >= 1, text);
    assert.ok(sample(text, 'platform_request_duration_seconds_count', { platform: 'twitter' }) >= 2);
  });

  it('measures how late a scheduled target started', async () => {
    const res = await t.request('POST', '/v1/posts', {
      content: `Metrics scheduled ${dialect} ${Date.now()}`,
      platforms: [{ platform: 'twitter', accountId: account }],
      scheduledFor: new Date(Date.now() + 1500).toISOString(),
    });
    assert.equal(res.status, 202, res.text);
    await settled(res.body.postId);
    const text = await metrics();
    assert.equal(sample(text, 'publishing_schedule_lateness_seconds_count', { platform: 'twitter' }), 1);
    assert.ok(sample(text, 'publishing_schedule_lateness_seconds_sum', { platform: 'twitter' }) < 30);
  });

  it('counts a token refresh', async () => {
    const accountId = '1700000000000000402';
    sim.addAccount('twitter', { id: accountId, username: 'expiring', name: 'Expiring' });
    const tokens = sim.issueTokens('twitter', { accountId, ttlSec: 3600, refresh: true });
    const integrationId = await insertIntegration(t.ctx, t.projectId, 'twitter', {
      token: tokens.accessToken,
      ...(tokens.refreshToken ? { refreshToken: tokens.refreshToken } : {}),
      platformUserId: accountId,
    });
    sim.state.expireTokens({ platform: 'twitter', account: accountId, kind: 'access' });
    const res = await t.request('POST', '/v1/posts', {
      content: `Metrics refresh ${dialect} ${Date.now()}`,
      platforms: [{ platform: 'twitter', accountId: integrationId }],
      publishNow: true,
    });
    await settled(res.body.postId);
    const text = await metrics();
    assert.equal(sample(text, 'token_refreshes_total', { platform: 'twitter', result: 'refreshed' }), 1);
  });

  it("reports the job queue's depth and age by kind", async () => {
    // An api-only node on its own store: no worker takes the job, so it stays due.
    const api = await startTestService(dialect, { settings: { ROLE: 'api' } });
    try {
      await api.ctx.store.db
        .insertInto('jobs')
        .values({
          id: `job_metrics_${dialect}`,
          kind: 'publish_target',
          project_id: null,
          payload: '{}',
          run_at: Date.now() - 5000,
          attempts: 0,
          max_attempts: 1,
          lease_owner: null,
          lease_until: null,
          last_error: null,
          platform: null,
          account: null,
          created_at: new Date().toISOString(),
        })
        .execute();
      const text = (await api.request('GET', '/metrics', undefined, { 'x-access-key': '' })).text;
      assert.equal(sample(text, 'jobs_queue_depth', { kind: 'publish_target' }), 1);
      assert.ok(sample(text, 'jobs_queue_oldest_age_seconds', { kind: 'publish_target' }) >= 4);
    } finally {
      await api.close();
    }
  });

  it('serves /metrics on METRICS_PORT for a worker, which has no API server', async () => {
    const worker = await startTestService(dialect, { settings: { ROLE: 'worker', METRICS_PORT: '0' } });
    try {
      assert.equal(worker.service.server, null);
      const url = worker.service.metricsUrl ?? '';
      assert.match(url, /^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
      const res = await fetch(url);
      assert.equal(res.status, 200);
      assert.match(await res.text(), /^# HELP publishing_targets_total /m);
      const other = await fetch(url.replace('/metrics', '/v1/posts'));
      assert.equal(other.status, 404);
      await other.body?.cancel();
    } finally {
      await worker.close();
    }
  });
});
