import assert from 'node:assert/strict';
import { lookup } from 'node:dns/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { hostname } from 'node:os';
import { after, before, describe, it } from 'node:test';
import { createOutboundClient, isPublicAddress, OutboundError, readLimited } from './outbound.ts';

describe('safe outbound client', () => {
  let server: Server;
  let base: string;
  /** Connections the server accepted (to see them reused). */
  let connections = 0;
  before(async () => {
    server = createServer((req, res) => {
      if (req.url === '/post') {
        let n = 0;
        req.on('data', (c: Buffer) => {
          n += c.length;
        });
        req.on('end', () => res.writeHead(201, { 'x-got': String(n) }).end('thanks'));
      } else if (req.url === '/redirect-private') {
        res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data' }).end();
      } else if (req.url === '/redirect-local') {
        res.writeHead(302, { location: '/ok' }).end();
      } else if (req.url === '/big') {
        res.end(Buffer.alloc(10_000));
      } else if (req.url === '/hang') {
        // never answers
      } else res.end('fine');
    });
    server.on('connection', () => connections++);
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  after(() => {
    server.closeAllConnections();
    server.close();
  });

  const reason = async (p: Promise<unknown>) => {
    try {
      await p;
    } catch (err) {
      assert.ok(err instanceof OutboundError, String(err));
      return err.reason;
    }
    assert.fail('expected an OutboundError');
  };

  it('classifies addresses', () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '192.168.0.1',
      '172.16.5.5',
      '169.254.169.254',
      '::1',
      'fd00::1',
      '::ffff:127.0.0.1',
      '0.0.0.0',
      '100.64.0.1',
    ])
      assert.equal(isPublicAddress(a), false, a);
    for (const a of ['93.184.216.34', '2606:4700::1111']) assert.equal(isPublicAddress(a), true, a);
  });

  it('refuses loopback by address and by name unless allowed', async () => {
    const closed = createOutboundClient({ allowlist: [] });
    assert.equal(await reason(closed.request(`${base}/ok`)), 'blocked');
    const port = new URL(base).port;
    assert.equal(await reason(closed.request(`http://localhost:${port}/ok`)), 'blocked');
    assert.equal(await reason(closed.request(`http://[::ffff:127.0.0.1]:${port}/ok`)), 'blocked');
    await closed.close();

    const open = createOutboundClient({ allowlist: ['127.0.0.1'] });
    const res = await open.request(`${base}/ok`);
    assert.equal(await res.text(), 'fine');
    await open.close();
  });

  it('checks every redirect hop and can refuse redirects', async () => {
    const client = createOutboundClient({ allowlist: ['127.0.0.0/8'] });
    assert.equal(await reason(client.request(`${base}/redirect-private`)), 'blocked');
    assert.equal(await (await client.request(`${base}/redirect-local`)).text(), 'fine');
    const refused = await client.request(`${base}/redirect-local`, { redirects: 'refuse' });
    assert.equal(refused.status, 302);
    await client.close();
  });

  it('limits body size and time, and refuses other schemes', async () => {
    const client = createOutboundClient({ allowlist: ['127.0.0.1'] });
    assert.equal(await reason(readLimited(await client.request(`${base}/big`), 1000)), 'too_large');
    assert.equal((await readLimited(await client.request(`${base}/big`), 20_000)).length, 10_000);
    assert.equal(await reason(client.request(`${base}/hang`, { timeoutMs: 200 })), 'timeout');
    assert.equal(await reason(client.request('file:///etc/passwd')), 'invalid');
    assert.equal(await reason(client.request('not a url')), 'invalid');
    await client.close();
  });

  describe('requestStatus (webhook deliveries)', () => {
    const post = { method: 'POST', headers: { 'content-type': 'application/json' }, maxAnswerBytes: 1000 };

    it('answers the status, reading small answers so that one connection serves them all', async () => {
      const client = createOutboundClient({ allowlist: ['127.0.0.1'] });
      const before = connections;
      for (let i = 0; i < 10; i++)
        assert.equal(await client.requestStatus(`${base}/post`, { ...post, body: '{"n":1}' }), 201);
      // Kept alive and reused (a second one may open while the first is being handed back).
      assert.ok(connections - before <= 2, `${connections - before} connections for 10 requests`);
      // An answer longer than the limit is not read: the status stands (the connection is dropped).
      assert.equal(await client.requestStatus(`${base}/big`, { ...post, body: '{}' }), 200);
      assert.equal(await client.requestStatus(`${base}/post`, { ...post, body: '{}' }), 201);
      await client.close();
    });

    it('refuses non-public addresses and local names unless allowed, and never follows a redirect', async () => {
      const closed = createOutboundClient({ allowlist: [] });
      const port = new URL(base).port;
      for (const url of [
        `${base}/post`,
        `http://localhost:${port}/post`,
        `http://[::ffff:127.0.0.1]:${port}/`,
      ])
        assert.equal(await reason(closed.requestStatus(url, { ...post, body: '{}' })), 'blocked', url);
      await closed.close();
      const client = createOutboundClient({ allowlist: ['127.0.0.0/8'] });
      assert.equal(await client.requestStatus(`${base}/redirect-private`, { ...post, body: '{}' }), 302);
      assert.equal(await client.requestStatus(`${base}/redirect-local`, { ...post, body: '{}' }), 302);
      assert.equal(
        await reason(client.requestStatus('file:///etc/passwd', { ...post, body: '' })),
        'invalid',
      );
      // Fetch's bad ports (other protocols' ports) are refused as request (fetch) refuses them.
      for (const refusal of [
        client.requestStatus('http://127.0.0.1:25/', { ...post, body: '{}' }),
        client.request('http://127.0.0.1:25/', { method: 'POST', body: '{}' }),
      ])
        await assert.rejects(
          refusal,
          (err: unknown) => err instanceof OutboundError && err.message === 'bad port',
        );
      await client.close();
    });

    it('checks the addresses a name resolves to when it connects', async (t) => {
      const name = hostname();
      const resolved = await lookup(name).catch(() => null);
      if (!resolved || isPublicAddress(resolved.address)) {
        t.skip(`${name} does not resolve to a non-public address here`);
        return;
      }
      const closed = createOutboundClient({ allowlist: [] });
      const url = `http://${name}:${new URL(base).port}/post`;
      assert.equal(await reason(closed.requestStatus(url, { ...post, body: '{}' })), 'blocked');
      await closed.close();
    });

    it('cuts the request at its timeout, or when the caller aborts', async () => {
      const client = createOutboundClient({ allowlist: ['127.0.0.1'] });
      const started = Date.now();
      assert.equal(
        await reason(client.requestStatus(`${base}/hang`, { ...post, body: '{}', timeoutMs: 200 })),
        'timeout',
      );
      assert.ok(Date.now() - started < 2000);
      const caller = new AbortController();
      setTimeout(() => caller.abort(new Error('stopping')), 100);
      assert.equal(
        await reason(
          client.requestStatus(`${base}/hang`, {
            ...post,
            body: '{}',
            timeoutMs: 60_000,
            signal: caller.signal,
          }),
        ),
        'timeout',
      );
      await client.close();
    });
  });
});
