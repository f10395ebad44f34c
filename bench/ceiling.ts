/**
 * The simulator's raw ceiling: how many requests per second it answers on
 * loopback through the HTTP client the adapters use, `concurrency` at a time,
 * for a few seconds. A cheap authenticated read (the account's own profile), so
 * the figure is the simulator's and the client's, not a platform rule's.
 */
export async function measureCeiling(
  simUrl: string,
  platform: string,
  accounts: Record<string, { id: string; token: string }[]>,
  concurrency: number,
  durationMs = 5000,
): Promise<{ perSecond: number; concurrency: number; what: string }> {
  const tokens = (accounts[platform] ?? []).map((a) => a.token);
  const path = platform === 'linkedin' ? '/v2/userinfo' : '/2/users/me';
  const url = `${simUrl}/${platform}${path}`;
  let count = 0;
  const end = Date.now() + durationMs;
  const started = Date.now();
  await Promise.all(
    Array.from({ length: concurrency }, async (_, lane) => {
      let i = lane;
      while (Date.now() < end) {
        const res = await fetch(url, {
          headers: { authorization: `Bearer ${tokens[i++ % tokens.length]}`, accept: 'application/json' },
          signal: AbortSignal.timeout(30_000),
        });
        await res.text();
        if (res.ok) count++;
      }
    }),
  );
  return { perSecond: count / ((Date.now() - started) / 1000), concurrency, what: `GET ${path}` };
}
