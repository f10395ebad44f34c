/**
 * The simulator's raw ceiling: how many X posts per second it creates on
 * loopback (`POST /2/tweets`, the call a target makes) through the HTTP client
 * the adapters use (`platformCall`), `concurrency` at a time, for a few seconds,
 * spread over accounts kept apart for this so X's per-user limit is not reached.
 */

import { PlatformError } from '../src/platforms/contract.ts';
import { platformCall } from '../src/platforms/shared/http.ts';

export async function measureCeiling(
  simUrl: string,
  tokens: string[],
  concurrency: number,
  durationMs = 4000,
): Promise<{ perSecond: number; concurrency: number; what: string }> {
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
  return { perSecond: count / ((Date.now() - started) / 1000), concurrency, what: 'POST /2/tweets' };
}
