/**
 * The load generator of `bench:list`, run in a worker thread so that the client's
 * work (reading answers of 150 KB) is not done in the service's thread
 * and does not fill the service's heap: its scavenges would land in the measured
 * requests. Each message asks for one series of GET requests and answers with their
 * latencies, measured here from the request's start to its body's end.
 */
import { isMainThread, parentPort, workerData } from 'node:worker_threads';
import { Pool } from 'undici';

export interface Series {
  requests: { path: string; key: string }[];
}

export interface SeriesResult {
  latencies: number[];
  errors: number;
  /** The first answer that was not 200, for the report. */
  firstError?: string;
}

/** Sends one series over `pool`, `concurrency` at a time (also the inline client of bench/list.ts). */
export async function runSeries(
  pool: Pool,
  concurrency: number,
  { requests }: Series,
): Promise<SeriesResult> {
  const latencies: number[] = [];
  let next = 0;
  let errors = 0;
  let firstError: string | undefined;
  const loop = async () => {
    while (next < requests.length) {
      const { path, key } = requests[next++] as Series['requests'][number];
      const t0 = performance.now();
      const res = await pool.request({ method: 'GET', path, headers: { 'x-access-key': key } });
      if (res.statusCode !== 200) {
        const text = await res.body.text();
        latencies.push(performance.now() - t0);
        if (errors++ === 0) firstError = `${res.statusCode} ${text.slice(0, 300)}`;
        continue;
      }
      // Read to its end as bytes, not decoded into a string: a string of 150 KB is a
      // large object, freed only by a full collection. Decoding, the client thread ran
      // 55 full collections in one run (2 to 10 ms each, every 200 to 600 ms, while it
      // measures); reading bytes, 30 and 34.
      for await (const _chunk of res.body);
      latencies.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, loop));
  return { latencies, errors, ...(firstError ? { firstError } : {}) };
}

if (!isMainThread) {
  const { port, concurrency } = workerData as { port: number; concurrency: number };
  const pool = new Pool(`http://127.0.0.1:${port}`, { connections: concurrency, pipelining: 1 });
  parentPort?.on('message', (msg: Series | 'close') => {
    if (msg === 'close') {
      void pool.close().then(() => parentPort?.close());
      return;
    }
    void runSeries(pool, concurrency, msg).then((r) => parentPort?.postMessage(r));
  });
}
