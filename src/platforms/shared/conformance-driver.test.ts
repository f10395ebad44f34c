/**
 * The suite's driver with a publisher that processes media asynchronously: `pending`
 * answers are followed by publishing again from the saved checkpoint after the
 * simulator's clock moved on by the wait.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { PlatformPublisher } from '../contract.ts';
import { createDriver } from './conformance-driver.ts';
import type { ConformanceSpec } from './conformance-spec.ts';
import { type AdapterHarness, startAdapterHarness } from './testing.ts';

/** Publishes after `rounds` pending answers, each saving how far it got; reconcile answers pending once. */
function processingAdapter(rounds: number): PlatformPublisher {
  let reconciles = 0;
  return {
    async publish(ctx) {
      const seen = Number(ctx.checkpoint.polls ?? 0);
      if (seen < rounds) {
        await ctx.saveCheckpoint({ polls: seen + 1 });
        return { state: 'pending', retryInMs: 60_000, reason: 'processing' };
      }
      await ctx.beginCreate();
      return {
        state: 'published',
        platformPostId: `done-after-${seen}`,
        platformPostUrl: 'https://example.test/p',
      };
    },
    async reconcile() {
      if (reconciles++ === 0) return { state: 'pending', retryInMs: 5_000, reason: 'still processing' };
      return { state: 'absent' };
    },
    async delete() {},
  };
}

describe('conformance driver: pending answers', () => {
  let h: AdapterHarness;
  before(async () => {
    h = await startAdapterHarness('twitter');
  });
  after(() => h.close());

  const spec = (adapter: PlatformPublisher): ConformanceSpec => ({
    platform: 'twitter',
    adapter,
    account: { id: '1500000000000000001' },
    posts: { text: { create: { method: 'POST', path: '/2/tweets' } } },
    postUrl: (id) => id,
    textOf: () => undefined,
    mediaCount: () => 0,
    rateLimit: { fault: true, expectedWaitMs: () => 0 },
    serverError: { status: 503 },
    permanent: { refuse: 'duplicate', message: () => '' },
    refresh: null,
  });

  it('publishes again from the checkpoint while pending, moving the simulated clock by each wait', async () => {
    const started = h.sim.clock.now();
    const d = createDriver(spec(processingAdapter(3)), h);
    const run = await d.publish(d.context('text', 'processing'));
    assert.equal(run.result.state, 'published');
    assert.equal(run.result.platformPostId, 'done-after-3');
    assert.deepEqual(run.ctx.stored, { polls: 3 }, 'the last round started from the saved checkpoint');
    assert.equal(run.creates, 1);
    assert.ok(h.sim.clock.now() - started >= 180_000, 'three waits of a minute went by on the simulator');
  });

  it('gives up on a publisher that stays pending', async () => {
    const d = createDriver(spec(processingAdapter(1_000)), h);
    await assert.rejects(d.publish(d.context('text', 'stuck')), /still pending after 20 rounds/);
  });

  it('reconciles again while pending', async () => {
    const d = createDriver(spec(processingAdapter(0)), h);
    assert.deepEqual(await d.reconcile(d.context('text', 'lost')), { state: 'absent' });
  });
});
