/**
 * /metrics on a port of its own (METRICS_PORT): a `--role worker` process has no
 * API server, yet it is where publishing happens and its figures are counted.
 * Plain node:http, answering /metrics and nothing else.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AppContext } from '../context.ts';

export interface MetricsServer {
  url: string;
  close(): Promise<void>;
}

export async function serveMetrics(ctx: AppContext, port: number, host: string): Promise<MetricsServer> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ success: false, message: 'Only GET /metrics is served on this port' }));
      return;
    }
    ctx.metrics.metrics().then(
      (text) => {
        res.writeHead(200, { 'content-type': ctx.metrics.contentType });
        res.end(text);
      },
      (err: Error) => {
        ctx.log.error({ err }, 'collecting metrics failed');
        res.writeHead(500, { 'content-type': 'text/plain' });
        res.end('collecting metrics failed\n');
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${bound}/metrics`,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
