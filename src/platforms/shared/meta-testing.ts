/** Test helpers for the Meta container platforms: a JPEG fixture (Instagram takes JPEG only), publishing through pending. */

import type { PlatformPublisher, PublishResult } from '../contract.ts';
import type { AdapterHarness, TestContext } from './testing.ts';

/** A tiny JPEG-shaped file: SOI, a JFIF APP0 segment, EOI (enough for type sniffing). */
export function jpeg(): Buffer {
  return Buffer.from([
    0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00,
    0x01, 0x00, 0x00, 0xff, 0xd9,
  ]);
}

/**
 * Publishes as the engine does: while the platform answers `pending`, moves the
 * simulator's clock by the wait and publishes again from the checkpoint. Answers
 * the result, the waits asked for, and the last context.
 */
export async function publishThroughPending(
  h: AdapterHarness,
  publisher: PlatformPublisher,
  first: TestContext,
  maxRounds = 30,
): Promise<{ result: PublishResult & { state: 'published' }; waits: number[]; ctx: TestContext }> {
  let ctx = first;
  const waits: number[] = [];
  for (let round = 0; round < maxRounds; round++) {
    const result = await publisher.publish(ctx);
    if (result.state === 'published') return { result, waits, ctx };
    waits.push(result.retryInMs);
    h.sim.clock.advance(result.retryInMs);
    ctx = h.resume(ctx);
  }
  throw new Error(`still pending after ${maxRounds} rounds`);
}
