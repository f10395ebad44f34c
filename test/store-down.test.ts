/**
 * A database that can not be reached makes every route answer 503 in its family's
 * error shape, with Retry-After, never 500: generated from the route table, so a
 * new route is covered the day it is added.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { errorFamilyForPath } from '../src/http/route.ts';
import { createUrlSigner } from '../src/media/storage/signing.ts';
import { allRoutes } from '../src/routes/index.ts';
import { forEachDatabase, startTestService, type TestService } from './harness.ts';

/** A request each route would otherwise accept far enough to read the store. */
function requestFor(route: (typeof allRoutes)[number], t: TestService): { url: string; body?: unknown } {
  const path = route.url.replace(/:([A-Za-z]+)/g, (_m, name: string) =>
    name === 'platform' ? 'twitter' : 'x1',
  );
  // The OAuth callback reads its state row before anything else: give it the fields it checks first.
  if (route.auth === false && path.includes('/callback')) return { url: `${path}?state=s1&code=c1` };
  // A media upload URL is checked (signature, expiry) before the store is read: give it a valid one.
  if (route.auth === false && path.startsWith('/v1/media/uploads/')) {
    const expires = Math.floor(Date.now() / 1000) + 600;
    const signer = createUrlSigner(Buffer.from(t.ctx.config.ENCRYPTION_KEY ?? '', 'base64'));
    return { url: `${path}?expires=${expires}&signature=${signer.sign('x1', expires)}`, body: {} };
  }
  const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
  return hasBody ? { url: path, body: {} } : { url: path };
}

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
      const { url, body } = requestFor(route, t);
      const res = await t.request(route.method, url, body);
      const where = `${route.method} ${url}`;
      assert.equal(res.status, 503, `${where} answered ${res.status}: ${res.text}`);
      if (route.url === '/v1/health') {
        // The liveness probe keeps its own documented answer.
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
