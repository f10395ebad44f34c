/** Bodies with prototype-reaching keys are refused by name, through the real HTTP stack, in both error shapes. */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestService, type TestService } from '../../test/harness.ts';
import { AppError } from '../errors.ts';
import { isPlainBody, parseJsonBody } from './json-body.ts';
import { validatorCompiler } from './validation.ts';

describe('JSON bodies', () => {
  it('names the forbidden key and where it is', () => {
    const refuse = (text: string) => {
      try {
        parseJsonBody(text);
      } catch (err) {
        assert.ok(err instanceof AppError);
        assert.equal(err.status, 400);
        return err.message;
      }
      assert.fail(`${text} was accepted`);
    };
    assert.equal(
      refuse('{"__proto__": {"admin": true}}'),
      'body.__proto__: the key "__proto__" is not allowed in a request body; remove it',
    );
    assert.match(
      refuse('{"platforms": [{"x": 1}, {"__proto__": null}]}'),
      /^body\.platforms\[1\]\.__proto__:/,
    );
    assert.match(
      refuse('{"a": {"constructor": {"prototype": {"x": 1}}}}'),
      /^body\.a\.constructor\.prototype: the key "constructor\.prototype" is not allowed/,
    );
    assert.equal(refuse('{"a": '), 'Body is not valid JSON');
    assert.equal(refuse(''), 'Body must not be empty when Content-Type is application/json');
  });

  it('walks every body whose text could hide an unsafe key, NUL or number, and only those', () => {
    const schema = { type: 'object', properties: { n: { type: 'number' }, s: { type: 'string' } } };
    const check = validatorCompiler({
      schema: schema as Parameters<typeof validatorCompiler>[0]['schema'],
      method: 'POST',
      url: '/x',
      httpPart: 'body',
    }) as (data: unknown) => boolean;
    // An escaped prototype key is still found by name.
    assert.throws(() => parseJsonBody('{"\\u005f_proto__": {"x": 1}}'), /the key "__proto__" is not allowed/);
    // NUL (escaped, the only way JSON carries it) and numbers beyond 2^53 still reach the validator's walk.
    for (const text of [
      '{"s": "a\\u0000b"}',
      '{"n": 1e300}',
      '{"n": 12345678901234567890}',
      '{"n": 9.1E+15}',
    ])
      assert.equal(check(parseJsonBody(text)), false, text);
    // Plain text skips both walks; a value the walks would refuse can not be in it.
    const plain = parseJsonBody('{"s": "hello", "n": 123456789012345}');
    assert.ok(isPlainBody(plain));
    assert.equal(check(plain), true);
    assert.equal(isPlainBody(parseJsonBody('{"s": "caf\\u00e9"}')), false);
    assert.equal(isPlainBody({ s: 'not parsed by the body parser' }), false);
  });

  it('accepts ordinary bodies, including a harmless "constructor" value and deep nesting', () => {
    assert.deepEqual(parseJsonBody('{"constructor": "x", "proto": 1}'), { constructor: 'x', proto: 1 });
    const deep = `${'['.repeat(5000)}${']'.repeat(5000)}`;
    assert.ok(Array.isArray(parseJsonBody(deep)));
  });
});

describe('JSON bodies through the API', () => {
  let t: TestService;
  before(async () => {
    t = await startTestService('sqlite', { settings: { ROLE: 'api' } });
  });
  after(() => t.close());

  it('answers 400 saying the key is not allowed, in each family shape, and stores nothing', async () => {
    const b = await t.request('POST', '/v1/profiles', '{"name": "p", "__proto__": {"x": 1}}');
    assert.equal(b.status, 400);
    assert.deepEqual(b.body, {
      error: 'body.__proto__: the key "__proto__" is not allowed in a request body; remove it',
    });
    const a = await t.request(
      'POST',
      '/v1/posts',
      '{"content": "x", "publishNow": true, "platforms": [{"platform": "twitter", "accountId": "a", "__proto__": {}}]}',
    );
    assert.equal(a.status, 400);
    assert.equal(a.body.success, false);
    assert.match(a.body.message, /body\.platforms\[0\]\.__proto__: the key "__proto__" is not allowed/);
    assert.equal((await t.request('GET', '/v1/profiles')).body.total, 0);
  });

  it('refuses it on a route that takes no body too, a 400 its OpenAPI entry lists', async () => {
    // The harness fails the suite at close for an answer whose status the document does not list.
    const res = await t.request('POST', '/v1/auth/totp/enrol', '{"__proto__": {"x": 1}}');
    assert.equal(res.status, 400);
    assert.match(res.body.error ?? res.body.message, /the key "__proto__" is not allowed/);
  });
});
