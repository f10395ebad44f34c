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

  it('is OpenAPI 3.1 with the x-access-key scheme', () => {
    assert.equal(doc.openapi, '3.1.0');
    assert.deepEqual(doc.components.securitySchemes.accessKey, {
      type: 'apiKey',
      in: 'header',
      name: 'x-access-key',
    });
  });

  it('documents auth and the error shape of every operation', () => {
    for (const [path, ops] of Object.entries(doc.paths as Record<string, Record<string, Operation>>)) {
      for (const [method, op] of Object.entries(ops)) {
        const where = `${method.toUpperCase()} ${path}`;
        const errors = Object.entries(op.responses).filter(([s]) => Number(s) >= 400);
        if (path === '/v1/health') continue;
        assert.deepEqual(op.security, [{ accessKey: [] }], `${where} declares its security`);
        assert.ok(op.responses['401'], `${where} documents 401`);
        for (const [status, r] of errors) {
          const schema = JSON.stringify(r.content?.['application/json']?.schema ?? {});
          assert.match(schema, /ErrorShape[AB]/, `${where} ${status} uses an error shape`);
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
