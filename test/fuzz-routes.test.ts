/**
 * Whatever a caller sends, every route answers in its family's error shape and
 * never with a 500: random bodies, path parameters and query strings against
 * every registered route, authenticated, on both databases.
 */
import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import fc from 'fast-check';
import { errorFamilyForPath } from '../src/http/route.ts';
import { allRoutes } from '../src/routes/index.ts';
import { forEachDatabase, startTestService, type TestService } from './harness.ts';

const segment = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.constantFrom('null', '0', '-1', 'twitter', '%00', '..', 'prof_x', 'post_x', "'; drop table posts; --"),
);
const queryValue = fc.oneof(
  fc.string({ maxLength: 20 }),
  fc.integer().map(String),
  fc.constantFrom('true', 'null', '', '2026-13-45'),
);
const query = fc.dictionary(
  fc.constantFrom(
    'limit',
    'offset',
    'page',
    'sort',
    'platform',
    'profileId',
    'status',
    'name',
    'from',
    'to',
    'q',
    'x',
  ),
  queryValue,
  { maxKeys: 4 },
);

forEachDatabase('every route under random input', (dialect) => {
  let t: TestService;
  before(async () => {
    t = await startTestService(dialect);
  });
  after(() => t.close());

  it('never answers 500 and always uses the family shape', async () => {
    const runs = dialect === 'sqlite' ? 25 : 8;
    for (const route of allRoutes) {
      await fc.assert(
        fc.asyncProperty(
          fc.jsonValue({ maxDepth: 3 }),
          fc.array(segment, { minLength: 3, maxLength: 3 }),
          query,
          async (body, segs, q) => {
            let i = 0;
            const path = route.url.replace(/:([A-Za-z]+)/g, () => encodeURIComponent(segs[i++] ?? 'x'));
            const qs = new URLSearchParams(q).toString();
            const url = qs ? `${path}?${qs}` : path;
            const hasBody = route.method !== 'GET' && route.method !== 'DELETE';
            const res = await t.request(route.method, url, hasBody ? JSON.stringify(body) : undefined);
            assert.ok(
              res.status < 500 || res.status === 502 || res.status === 503,
              `${route.method} ${url} answered ${res.status}: ${res.text}`,
            );
            if (res.status >= 400) {
              // Paths are normalized before routing ('..' segments), so the family follows the normalized path.
              const family = errorFamilyForPath(new URL(path, 'http://service').pathname);
              if (family === 'A')
                assert.ok(
                  res.body?.success === false && typeof res.body.message === 'string',
                  `${url}: ${res.text}`,
                );
              else assert.ok(typeof res.body?.error === 'string', `${url}: ${res.text}`);
            }
          },
        ),
        { numRuns: runs },
      );
    }
  });
});
