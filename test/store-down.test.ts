/**
 * A database that can not be reached makes every route answer 503 in its family's
 * error shape, with Retry-After, never 500: generated from the route table, so a
 * new route is covered the day it is added.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { errorFamilyForPath } from '../src/http/route.ts';
import { allRoutes } from '../src/routes/index.ts';
import { forEachDatabase, startTestService, type TestService } from './harness.ts';
import { requestReachingStore } from './outage-requests.ts';

forEachDatabase('every route while the database is down', (dialect) => {
  let t: TestService;
  before(async () => {
    // The api role alone: no worker keeps polling the closed store in the background.
    t = await startTestService(dialect, { settings: { ROLE: 'api' } });
    await t.ctx.store.db.destroy();
  });
  after(() => t.close());

  it('answers 503 with Retry-After in the family shape on every route', async () => {
    for (const route of allRoutes) {
      const { url, body } = requestReachingStore(route, t);
      const res = await t.request(route.method, url, body);
      const where = `${route.method} ${url}`;
      if (route.url === '/v1/health/live') {
        // Liveness never reads the database.
        assert.deepEqual([res.status, res.body], [200, { ok: true }], where);
        continue;
      }
      // A public route (no key to look up) may answer from its input or settings alone
      // (Meta's handshake when not configured, a sign-in body the request builder can not
      // fill): any answer but a 5xx other than 503.
      if (route.auth === false && res.status !== 503) {
        assert.ok(res.status < 500, `${where} answered ${res.status}: ${res.text}`);
        continue;
      }
      assert.equal(res.status, 503, `${where} answered ${res.status}: ${res.text}`);
      if (route.url === '/v1/health') {
        // The readiness probe keeps its own documented answer.
        assert.deepEqual(res.body, { ok: false }, where);
        continue;
      }
      assert.equal(res.headers['retry-after'], '5', where);
      if (errorFamilyForPath(route.url) === 'A') {
        assert.equal(res.body?.success, false, where);
        assert.match(res.body?.message, /database is unavailable/, where);
      } else assert.match(res.body?.error, /database is unavailable/, where);
    }
  });
});
