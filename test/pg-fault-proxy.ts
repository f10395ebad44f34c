/**
 * A TCP proxy on loopback in front of PostgreSQL that fails the way networks and
 * servers do, for outage drills: `pass` forwards; `stall` keeps every connection
 * open and forwards nothing more in either direction until `pass` again (a path
 * that drops packets without a reset, or a server that stopped answering); `reset` cuts every
 * connection and resets new ones at once; `reject` answers each new connection's
 * startup with a PostgreSQL ErrorResponse of the given SQLSTATE and message, as a
 * server that is starting up, shutting down, in recovery or out of connection
 * slots does (existing connections are cut, as such a server cuts them).
 */
import { createServer, type Server, Socket } from 'node:net';

export type ProxyMode = 'pass' | 'stall' | 'reset' | { reject: { code: string; message: string } };

export interface PgFaultProxy {
  port: number;
  /** Switches every connection, open and new, to `mode`. */
  set(mode: ProxyMode): void;
  close(): Promise<void>;
}

interface Pair {
  client: Socket;
  server: Socket | null;
  /** What each side sent while the path stalled, delivered when it heals. */
  held: { up: Buffer[]; down: Buffer[] };
}

/** The ErrorResponse a server sends instead of AuthenticationOk: FATAL, with code and message. */
function errorResponse(code: string, message: string): Buffer {
  const fields = Buffer.concat([
    Buffer.from(`SFATAL\0VFATAL\0C${code}\0M${message}\0`, 'utf8'),
    Buffer.from([0]),
  ]);
  const head = Buffer.alloc(5);
  head.write('E', 0, 'ascii');
  head.writeInt32BE(fields.length + 4, 1);
  return Buffer.concat([head, fields]);
}

export async function startPgFaultProxy(target: { host: string; port: number }): Promise<PgFaultProxy> {
  let mode: ProxyMode = 'pass';
  const pairs = new Set<Pair>();
  const cut = (pair: Pair) => {
    pair.client.resetAndDestroy();
    pair.server?.destroy();
    pairs.delete(pair);
  };

  const server: Server = createServer((client) => {
    const pair: Pair = { client, server: null, held: { up: [], down: [] } };
    pairs.add(pair);
    client.on('error', () => {});
    client.on('close', () => {
      pair.server?.destroy();
      pairs.delete(pair);
    });
    if (mode === 'reset') return cut(pair);
    if (typeof mode === 'object') {
      const { code, message } = mode.reject;
      // The first message is the startup packet (or an SSLRequest, answered "no TLS" first).
      client.once('data', function onStartup(chunk: Buffer) {
        if (chunk.length === 8 && chunk.readInt32BE(4) === 80877103) {
          client.write('N');
          client.once('data', onStartup);
          return;
        }
        client.end(errorResponse(code, message));
      });
      return;
    }
    const upstream = new Socket();
    pair.server = upstream;
    upstream.on('error', () => cut(pair));
    upstream.on('close', () => cut(pair));
    upstream.connect(target.port, target.host);
    // A stalled path delivers nothing either way: what is sent waits, as it waits for
    // retransmission on a real path, and arrives when the path heals.
    client.on('data', (d: Buffer) => (mode === 'stall' ? pair.held.up.push(d) : upstream.write(d)));
    upstream.on('data', (d: Buffer) => (mode === 'stall' ? pair.held.down.push(d) : client.write(d)));
  });
  const deliverHeld = (pair: Pair) => {
    for (const d of pair.held.up.splice(0)) pair.server?.write(d);
    for (const d of pair.held.down.splice(0)) pair.client.write(d);
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return {
    port,
    set(next) {
      mode = next;
      for (const pair of [...pairs]) {
        if (next === 'pass') deliverHeld(pair);
        else if (next !== 'stall') cut(pair);
      }
    },
    async close() {
      for (const pair of [...pairs]) cut(pair);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
