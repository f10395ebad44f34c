import assert from 'node:assert/strict';
import { after, before, it } from 'node:test';
import { createAccessKey, revokeAccessKey } from '../src/domain/projects/keys.ts';
import { PLATFORMS } from '../src/platforms/names.ts';
import { DEFAULT_REGISTRY } from '../src/platforms/registry.ts';
import { allRoutes } from '../src/routes/index.ts';
import { forEachDatabase, startTestService, type TestService } from './harness.ts';

/** /v1 routes that answer without an access key, on purpose. */
// Media: the signed upload URL and the public file URL are credentials in themselves
// (src/routes/media/media.test.ts refuses a missing, altered or expired signature).
const PUBLIC_V1 = new Set([
  'GET /v1/health',
  'GET /v1/health/live',
  'GET /v1/connect/:platform/callback',
  'PUT /v1/media/uploads/:id',
  'GET /v1/media/files/:id/:filename',
  // Signing in and the one-time links people follow before they have a session.
  'GET /v1/auth/methods',
  'POST /v1/auth/sign-in',
  'GET /v1/auth/oidc/start',
  'GET /v1/auth/oidc/callback',
  'POST /v1/auth/password-reset',
  'POST /v1/auth/password-reset/complete',
  'GET /v1/auth/invitations/:token',
  'POST /v1/auth/invitations/:token/accept',
  // Meta's webhooks: the verify token and X-Hub-Signature-256 are the credentials.
  'GET /v1/webhooks/meta',
  'POST /v1/webhooks/meta',
  // A client review link: its token is the credential of people without an account.
  'GET /v1/review/:token',
  'POST /v1/review/:token/decisions',
]);
/**
 * /v1 routes whose one-time path token is the credential, and sign-out (it clears the
 * cookie whatever it holds): a key is optional, but checked when sent.
 */
const TOKEN_AUTHORIZED = new Set([
  ...['facebook', 'linkedin', 'googlebusiness'].flatMap((p) => [
    `GET /v1/connect/${p}/selection/:token`,
    `POST /v1/connect/${p}/selection/:token`,
  ]),
  'POST /v1/auth/sign-out',
]);

forEachDatabase('HTTP foundation', (dialect) => {
  let t: TestService;
  before(async () => {
    // Sandbox mode: every platform without an app of the service's is served by a simulator.
    t = await startTestService(dialect, { settings: { SIMULATOR_URL: 'http://127.0.0.1:9' } });
  });
  after(() => t.close());

  it('answers health without a key and checks keys on /v1/health/auth', async () => {
    const health = await t.request('GET', '/v1/health', undefined, { 'x-access-key': '' });
    assert.equal(health.status, 200);
    assert.deepEqual(health.body, { ok: true });
    const live = await t.request('GET', '/v1/health/live', undefined, { 'x-access-key': '' });
    assert.deepEqual([live.status, live.body], [200, { ok: true }]);
    assert.deepEqual((await t.request('GET', '/v1/health/auth')).body, { ok: true });
    const denied = await t.request('GET', '/v1/health/auth', undefined, { 'x-access-key': 'wrong' });
    assert.equal(denied.status, 401);
    assert.deepEqual(denied.body, {
      success: false,
      message: 'The x-access-key header is not a valid access key',
    });
  });

  it('stops accepting a key once it is revoked', async () => {
    const { accessKey, keyId } = await createAccessKey(t.ctx, t.projectId, 'temporary');
    assert.equal(
      (await t.request('GET', '/v1/health/auth', undefined, { 'x-access-key': accessKey })).status,
      200,
    );
    await revokeAccessKey(t.ctx, keyId);
    assert.equal(
      (await t.request('GET', '/v1/health/auth', undefined, { 'x-access-key': accessKey })).status,
      401,
    );
    assert.equal((await t.request('GET', '/v1/health/auth')).status, 200, 'other keys keep working');
  });

  it('lists the ten platforms', async () => {
    const res = await t.request('GET', '/v1/platforms');
    assert.equal(res.status, 200);
    assert.deepEqual(
      res.body.platforms.map((p: { name: string }) => p.name),
      [
        'twitter',
        'instagram',
        'youtube',
        'tiktok',
        'pinterest',
        'linkedin',
        'bluesky',
        'facebook',
        'threads',
        'googlebusiness',
      ],
    );
    // Sandbox mode serves every platform here; only the modules with a publisher can be published to.
    // The added networks are listed when asked (all=true), after the ten.
    const all = await t.request('GET', '/v1/platforms?all=true');
    assert.deepEqual(
      all.body.platforms.map((p: { name: string }) => p.name),
      [...PLATFORMS],
    );
    const byName = Object.fromEntries(
      all.body.platforms.map((p: { name: string; status: string; availability: string }) => [p.name, p]),
    );
    for (const p of PLATFORMS) {
      const publishes = Boolean(DEFAULT_REGISTRY[p].publisher);
      assert.equal(byName[p].availability, publishes ? 'available' : 'connect_only', p);
      // Clients of the contract validate `status` as one of prod, beta, dev.
      assert.equal(byName[p].status, publishes ? 'prod' : 'beta', p);
    }
    // What can be done with comments comes from each module: Threads hides replies but can not delete them.
    assert.deepEqual(byName.threads.comments, {
      reply: true,
      hide: true,
      delete: false,
      cannotDelete: byName.threads.comments.cannotDelete,
    });
    assert.match(byName.threads.comments.cannotDelete, /only be hidden/);
    assert.deepEqual(byName.facebook.comments, { reply: true, hide: true, delete: true, cannotDelete: null });
    assert.equal(byName.twitter.comments, null);
  });

  it('requires a key on every /v1 route but the public ones, in the family shape', async () => {
    for (const route of allRoutes) {
      if (!route.url.startsWith('/v1/')) continue;
      const name = `${route.method} ${route.url}`;
      if (PUBLIC_V1.has(name)) continue;
      const url = route.url.replace(/:([A-Za-z]+)/g, 'x');
      if (TOKEN_AUTHORIZED.has(name)) {
        assert.equal(route.auth, 'optional', name);
        const wrongKey = await t.request(route.method, url, route.method === 'GET' ? undefined : {}, {
          'x-access-key': 'wrong',
        });
        assert.equal(wrongKey.status, 401, `${name}: a key that is sent is checked`);
        continue;
      }
      assert.notEqual(route.auth, false, `${name} must require x-access-key`);
      assert.notEqual(route.auth, 'optional', `${name} must require x-access-key`);
      const res = await t.request(
        route.method,
        url,
        route.method === 'GET' || route.method === 'DELETE' ? undefined : {},
        {
          'x-access-key': '',
        },
      );
      assert.equal(res.status, 401, name);
      assert.ok(
        res.body.message === 'Missing x-access-key header' ||
          res.body.error === 'Missing x-access-key header',
        name,
      );
    }
  });

  it('serves paths with and without a trailing slash', async () => {
    assert.equal((await t.request('GET', '/v1/profiles')).status, 200);
    assert.equal((await t.request('GET', '/v1/profiles/')).status, 200);
    assert.equal((await t.request('GET', '/v1/health/')).status, 200);
  });

  it('answers unknown routes with 404 in the family shape', async () => {
    const a = await t.request('GET', '/v1/nothing-here');
    assert.equal(a.status, 404);
    assert.deepEqual(a.body, { success: false, message: 'No route GET /v1/nothing-here' });
    const b = await t.request('GET', '/v1/profiles/a/b/c');
    assert.equal(b.status, 404);
    assert.equal(typeof b.body.error, 'string');
  });

  it('refuses malformed JSON, wrong content types and oversized bodies without a 500', async () => {
    const bad = await t.request('POST', '/v1/profiles', '{"name": ');
    assert.equal(bad.status, 400);
    assert.deepEqual(bad.body, { error: 'Body is not valid JSON' });

    const text = await t.request('POST', '/v1/profiles', 'name=x', { 'content-type': 'text/plain' });
    assert.equal(text.status, 400);
    assert.deepEqual(text.body, { error: 'Content-Type must be application/json' });

    const empty = await t.request('POST', '/v1/profiles', undefined, { 'content-type': 'application/json' });
    assert.equal(empty.status, 400);

    const huge = await t.request('POST', '/v1/profiles', { name: 'x', description: 'y'.repeat(2_000_000) });
    assert.equal(huge.status, 413);
    assert.deepEqual(huge.body, { error: 'Request body is too large' });

    const arr = await t.request('POST', '/v1/profiles', []);
    assert.equal(arr.status, 400);
    assert.deepEqual(arr.body, { error: 'body must be an object' });
    const nul = await t.request('POST', '/v1/profiles', 'null');
    assert.equal(nul.status, 400);
  });

  it('refuses a NUL character in any input, which PostgreSQL can not store, the same on both databases', async () => {
    const before = (await t.request('GET', '/v1/profiles')).body.total;
    const inBody = await t.request('POST', '/v1/profiles', { name: 'a\u0000b' });
    assert.equal(inBody.status, 400, inBody.text);
    assert.deepEqual(inBody.body, { error: 'name must not contain the NUL character (\\u0000)' });
    const inKey = await t.request('POST', '/v1/notifications', {
      channel: 'webhook',
      eventTypes: ['post.published'],
      webhook: { url: 'http://127.0.0.1:9/hook', 'x\u0000': 1 },
    });
    assert.equal(inKey.status, 400, inKey.text);
    assert.match(inKey.body.message, /webhook\.x/);
    const inQuery = await t.request('GET', '/v1/profiles?name=a%00b');
    assert.equal(inQuery.status, 400, inQuery.text);
    assert.match(inQuery.body.error, /query parameter name must not contain the NUL character/);
    assert.equal((await t.request('GET', '/v1/profiles')).body.total, before);
  });

  it('refuses a lone UTF-16 surrogate in any input (not Unicode text: it can not be stored or put in a URL) with 400', async () => {
    for (const [field, value] of [
      ['postId', '\ud800'],
      ['commentId', 'x\udc00y'],
    ] as const) {
      const res = await t.request('POST', '/v1/comments', {
        platform: 'facebook',
        accountId: 'int_x',
        text: 'hi',
        [field]: value,
      });
      assert.equal(res.status, 400, res.text);
      assert.match(
        res.text,
        new RegExp(`${field} must be valid Unicode text: it holds a lone UTF-16 surrogate`),
      );
    }
    const inKey = await t.request('POST', '/v1/profiles', { name: 'x', '\ud83d': 1 });
    assert.equal(inKey.status, 400, inKey.text);
    // A query or path value can carry one only as a %-escape of its CESU-8 bytes, which is not
    // UTF-8: decoded as replacement characters or refused, never a 5xx.
    for (const url of [
      '/v1/profiles?name=%ED%A0%80',
      '/v1/profiles/%ED%A0%80',
      '/v1/comments?platform=facebook&accountId=int_x&postId=%ED%A0%80',
    ]) {
      const res = await t.request('GET', url);
      assert.ok(res.status < 500, `${url}: ${res.status} ${res.text}`);
    }
    // The router refuses such a path before any route, in the documented shape of its family.
    const path = await t.request('GET', '/v1/profiles/%ED%A0%80');
    assert.equal(path.status, 400, path.text);
    assert.deepEqual(path.body, {
      error:
        'The path is not valid: a %-escape in it is not UTF-8 text (a lone UTF-16 surrogate, for example)',
    });
    const familyA = await t.request('DELETE', '/v1/posts/%ED%A0%80');
    assert.equal(familyA.status, 400, familyA.text);
    assert.equal(familyA.body.success, false);
  });

  it('refuses numbers beyond 2^53 (1e308 as an offset or a page) with 400 instead of failing in the database', async () => {
    const offset = await t.request('GET', '/v1/posts/scheduled?limit=5&offset=1e308');
    assert.equal(offset.status, 400, offset.text);
    assert.match(
      offset.body.message,
      /query parameter offset must be between -9007199254740991 and 9007199254740991/,
    );
    const page = await t.request('GET', '/v1/apps?page=1e308');
    assert.equal(page.status, 400, page.text);
    assert.match(page.body.error, /query parameter page must be between/);
    const body = await t.request('PATCH', '/v1/profiles/prof_x', { name: 'x', description: 'y' });
    assert.equal(body.status, 404);
    const ok = await t.request('GET', `/v1/posts/scheduled?offset=${Number.MAX_SAFE_INTEGER}`);
    assert.equal(ok.status, 200, ok.text);
  });

  it('echoes or assigns a request id', async () => {
    const given = await t.request('GET', '/v1/health', undefined, { 'x-request-id': 'abc-123' });
    assert.equal(given.headers['x-request-id'], 'abc-123');
    const assigned = await t.request('GET', '/v1/health');
    assert.match(String(assigned.headers['x-request-id']), /^[0-9a-f-]{36}$/);
  });

  it('serves Prometheus metrics', async () => {
    await t.request('GET', '/v1/profiles');
    const res = await t.request('GET', '/metrics');
    assert.equal(res.status, 200);
    assert.match(res.text, /http_requests_total\{method="GET",route="\/v1\/profiles",status="200"\} \d+/);
    assert.match(res.text, /process_resident_memory_bytes/);
  });

  it('serves the API reference page', async () => {
    const redirect = await t.request('GET', '/docs');
    assert.ok([200, 301, 302].includes(redirect.status));
    const res = await t.request('GET', '/docs/');
    assert.equal(res.status, 200);
    assert.match(String(res.headers['content-type']), /text\/html/);
    assert.match(res.text, /openapi\.json/);
  });
});

forEachDatabase('rate limiting', (dialect) => {
  let t: TestService;
  before(async () => {
    t = await startTestService(dialect, {
      rateLimit: true,
      settings: { RATE_LIMIT_MAX: '3', RATE_LIMIT_WINDOW_MS: '60000' },
    });
  });
  after(() => t.close());

  it('limits each access key and answers 429 with Retry-After and RateLimit headers', async () => {
    for (let i = 0; i < 3; i++) {
      const ok = await t.request('GET', '/v1/profiles');
      assert.equal(ok.status, 200);
      assert.equal(ok.headers['ratelimit-limit'], '3');
      assert.equal(ok.headers['ratelimit-remaining'], String(2 - i));
    }
    const limited = await t.request('GET', '/v1/profiles');
    assert.equal(limited.status, 429);
    assert.ok(Number(limited.headers['retry-after']) > 0);
    assert.equal(limited.headers['ratelimit-remaining'], '0');
    assert.match(limited.body.error, /Rate limit of 3 requests/);

    const shapeA = await t.request('GET', '/v1/health/auth');
    assert.equal(shapeA.status, 429);
    assert.equal(shapeA.body.success, false);

    // Another key has its own budget; health is never limited.
    const other = await t.request('GET', '/v1/health/auth', undefined, { 'x-access-key': 'another-key' });
    assert.equal(other.status, 401);
    assert.equal((await t.request('GET', '/v1/health')).status, 200);
  });
});

forEachDatabase('platforms without an app', (dialect) => {
  let t: TestService;
  before(async () => {
    t = await startTestService(dialect, { settings: { SANDBOX: 'off' } });
  });
  after(() => t.close());

  it('are listed as unconfigured, except Bluesky, which needs no app', async () => {
    const res = await t.request('GET', '/v1/platforms');
    for (const p of res.body.platforms as { name: string; status: string; availability: string }[]) {
      assert.equal(p.availability, p.name === 'bluesky' ? 'available' : 'unconfigured', p.name);
      assert.equal(p.status, p.name === 'bluesky' ? 'prod' : 'dev', p.name);
    }
  });
});
