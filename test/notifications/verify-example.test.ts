/**
 * Runs examples/verify-webhook.ts, the receiver the docs show, against real
 * deliveries: as a library (accepts genuine deliveries, refuses tampered,
 * stale or wrongly keyed ones) and as the program the docs tell people to run.
 */
import assert from 'node:assert/strict';
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { after, before, it } from 'node:test';
import { verifyWebhook } from '../../examples/verify-webhook.ts';
import { fanOutEvent } from '../../src/domain/notifications/fanout.ts';
import { forEachDatabase, startTestService, type TestService } from '../harness.ts';
import { lifecycleEvent } from './events.ts';
import { startReceiver } from './receiver.ts';

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return port;
}

forEachDatabase('webhook verification example', (dialect) => {
  let t: TestService;
  before(async () => {
    t = await startTestService(dialect, { settings: { JOBS_POLL_MS: '20' } });
  });
  after(() => t.close());

  it('accepts real deliveries and refuses tampered, stale or wrongly signed ones', async () => {
    const receiver = await startReceiver();
    try {
      const sub = (
        await t.request('POST', '/v1/notifications', {
          channel: 'webhook',
          eventTypes: ['post.published'],
          webhook: { url: receiver.url },
        })
      ).body.notification;
      const event = lifecycleEvent(t.projectId, 'post.published');
      await fanOutEvent(t.ctx.store.db, t.ctx.config, event);
      const [got] = await receiver.waitFor(1);
      assert.ok(got);
      const secret = sub.webhook.secret as string;
      const ok = verifyWebhook(got.rawBody, got.headers, secret);
      assert.deepEqual(ok.ok && { id: ok.event.id, type: ok.event.type }, {
        id: event.id,
        type: 'post.published',
      });

      const tampered = got.rawBody.replace('Hello', 'Hallo');
      assert.deepEqual(verifyWebhook(tampered, got.headers, secret), {
        ok: false,
        reason: 'signature mismatch',
      });
      // Re-serialized JSON is not the raw body (key order and spacing may differ).
      const reserialized = JSON.stringify(JSON.parse(got.rawBody), null, 1);
      assert.equal(verifyWebhook(reserialized, got.headers, secret).ok, false);
      assert.equal(verifyWebhook(got.rawBody, got.headers, `${secret}x`).ok, false);
      const ts = Number(got.headers['x-service-timestamp']);
      assert.deepEqual(verifyWebhook(got.rawBody, got.headers, secret, ts + 301), {
        ok: false,
        reason: 'timestamp outside the tolerance',
      });
      assert.equal(verifyWebhook(got.rawBody, got.headers, secret, ts + 299).ok, true);
      const noSig = { ...got.headers, 'x-service-signature': undefined };
      assert.equal(verifyWebhook(got.rawBody, noSig, secret).ok, false);
    } finally {
      await receiver.close();
    }
  });

  it('runs as the documented program and logs each verified delivery', async () => {
    const port = await freePort();
    const sub = (
      await t.request('POST', '/v1/notifications', {
        channel: 'webhook',
        eventTypes: ['post.failed'],
        webhook: { url: `http://127.0.0.1:${port}/webhooks` },
      })
    ).body.notification;
    let child: ChildProcess | null = null;
    try {
      child = spawn(process.execPath, ['examples/verify-webhook.ts'], {
        env: { ...process.env, WEBHOOK_SECRET: sub.webhook.secret, PORT: String(port) },
        stdio: ['ignore', 'pipe', 'inherit'],
      });
      let out = '';
      const lines = new EventTarget();
      child.stdout?.on('data', (c: Buffer) => {
        out += c.toString();
        lines.dispatchEvent(new Event('line'));
      });
      const until = async (re: RegExp) => {
        const deadline = AbortSignal.timeout(5000);
        while (!re.test(out)) await once(lines, 'line', { signal: deadline });
      };
      await until(/listening/);

      const event = lifecycleEvent(t.projectId, 'post.failed');
      await fanOutEvent(t.ctx.store.db, t.ctx.config, event);
      await until(new RegExp(`post.failed ${event.id}`));

      const forged = await fetch(`http://127.0.0.1:${port}/webhooks`, {
        method: 'POST',
        headers: {
          'x-service-timestamp': String(Math.floor(Date.now() / 1000)),
          'x-service-signature': `sha256=${'0'.repeat(64)}`,
        },
        body: '{"id":"evt_forged","type":"post.published"}',
      });
      assert.equal(forged.status, 400);
      assert.equal(await forged.text(), 'signature mismatch');
    } finally {
      child?.kill();
    }
  });
});
