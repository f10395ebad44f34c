/**
 * A webhook receiver on loopback for tests: records every request (raw body and
 * headers) and answers as the test's script says (status, delay, or hang).
 */
import { EventEmitter, once } from 'node:events';
import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  headers: IncomingHttpHeaders;
  rawBody: string;
  // biome-ignore lint/suspicious/noExplicitAny: tests read the payload field by field.
  body: any;
  at: number;
}

/** What to answer to the n-th request (0-based): a status, optionally after a delay, or never. */
export type Script = (n: number, req: Received) => { status: number; delayMs?: number } | 'hang';

export interface Receiver {
  url: string;
  received: Received[];
  /** Resolves once at least `count` requests arrived; rejects after `timeoutMs`. */
  waitFor(count: number, timeoutMs?: number): Promise<Received[]>;
  close(): Promise<void>;
}

export async function startReceiver(script: Script = () => ({ status: 200 })): Promise<Receiver> {
  const received: Received[] = [];
  const events = new EventEmitter();
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      let body: unknown;
      try {
        body = JSON.parse(rawBody);
      } catch {
        body = undefined;
      }
      const entry: Received = { headers: req.headers, rawBody, body, at: Date.now() };
      const n = received.length;
      received.push(entry);
      events.emit('request');
      const answer = script(n, entry);
      if (answer === 'hang') return;
      const send = () => res.writeHead(answer.status, { 'content-type': 'text/plain' }).end('ok');
      if (answer.delayMs) setTimeout(send, answer.delayMs);
      else send();
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    received,
    async waitFor(count, timeoutMs = 15_000) {
      const deadline = AbortSignal.timeout(timeoutMs);
      while (received.length < count) {
        try {
          await once(events, 'request', { signal: deadline });
        } catch {
          throw new Error(
            `expected ${count} webhook requests within ${timeoutMs} ms, got ${received.length}`,
          );
        }
      }
      return received;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
