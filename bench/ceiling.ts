/**
 * The simulator's raw ceiling: how many X posts per second it creates on
 * loopback (`POST /2/tweets`, the call a target makes) through the HTTP client
 * the adapters use (`platformCall`), `concurrency` at a time, for a few seconds,
 * spread over accounts kept apart for this so X's per-user limit is not reached.
 * Read `rounds` times in a row, the ceiling is their median: one 4-second reading moved
 * from 4,227 to 7,150 req/s between runs of one day, and the readings show how far it
 * moves within a run.
 */

import { PlatformError } from '../src/platforms/contract.ts';
import { platformCall } from '../src/platforms/shared/http.ts';

export async function measureCeiling(
  simUrl: string,
  tokens: string[],
  concurrency: number,
  rounds = 3,
): Promise<{ perSecond: number; readings: number[]; concurrency: number; what: string }> {
  const readings: number[] = [];
  for (let round = 0; round < rounds; round++) readings.push(await oneReading(simUrl, tokens, concurrency));
  const sorted = [...readings].sort((a, b) => a - b);
  const perSecond = sorted[Math.floor((sorted.length - 1) / 2)] ?? 0;
  return { perSecond, readings, concurrency, what: 'POST /2/tweets' };
}

/** Posts created per second over `durationMs`. */
async function oneReading(simUrl: string, tokens: string[], concurrency: number, durationMs = 4000) {
  let count = 0;
  const end = Date.now() + durationMs;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, lane) => {
      // Lanes take turns over the accounts (lane, lane + concurrency, …), so every account
      // is used equally often and none reaches X's per-user limit before the others.
      let i = lane;
      while (Date.now() < end) {
        const token = tokens[i % tokens.length];
        i += concurrency;
        await platformCall({
          method: 'POST',
          url: `${simUrl}/twitter/2/tweets`,
          headers: { authorization: `Bearer ${token}` },
          json: { text: `ceiling ${lane} ${i} ${Math.random()}` },
          signal: AbortSignal.timeout(30_000),
          what: 'ceiling',
          readError: (r) => new PlatformError('transient', `status ${r.status}`),
        });
        count++;
      }
    }),
  );
  return count / ((Date.now() - started) / 1000);
}
