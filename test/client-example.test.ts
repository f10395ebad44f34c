/**
 * examples/client-tour.ts with the typed client against the service on a real
 * port and the simulator: webhook subscription, connect, publish, the outcome
 * followed to published, and a webhook that verifies. It also proves the
 * committed client types fit the answers the service gives.
 */
import assert from 'node:assert/strict';
import { createServer } from 'node:net';
import { it } from 'node:test';
import { runTour } from '../examples/client-tour.ts';
import { startSimulator } from '../src/simulator/index.ts';
import { forEachDatabase, startTestService } from './harness.ts';

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

forEachDatabase('the typed client tour', (dialect) => {
  it('connects, publishes, follows the outcome and verifies the webhook', async () => {
    const sim = await startSimulator();
    const port = await freePort();
    const baseUrl = `http://127.0.0.1:${port}`;
    const t = await startTestService(dialect, {
      settings: { SIMULATOR_URL: sim.url, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: baseUrl },
      listen: true,
    });
    try {
      const result = await runTour({ baseUrl, accessKey: t.accessKey });
      assert.match(result.integrationId, /^int_/);
      assert.equal(result.status, 'published');
      assert.ok(result.platformPostUrl);
      assert.deepEqual(result.webhook, { type: 'post.published', verified: true });
    } finally {
      await t.close();
      await sim.close();
    }
  });
});
