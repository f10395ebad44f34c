/** Test helpers for the Meta container platforms: a JPEG fixture (Instagram takes JPEG only), publishing through pending. */

import type { PlatformPublisher, PublishResult } from '../contract.ts';
import type { AdapterHarness, TestContext } from './testing.ts';

/**
 * A tiny JPEG-shaped file: SOI, a JFIF APP0 segment, a baseline SOF0 header with
 * the dimensions, EOI. Enough for type sniffing and dimension reading (what the
 * media pipeline and the platforms' checks look at), not for decoding pixels.
 */
export function jpeg(width = 1080, height = 1080): Buffer {
  const app0 = [
    0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00,
    0x00,
  ];
  const sof0 = [
    0xff,
    0xc0,
    0x00,
    0x11,
    0x08,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    0x03,
    0x01,
    0x22,
    0x00,
    0x02,
    0x11,
    0x01,
    0x03,
    0x11,
    0x01,
  ];
  return Buffer.from([0xff, 0xd8, ...app0, ...sof0, 0xff, 0xd9]);
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
