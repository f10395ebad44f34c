/**
 * The OpenAPI document is the contract developers read; it changes only on
 * purpose. A change shows up here as a snapshot difference: review it, then
 * regenerate with `UPDATE_SNAPSHOTS=1 npm test -- test/openapi.test.ts`.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { startTestService, type TestService } from './harness.ts';

interface Operation {
  security?: unknown;
  responses: Record<string, { content?: Record<string, { schema?: unknown }> }>;
}

const PUBLIC_AUTH_PATHS = [
  '/v1/auth/methods',
  '/v1/auth/sign-in',
  '/v1/auth/password-reset',
  '/v1/auth/password-reset/complete',
  '/v1/auth/invitations/{token}',
  '/v1/auth/invitations/{token}/accept',
];

const SNAPSHOT = new URL('./snapshots/openapi.json', import.meta.url);

describe('OpenAPI document', () => {
  let t: TestService;
  // biome-ignore lint/suspicious/noExplicitAny: the document is walked generically.
  let doc: any;
  before(async () => {
    t = await startTestService('sqlite');
    const res = await t.request('GET', '/openapi.json', undefined, { 'x-access-key': '' });
    assert.equal(res.status, 200);
    doc = res.body;
  });
  after(() => t.close());

  it('is OpenAPI 3.1 with the x-access-key and session cookie schemes', () => {
    assert.equal(doc.openapi, '3.1.0');
    const { accessKey, sessionCookie } = doc.components.securitySchemes;
    assert.deepEqual(
      { type: accessKey.type, in: accessKey.in, name: accessKey.name },
      { type: 'apiKey', in: 'header', name: 'x-access-key' },
    );
    assert.deepEqual(
      { type: sessionCookie.type, in: sessionCookie.in, name: sessionCookie.name },
      { type: 'apiKey', in: 'cookie', name: 'sps_session' },
    );
    // The same-origin rule for changes made with the cookie is part of the scheme.
    assert.match(sessionCookie.description, /Origin header \(or Referer when Origin is absent\)/);
  });

  it('documents auth and the error shape of every operation', () => {
    for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, Operation>>)) {
      for (const [method, op] of Object.entries(ops)) {
        const where = `${method.toUpperCase()} ${path}`;
        const errors = Object.entries(op.responses).filter(([s]) => Number(s) >= 400);
        // The health probes answer without a key, for supervisors and load balancers.
        if (path === '/v1/health' || path === '/v1/health/live') continue;
        // A client review link's paths take the link's token as the credential, for people without an account.
        if (/^\/v1\/review\/\{token\}/.test(path)) {
          assert.equal(op.security, undefined, `${where} needs no key`);
          for (const [status, r] of errors)
            assert.match(
              JSON.stringify(r.content?.['application/json']?.schema ?? {}),
              /ErrorShapeA/,
              `${where} ${status}`,
            );
          continue;
        }
        // Signing in, and the one-time invitation and reset links, come before any credential;
        // the invitation page also reads a session when the browser has one.
        if (PUBLIC_AUTH_PATHS.includes(path)) {
          const reads = path.startsWith('/v1/auth/invitations/');
          assert.deepEqual(
            op.security,
            reads ? [{}, { sessionCookie: [] }] : undefined,
            `${where} needs no key`,
          );
          continue;
        }
        // The selection paths take their one-time token as the credential, and signing out
        // works without a session: a key is optional there.
        // Either credential serves: the key, or a member's session cookie.
        const either = [{ accessKey: [] }, { sessionCookie: [] }];
        const security =
          /^\/v1\/connect\/(facebook|linkedin|googlebusiness)\/selection\//.test(path) ||
          path === '/v1/auth/sign-out'
            ? [{}, ...either]
            : either;
        assert.deepEqual(op.security, security, `${where} declares its security`);
        assert.ok(op.responses['401'], `${where} documents 401`);
        for (const [status, r] of errors) {
          const schema = JSON.stringify(r.content?.['application/json']?.schema ?? {});
          assert.match(schema, /ErrorShape[AB]/, `${where} ${status} uses an error shape`);
        }
      }
    }
  });

  it('documents platformSpecificData per platform with the named configurations and their defaults', () => {
    const body = doc.paths['/v1/posts'].post.requestBody.content['application/json'].schema;
    const variants = body.properties.platforms.items.oneOf as {
      properties: { platform: { const: string }; platformSpecificData: { $ref: string } };
    }[];
    const names = {
      twitter: 'TwitterConfigurations',
      instagram: 'InstagramConfigurations',
      youtube: 'YouTubeConfigurations',
      tiktok: 'TikTokConfigurations',
      pinterest: 'PinterestConfigurations',
      linkedin: 'LinkedInConfigurations',
      bluesky: 'BlueskyConfigurations',
      facebook: 'FacebookConfigurations',
      threads: 'ThreadsConfigurations',
      googlebusiness: 'GoogleBusinessConfigurations',
      // Beyond the contract's ten: our document describes the added networks too.
      telegram: 'TelegramConfigurations',
      discord: 'DiscordConfigurations',
      reddit: 'RedditConfigurations',
      mastodon: 'MastodonConfigurations',
    };
    assert.deepEqual(
      Object.fromEntries(
        variants.map((v) => [
          v.properties.platform.const,
          v.properties.platformSpecificData.$ref.replace('#/components/schemas/', ''),
        ]),
      ),
      names,
    );
    const edit = doc.paths['/v1/posts/scheduled/{postId}'].put.requestBody.content['application/json'].schema;
    assert.equal(
      edit.properties.platforms.items.oneOf.length,
      Object.keys(names).length,
      'the scheduled edit too',
    );
    const schemas = doc.components.schemas;
    for (const name of Object.values(names)) assert.equal(schemas[name].additionalProperties, false, name);
    // Defaults and rules come from the schemas validation uses.
    assert.equal(schemas.TikTokConfigurations.properties.privacyLevel.default, 'PUBLIC_TO_EVERYONE');
    assert.equal(schemas.YouTubeConfigurations.properties.categoryId.default, '22');
    assert.equal(schemas.YouTubeConfigurations.properties.title.maxLength, 100);
    assert.deepEqual(schemas.BlueskyConfigurations.properties.langs.default, ['en']);
    assert.equal(schemas.LinkedInConfigurations.properties.mentions.maxItems, 30);
    assert.deepEqual(schemas.PinterestConfigurations.required, ['boardId']);
    assert.equal(schemas.GoogleBusinessConfigurations.properties.topicType.default, 'STANDARD');
  });

  it('gives every error answer its meaning and an example in the route family shape', () => {
    for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, Operation>>)) {
      for (const [method, op] of Object.entries(ops)) {
        for (const [status, r] of Object.entries(op.responses)) {
          // /v1/health's 503 is its own `{ok: false}`, not an error answer.
          if (Number(status) < 400 || path === '/v1/health') continue;
          const where = `${method.toUpperCase()} ${path} ${status}`;
          const media = r.content?.['application/json'] as { schema?: { $ref?: string }; example?: unknown };
          const ref = media?.schema?.$ref ?? '';
          assert.ok(media?.example, `${where} has an example`);
          assert.deepEqual(
            Object.keys(media.example as object),
            ref.endsWith('ErrorShapeB')
              ? ['error']
              : ref.endsWith('ErrorShapeAB')
                ? ['success', 'message', 'error']
                : ['success', 'message'],
            `${where} example has the shape of its family`,
          );
          // Both shapes at once only for the 5xx of the routes whose contract lists 500 (AI, connect start).
          if (ref.endsWith('ErrorShapeAB')) {
            assert.ok(Number(status) >= 500, where);
            assert.ok(/^\/v1\/(ai\/|connect\/\{platform\}$)/.test(path), where);
          }
          assert.notEqual((r as { description?: string }).description, 'Default Response', where);
        }
      }
    }
  });

  it('a route answering a status its entry does not list is caught', async () => {
    const { buildServer } = await import('../src/http/server.ts');
    const { defineRoute } = await import('../src/http/route.ts');
    const { Type } = await import('typebox');
    const teapot = defineRoute({
      method: 'GET',
      url: '/v1/teapot',
      summary: 'Answers a status it does not document',
      tags: ['test'],
      response: { 200: Type.Object({ ok: Type.Boolean() }) },
      handler: ({ reply }) => reply.status(418).send({ ok: false }),
    });
    const { Registry } = await import('prom-client');
    // A registry of its own: the metrics of the service under test are registered already.
    const app = await buildServer(
      { ...t.ctx, metrics: new Registry() },
      { routes: [teapot], rateLimit: false },
    );
    try {
      const res = await app.inject({
        method: 'GET',
        url: '/v1/teapot',
        headers: { 'x-access-key': t.accessKey },
      });
      assert.equal(res.statusCode, 418);
      assert.deepEqual(app.undocumentedAnswers, ['GET /v1/teapot → 418']);
      const ok = await app.inject({ method: 'GET', url: '/v1/teapot' });
      assert.equal(ok.statusCode, 401);
      assert.deepEqual(app.undocumentedAnswers, ['GET /v1/teapot → 418'], '401 is documented');
    } finally {
      await app.close();
    }
  });

  it('shows an example of every success answer (test/openapi-examples.test.ts checks each against its schema)', () => {
    for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, Operation>>)) {
      for (const [method, op] of Object.entries(ops)) {
        for (const [status, r] of Object.entries(op.responses)) {
          if (Number(status) >= 400) continue;
          const media = r.content?.['application/json'] as { example?: unknown } | undefined;
          assert.ok(media?.example, `${method.toUpperCase()} ${path} ${status} has an example`);
        }
      }
    }
  });

  it('shows an example request and answer for media upload and AI generation', () => {
    for (const path of ['/v1/media/upload', '/v1/ai/write', '/v1/ai/image']) {
      const op = doc.paths[path]?.post;
      assert.ok(op, `${path} is documented`);
      assert.ok(op.requestBody.content['application/json'].example, `${path} has a request example`);
      assert.ok(op.responses['200'].content['application/json'].example, `${path} has an answer example`);
      assert.ok(op.responses['402'] || path === '/v1/media/upload', `${path} documents 402`);
    }
  });

  it('matches the checked-in snapshot', () => {
    const current = `${JSON.stringify(doc, null, 2)}\n`;
    if (process.env.UPDATE_SNAPSHOTS === '1' || !existsSync(SNAPSHOT)) writeFileSync(SNAPSHOT, current);
    assert.equal(
      current,
      readFileSync(SNAPSHOT, 'utf8'),
      'OpenAPI changed: review, then UPDATE_SNAPSHOTS=1 npm test -- test/openapi.test.ts',
    );
  });
});
