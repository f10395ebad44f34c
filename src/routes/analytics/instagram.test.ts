/**
 * GET /v1/analytics/instagram/demographics and /account-insights through the HTTP
 * API against the simulator, on SQLite and PostgreSQL: every parameter's check,
 * each documented error (400, 402, 404, 409, 502), the numbers as the simulator
 * derives them (windows of 30 days for ranges up to 90), and exactly one credit
 * per successful call, none for a failed one.
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, it } from 'node:test';
import { forEachDatabase, startTestService, type TestService } from '../../../test/harness.ts';
import { connectSimulated } from '../../../test/publishing-e2e.ts';
import { type Simulator, startSimulator } from '../../simulator/index.ts';
import { dailyValue, setAudience } from '../../simulator/platforms/_shared/metrics.ts';

const IG_USER = '17841400000000001';
const IG_SMALL = '17841400000000002';
const DAY_MS = 86_400_000;
const dayOf = (date: string) => Math.floor(Date.parse(`${date}T00:00:00Z`) / DAY_MS);
const isoDay = (offsetDays: number) => new Date(Date.now() + offsetDays * DAY_MS).toISOString().slice(0, 10);
/** The simulator's numbers of `metric` summed over the inclusive dates. */
const simTotal = (metric: string, since: string, until: string) => {
  let n = 0;
  for (let d = dayOf(since); d <= dayOf(until); d++) n += dailyValue(IG_USER, metric, d);
  return n;
};

forEachDatabase('Instagram analytics routes', (dialect) => {
  let t: TestService;
  let sim: Simulator;
  let account: string;
  let small: string;
  let twitter: string;

  before(async () => {
    sim = await startSimulator();
    t = await startTestService(dialect, { settings: { SIMULATOR_URL: sim.url } });
    account = await connectSimulated(t, sim, 'instagram', IG_USER);
    small = await connectSimulated(t, sim, 'instagram', IG_SMALL);
    twitter = await connectSimulated(t, sim, 'twitter', '1500000000000000001');
  });
  after(async () => {
    await t.close();
    await sim.close();
  });
  beforeEach(() => {
    sim.faults.clear();
    sim.calls.clear();
  });

  const spent = async () => {
    const usage = await t.request('GET', '/v1/usage');
    return usage.body.totalUsage as number;
  };
  const insightCalls = () =>
    sim.calls.list({ platform: 'instagram' }).filter((c) => c.path.endsWith('/insights'));

  it('answers all four demographic dimensions by default, top 45, sorted, for 1 credit', async () => {
    const before = await spent();
    const res = await t.request('GET', `/v1/analytics/instagram/demographics?accountId=${account}`);
    assert.equal(res.status, 200, res.text);
    assert.equal(res.body.success, true);
    assert.equal(res.body.platform, 'instagram');
    assert.equal(res.body.metric, 'follower_demographics');
    assert.equal(res.body.timeframe, 'this_month');
    assert.deepEqual(Object.keys(res.body.demographics).sort(), ['age', 'city', 'country', 'gender']);
    assert.equal(res.body.demographics.city.length, 45, 'the simulator knows 60 cities; Instagram gives 45');
    assert.equal(res.body.demographics.gender.length, 3);
    const values = res.body.demographics.age.map((e: { value: number }) => e.value);
    assert.deepEqual(
      values,
      [...values].sort((a: number, b: number) => b - a),
    );
    const genders = res.body.demographics.gender.reduce((n: number, e: { value: number }) => n + e.value, 0);
    assert.equal(genders, 321, 'the followers of the account, split by gender');
    assert.match(res.body.note, /45/);
    assert.match(res.body.note, /48 hours/);
    assert.equal(insightCalls().length, 4, 'one call per breakdown');
    assert.equal((await spent()) - before, 1);
    // The account's usage counts the charge as analytics; `platform` is publishing only.
    const usage = await t.request('GET', `/v1/usage?integrationId=${account}`);
    assert.equal(usage.body.usage.at(-1).categories.analytics, usage.body.totalUsage);
    assert.deepEqual(usage.body.usage.at(-1).platform, {});
    assert.ok(usage.body.totalUsage >= 1);
  });

  it('reads the breakdowns, metric and timeframe asked for', async () => {
    const res = await t.request(
      'GET',
      `/v1/analytics/instagram/demographics?accountId=${account}&breakdown=gender,age,gender&metric=engaged_audience_demographics&timeframe=this_week`,
    );
    assert.equal(res.status, 200, res.text);
    assert.deepEqual(Object.keys(res.body.demographics).sort(), ['age', 'gender']);
    assert.equal(res.body.metric, 'engaged_audience_demographics');
    assert.equal(res.body.timeframe, 'this_week');
    const calls = insightCalls();
    assert.equal(calls.length, 2);
    assert.ok(
      calls.every(
        (c) => c.query.timeframe === 'this_week' && c.query.metric === 'engaged_audience_demographics',
      ),
    );
  });

  it('refuses bad demographics parameters with 400 and charges nothing', async () => {
    const before = await spent();
    for (const q of [
      '',
      `accountId=${account}&breakdown=age,height`,
      `accountId=${account}&breakdown=`,
      `accountId=${account}&breakdown=,`,
      `accountId=${account}&metric=impressions`,
      `accountId=${account}&timeframe=last_90_days`,
      `accountId=${account}&color=red`,
      `accountId=${twitter}`,
    ]) {
      const res = await t.request('GET', `/v1/analytics/instagram/demographics?${q}`);
      assert.equal(res.status, 400, `${q}: ${res.text}`);
      assert.equal(res.body.success, false);
      assert.equal(typeof res.body.message, 'string');
    }
    assert.equal(insightCalls().length, 0);
    assert.equal(await spent(), before);
  });

  it('answers 404 for an unknown account and 409 without enough audience, free of charge', async () => {
    const before = await spent();
    const missing = await t.request('GET', '/v1/analytics/instagram/demographics?accountId=int_nope');
    assert.equal(missing.status, 404);
    const few = await t.request(
      'GET',
      `/v1/analytics/instagram/demographics?accountId=${small}&breakdown=age`,
    );
    assert.equal(few.status, 409, few.text);
    assert.match(few.body.message, /Not enough followers.*100/);
    setAudience(sim, 'instagram', IG_USER, { reached: 40 });
    const reached = await t.request(
      'GET',
      `/v1/analytics/instagram/demographics?accountId=${account}&metric=reached_audience_demographics`,
    );
    assert.equal(reached.status, 409);
    assert.match(reached.body.message, /Not enough reached accounts/);
    assert.equal(await spent(), before);
  });

  it('answers account insights for the last 30 days by default, in 30-day windows', async () => {
    const before = await spent();
    const res = await t.request('GET', `/v1/analytics/instagram/account-insights?accountId=${account}`);
    assert.equal(res.status, 200, res.text);
    const until = isoDay(0);
    const since = isoDay(-30);
    assert.deepEqual(res.body.dateRange, { since, until });
    assert.equal(res.body.metricType, 'total_value');
    assert.deepEqual(Object.keys(res.body.metrics).sort(), [
      'accounts_engaged',
      'reach',
      'total_interactions',
      'views',
    ]);
    assert.equal(res.body.metrics.reach.total, simTotal('reach', since, until));
    assert.equal(res.body.metrics.views.total, simTotal('views', since, until));
    assert.deepEqual(res.body.metrics.reach.breakdowns, []);
    assert.match(res.body.dataDelay, /48 hours/);
    assert.equal(insightCalls().length, 2, '31 days are two windows of at most 30');
    assert.equal((await spent()) - before, 1);
  });

  it('answers daily reach as a time series and totals broken down by one dimension', async () => {
    const since = isoDay(-80);
    const until = isoDay(-1);
    const series = await t.request(
      'GET',
      `/v1/analytics/instagram/account-insights?accountId=${account}&metricType=time_series&since=${since}&until=${until}`,
    );
    assert.equal(series.status, 200, series.text);
    const reach = series.body.metrics.reach;
    assert.equal(reach.values.length, 80);
    assert.equal(reach.values[0].date, since);
    assert.equal(reach.values.at(-1).date, until);
    assert.equal(reach.values[5].value, dailyValue(IG_USER, 'reach', dayOf(since) + 5));
    assert.equal(reach.total, simTotal('reach', since, until));

    const split = await t.request(
      'GET',
      `/v1/analytics/instagram/account-insights?accountId=${account}&metrics=likes,comments&breakdown=media_product_type&since=${since}&until=${until}`,
    );
    assert.equal(split.status, 200, split.text);
    for (const m of ['likes', 'comments']) {
      const v = split.body.metrics[m];
      assert.equal(v.total, simTotal(m, since, until));
      assert.deepEqual(v.breakdowns[0].dimensionKeys, ['media_product_type']);
      const sum = v.breakdowns[0].results.reduce((n: number, r: { value: number }) => n + r.value, 0);
      assert.equal(sum, v.total, `${m}: the breakdown adds up to the total over the three windows`);
    }
  });

  it('refuses bad account-insights parameters with 400 and charges nothing', async () => {
    const before = await spent();
    const base = `/v1/analytics/instagram/account-insights?accountId=${account}`;
    for (const q of [
      '&metrics=reach,impressions',
      '&metrics=',
      '&since=2026-02-30',
      '&since=20261101',
      `&since=${isoDay(-5)}&until=${isoDay(-10)}`,
      `&since=${isoDay(-100)}&until=${isoDay(-1)}`,
      `&until=${isoDay(2)}`,
      '&metricType=daily',
      '&metricType=time_series&metrics=reach,views',
      '&metricType=time_series&breakdown=follow_type',
      '&breakdown=media_product_type',
      '&metrics=reach&breakdown=country',
      '&metrics=accounts_engaged&breakdown=follow_type',
    ]) {
      const res = await t.request('GET', `${base}${q}`);
      assert.equal(res.status, 400, `${q}: ${res.text}`);
      assert.equal(res.body.success, false);
    }
    const noAccount = await t.request('GET', '/v1/analytics/instagram/account-insights');
    assert.equal(noAccount.status, 400);
    assert.equal(insightCalls().length, 0);
    assert.equal(await spent(), before);
  });

  it('accepts a range of exactly 90 days', async () => {
    const res = await t.request(
      'GET',
      `/v1/analytics/instagram/account-insights?accountId=${account}&metrics=reach&since=${isoDay(-91)}&until=${isoDay(-1)}`,
    );
    assert.equal(res.status, 200, res.text);
    assert.equal(insightCalls().length, 4, '91 inclusive days: windows of 30, 30, 30 and 1');
  });

  it('answers 502 when Instagram fails, and charges nothing', async () => {
    const before = await spent();
    sim.faults.add({
      platform: 'instagram',
      path: /\/insights$/,
      status: 500,
      body: { error: { message: 'Service temporarily unavailable', code: 2, is_transient: true } },
    });
    const res = await t.request('GET', `/v1/analytics/instagram/account-insights?accountId=${account}`);
    assert.equal(res.status, 502, res.text);
    assert.match(res.body.message, /Instagram: Service temporarily unavailable/);
    assert.equal(await spent(), before);
  });

  it('answers 402 with the balance when credits are short, without asking Instagram', async () => {
    await t.ctx.store.db
      .updateTable('credit_balances')
      .set({ monthly_used: t.ctx.config.MONTHLY_CREDITS })
      .where('project_id', '=', t.projectId)
      .execute();
    for (const path of ['demographics', 'account-insights']) {
      const res = await t.request('GET', `/v1/analytics/instagram/${path}?accountId=${account}`);
      assert.equal(res.status, 402, res.text);
      assert.equal(res.body.success, false);
      assert.match(res.body.message, /needs 1 and 0 remain/);
    }
    assert.equal(insightCalls().length, 0);
  });
});
