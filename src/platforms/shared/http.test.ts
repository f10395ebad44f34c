/**
 * The one platform client against a scripted loopback server: how an answer is
 * classified for an account call (token, account, lookup endpoints) and for a
 * publishing call, and what the client sends (query, bearer, basic, forms).
 */
import assert from 'node:assert/strict';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { createOutboundClient, platformUrlGuard } from '../../net/outbound.ts';
import type { AuthEnv } from '../auth-types.ts';
import { readBlueskyError } from '../bluesky/errors.ts';
import { type ErrorClass, PlatformError } from '../contract.ts';
import { accountCall, grantRefusal } from './account-call.ts';
import { OUTSIDE_ANSWER_MAX_BYTES, parseJson, platformCall } from './http.ts';
import { str } from './json.ts';

interface Scripted {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Never answers (for timeouts). */
  hang?: boolean;
}

let server: Server;
let base = '';
let next: Scripted = { status: 200, body: {} };
let seen: { method: string; url: string; headers: IncomingMessage['headers']; body: string } | null = null;

before(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => {
      body += c.toString();
    });
    req.on('end', () => {
      seen = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
      if (next.hang) return;
      const text =
        typeof next.body === 'string' ? next.body : next.body === undefined ? '' : JSON.stringify(next.body);
      res.writeHead(next.status, { 'content-type': 'application/json', ...next.headers });
      res.end(text);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
after(() => {
  server.closeAllConnections();
  server.close();
});

const env: AuthEnv = {
  platform: 'twitter',
  client: { clientId: 'client', clientSecret: 's3cret' },
  url: (_host, path) => `${base}${path}`,
  redirectUri: 'http://127.0.0.1/callback',
  pdsUrl: 'http://127.0.0.1',
  timeoutMs: 300,
  now: () => new Date(),
};

/** What the call threw (it must throw a PlatformError). */
async function failure(call: Promise<unknown>): Promise<PlatformError> {
  try {
    await call;
  } catch (err) {
    assert.ok(err instanceof PlatformError, `a PlatformError, not ${String(err)}`);
    return err;
  }
  assert.fail('the call succeeded');
}

interface Row {
  answer: Scripted;
  errorClass: ErrorClass;
  reason?: string;
  message?: string;
  retryAfterMs?: number;
}

describe('an account call (token, account and lookup endpoints)', () => {
  const table: Row[] = [
    {
      answer: { status: 400, body: { error: 'invalid_grant', error_description: 'Token was revoked' } },
      errorClass: 'auth',
      reason: 'token_revoked',
      message: 'twitter: Token was revoked',
    },
    {
      answer: { status: 400, body: { error: 'invalid_grant', error_description: 'Refresh token expired' } },
      errorClass: 'auth',
      reason: 'token_expired',
    },
    {
      answer: { status: 401, body: { error: 'invalid_client' } },
      errorClass: 'auth',
      reason: 'refresh_failed',
    },
    {
      answer: { status: 403, body: { message: 'Missing permission: pages_manage_posts' } },
      errorClass: 'permanent',
      reason: 'missing_scopes',
      message: 'twitter: Missing permission: pages_manage_posts',
    },
    {
      answer: { status: 429, body: { error: 'slow_down' }, headers: { 'retry-after': '7' } },
      errorClass: 'rate_limited',
      retryAfterMs: 7000,
      message: 'twitter is unavailable: slow_down',
    },
    {
      answer: { status: 503, body: 'down' },
      errorClass: 'transient',
      message: 'twitter is unavailable: HTTP 503',
    },
    {
      answer: { status: 404, body: { detail: 'no such user' } },
      errorClass: 'permanent',
      message: 'twitter: no such user',
    },
    {
      answer: { status: 302, headers: { location: 'http://127.0.0.1:1/elsewhere' } },
      errorClass: 'permanent',
    },
    {
      answer: { status: 200, body: 'not json' },
      errorClass: 'permanent',
      message: 'twitter answered with no JSON',
    },
    { answer: { status: 200, hang: true }, errorClass: 'transient', message: 'twitter timed out' },
  ];
  for (const row of table) {
    it(`${row.answer.status}${row.answer.hang ? ' never answered' : ''} ${JSON.stringify(row.answer.body ?? '')} → ${row.errorClass} ${row.reason ?? ''}`, async () => {
      next = row.answer;
      const err = await failure(accountCall(env, env.url('token', '/oauth/token'), { form: { a: 'b' } }));
      assert.equal(err.errorClass, row.errorClass);
      assert.equal(err.reason, row.reason);
      if (row.message) assert.equal(err.message, row.message);
      if (row.retryAfterMs !== undefined) assert.equal(err.retryAfterMs, row.retryAfterMs);
      if (!row.answer.hang) assert.equal(err.status, row.answer.status);
      assert.equal(grantRefusal(err), row.errorClass === 'auth' || row.reason ? (row.reason ?? null) : null);
    });
  }

  it('a platform that can not be reached is transient', async () => {
    const err = await failure(
      accountCall({ ...env, url: () => 'http://127.0.0.1:1/token' }, 'http://127.0.0.1:1/token'),
    );
    assert.equal(err.errorClass, 'transient');
    assert.equal(grantRefusal(err), null);
  });

  it('answers the JSON of a 2xx, and {} for an empty one', async () => {
    next = { status: 200, body: { access_token: 'abc' } };
    assert.deepEqual(await accountCall(env, `${base}/token`), { access_token: 'abc' });
    next = { status: 204 };
    assert.deepEqual(await accountCall(env, `${base}/revoke`, { method: 'POST' }), {});
  });

  it('sends forms and queries without their undefined values, bearer and basic credentials', async () => {
    next = { status: 200, body: {} };
    await accountCall(env, `${base}/token?x=1`, {
      form: { grant_type: 'authorization_code', code_verifier: undefined },
      query: { page_size: '250', bookmark: undefined },
      basic: { user: 'client id', password: 'p:w' },
    });
    assert.equal(seen?.method, 'POST');
    assert.equal(seen?.url, '/token?x=1&page_size=250');
    assert.equal(seen?.body, 'grant_type=authorization_code');
    assert.equal(seen?.headers['content-type'], 'application/x-www-form-urlencoded');
    const basic = Buffer.from(String(seen?.headers.authorization).replace('Basic ', ''), 'base64').toString();
    assert.equal(basic, 'client%20id:p%3Aw');
    await accountCall(env, `${base}/me`, { bearer: 'tok' });
    assert.equal(seen?.method, 'GET');
    assert.equal(seen?.headers.authorization, 'Bearer tok');
  });
});

describe('a publishing call (the adapter reads its platform’s errors)', () => {
  const signal = new AbortController().signal;
  const table: (Row & { createCall?: boolean })[] = [
    {
      answer: { status: 400, body: { error: 'ExpiredToken', message: 'Token has expired' } },
      errorClass: 'auth',
    },
    { answer: { status: 401, body: { error: 'AuthMissing' } }, errorClass: 'auth' },
    {
      answer: { status: 429, body: { error: 'RateLimitExceeded' }, headers: { 'ratelimit-reset': '0' } },
      errorClass: 'rate_limited',
      retryAfterMs: 0,
    },
    { answer: { status: 502, body: { error: 'UpstreamFailure' } }, errorClass: 'transient' },
    {
      answer: { status: 502, body: { error: 'UpstreamFailure' } },
      errorClass: 'unknown_outcome',
      createCall: true,
    },
    { answer: { status: 200, hang: true }, errorClass: 'unknown_outcome', createCall: true },
    {
      answer: { status: 400, body: { error: 'InvalidRequest', message: 'Record too long' } },
      errorClass: 'permanent',
      message: 'Bluesky: Record too long',
    },
    { answer: { status: 400, body: { error: 'InvalidRequest' } }, errorClass: 'permanent', createCall: true },
  ];
  for (const row of table) {
    it(`${row.answer.status}${row.answer.hang ? ' never answered' : ''} ${JSON.stringify(row.answer.body ?? '')}${row.createCall ? ' (create)' : ''} → ${row.errorClass}`, async () => {
      next = row.answer;
      const err = await failure(
        platformCall({
          url: `${base}/xrpc/com.atproto.repo.createRecord`,
          json: { text: 'hi' },
          signal,
          timeoutMs: 300,
          what: 'create post',
          createCall: row.createCall ?? false,
          readError: (r) => readBlueskyError(r, 0),
        }),
      );
      assert.equal(err.errorClass, row.errorClass);
      assert.equal(err.reason, undefined, 'publishing errors carry no reconnect reason');
      if (row.message) assert.equal(err.message, row.message);
      if (row.retryAfterMs !== undefined) assert.equal(err.retryAfterMs, row.retryAfterMs);
    });
  }

  it('a call the caller cancels says so; one that runs out of time while the caller waits says that', async () => {
    next = { status: 200, hang: true };
    const call = (callerSignal: AbortSignal, timeoutMs: number) =>
      failure(
        platformCall({
          url: `${base}/xrpc/com.atproto.repo.createRecord`,
          json: { text: 'hi' },
          signal: callerSignal,
          timeoutMs,
          what: 'create post',
          createCall: true,
          readError: (r) => readBlueskyError(r, 0),
        }),
      );
    const caller = new AbortController();
    const started = performance.now();
    const cancelled = call(caller.signal, 30_000);
    setTimeout(() => caller.abort(new Error('lease lost')), 50);
    const err = await cancelled;
    assert.equal(err.message, 'create post was cancelled');
    assert.equal(err.errorClass, 'unknown_outcome', 'the create may have reached the platform');
    assert.ok(performance.now() - started < 5000, 'it ended with the caller, not at its own limit');
    const late = await call(new AbortController().signal, 100);
    assert.equal(late.message, 'create post timed out');
  });

  it('uploads (fetch) follow no redirect either', async () => {
    next = { status: 307, headers: { location: `${base}/elsewhere` } };
    const err = await failure(
      platformCall({
        url: `${base}/upload`,
        body: new Uint8Array([1, 2, 3]),
        signal,
        what: 'upload',
        readError: (r) => new PlatformError('permanent', `HTTP ${r.status}`, { status: r.status }),
      }),
    );
    assert.equal(err.status, 307);
    assert.equal(seen?.url, '/upload');
  });
});

describe('JSON answers', () => {
  it('keeps an integer beyond 2^53 as the exact digits the platform sent', () => {
    // Instagram's code exchange answers user_id as a bare number of this size.
    const answer = parseJson('{"user_id": 17841400000000000123, "count": 12, "ratio": 1.5, "big": 1e300}');
    assert.equal(str(answer, 'user_id'), '17841400000000000123');
    assert.notEqual(
      String(JSON.parse('17841400000000000123')),
      '17841400000000000123',
      'JSON.parse rounds it',
    );
    assert.deepEqual(answer, { user_id: '17841400000000000123', count: 12, ratio: 1.5, big: 1e300 });
  });
});

describe('a call to a URL the platform answered with (`outside`: PublishContext.platformUrls)', () => {
  const outbound = createOutboundClient({ allowlist: ['127.0.0.1'] });
  /** Trusts only a host this test never calls, so every URL here goes through the outbound client. */
  const guard = platformUrlGuard(outbound, ['https://api.platform.invalid']);
  let hidden: Server;
  let hiddenUrl = '';
  let hiddenHits = 0;
  before(async () => {
    hidden = createServer((_req, res) => {
      hiddenHits++;
      res.writeHead(200).end('{}');
    });
    await new Promise<void>((r) => hidden.listen(0, '127.0.0.2', r));
    hiddenUrl = `http://127.0.0.2:${(hidden.address() as AddressInfo).port}/upload`;
  });
  after(async () => {
    await new Promise((r) => hidden.close(r));
    await outbound.close();
  });
  const readError = (r: { status: number }) => new PlatformError('permanent', `HTTP ${r.status}`);

  it('an allowed address is called through the outbound client, with and without a body', async () => {
    next = { status: 200, body: { ok: true } };
    const read = await platformCall({ url: `${base}/session`, outside: guard, what: 'probe', readError });
    assert.deepEqual(read.json, { ok: true });
    const put = await platformCall({
      method: 'PUT',
      url: `${base}/chunk`,
      body: new Uint8Array([1, 2, 3]),
      outside: guard,
      what: 'chunk',
      readError,
    });
    assert.equal(put.status, 200);
    assert.equal(seen?.body.length, 3);
  });

  it('an address OUTBOUND_ALLOWLIST does not allow is never called: permanent', async () => {
    for (const body of [undefined, new Uint8Array([1])]) {
      const err = await failure(
        platformCall({ method: 'PUT', url: hiddenUrl, body, outside: guard, what: 'upload', readError }),
      );
      assert.equal(err.errorClass, 'permanent');
      assert.match(err.message, /upload: the platform's URL was refused/);
    }
    assert.equal(hiddenHits, 0);
  });

  it('an answer larger than OUTSIDE_ANSWER_MAX_BYTES is not read', async () => {
    next = { status: 200, body: 'x'.repeat(OUTSIDE_ANSWER_MAX_BYTES + 1) };
    const err = await failure(platformCall({ url: `${base}/big`, outside: guard, what: 'probe', readError }));
    assert.equal(err.errorClass, 'permanent');
    assert.match(err.message, /larger than/);
    const create = await failure(
      platformCall({ url: `${base}/big`, outside: guard, createCall: true, what: 'final chunk', readError }),
    );
    assert.equal(create.errorClass, 'unknown_outcome');
  });
});
