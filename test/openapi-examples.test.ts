/**
 * Every success answer in the OpenAPI document shows an example, and every example is an
 * answer the schema accepts: checked with the validator the service checks request bodies
 * with (src/http/validation.ts), so an example that drifts from its schema fails here.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { compileBodyCheck } from '../src/http/validation.ts';
import { allRoutes } from '../src/routes/index.ts';

const documented = allRoutes.filter((r) => !r.hidden);

describe('success answer examples', () => {
  for (const route of documented) {
    for (const [status, schema] of Object.entries(
      route.response as Record<string, { examples?: unknown[] }>,
    )) {
      if (Number(status) >= 400) continue;
      it(`${route.method} ${route.url} ${status} has an example its schema accepts`, () => {
        const examples = schema.examples ?? [];
        assert.ok(examples.length > 0, 'no example');
        const check = compileBodyCheck(schema);
        for (const example of examples) {
          // The validator fills in defaults: check a copy, so the document's example stays as written.
          const ok = check(structuredClone(example));
          assert.ok(ok, JSON.stringify(check.errors, null, 1));
        }
      });
    }
  }

  it('a wrong example is caught', () => {
    const route = documented.find((r) => r.url === '/v1/comments' && r.method === 'POST');
    const schema = route?.response[200] as object;
    const check = compileBodyCheck(schema);
    assert.equal(check({ success: true, commentId: 17858893269 }), false);
  });
});
