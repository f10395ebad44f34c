import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import Fastify, { type FastifyInstance } from 'fastify';
import { precompress } from '../../web/precompress.ts';
import { installDashboard, pageHeaders } from './dashboard.ts';

describe('dashboard static serving', () => {
  let dir: string;
  let app: FastifyInstance;
  let missing: FastifyInstance;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'dash-'));
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(join(dir, 'assets', 'app-1234.js'), 'console.log(1)');
    writeFileSync(join(tmpdir(), 'secret-outside.txt'), 'no');
    // A script large enough to be worth compressing, and its copies as the build writes them.
    writeFileSync(join(dir, 'assets', 'big-5678.js'), `const x = '${'abc'.repeat(2000)}';`);
    precompress(dir);
    app = Fastify();
    app.setNotFoundHandler((req, reply) =>
      reply.status(404).send({ success: false, message: `No route ${req.url}` }),
    );
    app.get('/v1/health', async () => ({ ok: true }));
    installDashboard(app, dir);
    await app.ready();
    missing = Fastify();
    installDashboard(missing, join(dir, 'not-there'));
    await missing.ready();
  });
  after(async () => {
    await app.close();
    await missing.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('serves index.html at / and for page paths (the app routes itself)', async () => {
    for (const url of ['/', '/posts', '/calendar/month?x=1']) {
      const res = await app.inject({ url });
      assert.equal(res.statusCode, 200, url);
      assert.match(res.headers['content-type'] as string, /^text\/html/);
      assert.match(res.body, /id="root"/);
      // The selection token of a connection is in the URL: it must not leak as a referrer.
      assert.equal(res.headers['referrer-policy'], 'no-referrer');
      assert.match(res.headers['content-security-policy'] as string, /default-src 'self'/);
    }
  });

  it('serves built assets with their type and a long cache', async () => {
    const res = await app.inject({ url: '/assets/app-1234.js' });
    assert.equal(res.statusCode, 200);
    assert.match(res.headers['content-type'] as string, /^text\/javascript/);
    assert.match(res.headers['cache-control'] as string, /immutable/);
    assert.equal(res.body, 'console.log(1)');
  });

  it('keeps the API JSON 404 for unknown /v1, /docs and /openapi.json paths', async () => {
    for (const url of ['/v1/nothing', '/v1', '/docs/x', '/openapi.json/x']) {
      const res = await app.inject({ url });
      assert.equal(res.statusCode, 404, url);
      assert.equal(res.json().success, false);
    }
    assert.deepEqual((await app.inject({ url: '/v1/health' })).json(), { ok: true });
  });

  it('answers 404 for a missing asset and never a file outside its folder', async () => {
    assert.equal((await app.inject({ url: '/assets/gone.js' })).statusCode, 404);
    for (const url of [
      '/../secret-outside.txt',
      '/%2e%2e/secret-outside.txt',
      '/assets/%2e%2e%2f%2e%2e%2fsecret-outside.txt',
      '/%E0%A4%A',
    ]) {
      // Fastify refuses a malformed escape itself (400); the rest are not found.
      const res = await app.inject({ url });
      assert.ok([400, 404].includes(res.statusCode), `${url}: ${res.statusCode}`);
      assert.notEqual(res.body, 'no');
    }
  });

  it('sends the precompressed copy the browser accepts, with Vary, and never the copy by its own name', async () => {
    const plain = `const x = '${'abc'.repeat(2000)}';`;
    const br = await app.inject({ url: '/assets/big-5678.js', headers: { 'accept-encoding': 'gzip, br' } });
    assert.equal(br.headers['content-encoding'], 'br');
    assert.match(br.headers.vary as string, /Accept-Encoding/);
    assert.match(br.headers['content-type'] as string, /^text\/javascript/);
    assert.match(br.headers['cache-control'] as string, /max-age=31536000, immutable/);
    assert.equal(brotliDecompressSync(br.rawPayload).toString(), plain);
    const gz = await app.inject({
      url: '/assets/big-5678.js',
      headers: { 'accept-encoding': 'br;q=0, gzip' },
    });
    assert.equal(gz.headers['content-encoding'], 'gzip');
    assert.equal(gunzipSync(gz.rawPayload).toString(), plain);
    const none = await app.inject({ url: '/assets/big-5678.js', headers: { 'accept-encoding': 'identity' } });
    assert.equal(none.headers['content-encoding'], undefined);
    assert.equal(none.body, plain);
    // A small file has no copies: sent as it is.
    const small = await app.inject({ url: '/assets/app-1234.js', headers: { 'accept-encoding': 'br' } });
    assert.equal(small.headers['content-encoding'], undefined);
    assert.equal((await app.inject({ url: '/assets/big-5678.js.br' })).statusCode, 404);
    // The page itself is asked again every time.
    assert.equal((await app.inject({ url: '/calendar' })).headers['cache-control'], 'no-cache');
  });

  it('lets the page PUT uploads to an http S3 endpoint, and show http images', () => {
    const csp = pageHeaders('http://127.0.0.1:9000')['content-security-policy'];
    assert.match(csp, /connect-src 'self' https: http:\/\/127\.0\.0\.1:9000;/);
    assert.match(csp, /img-src 'self' http: https:/);
    assert.match(pageHeaders()['content-security-policy'], /connect-src 'self' https:;/);
  });

  it('says how to build the dashboard when it is not built (503)', async () => {
    const res = await missing.inject({ url: '/' });
    assert.equal(res.statusCode, 503);
    assert.match(res.body, /npm run build:web/);
  });
});
