/**
 * The MCP server over streamable HTTP (POST /mcp). Stateless: every request gets
 * a server bound to the key it carries, so nothing of one project is kept for
 * another. A request without a key is 401 before any MCP work.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { createMcpServer } from './server.ts';

function keyOf(req: IncomingMessage): string | undefined {
  const direct = req.headers['x-access-key'];
  if (typeof direct === 'string' && direct) return direct;
  const bearer = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
  return bearer?.[1];
}

function refuse(res: ServerResponse, status: number, message: string): void {
  res
    .writeHead(status, { 'content-type': 'application/json' })
    .end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32000, message }, id: null }));
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > 1024 * 1024) throw new Error('body too large');
    chunks.push(chunk as Buffer);
  }
  return JSON.parse(Buffer.concat(chunks).toString('utf8'));
}

export async function startMcpHttp(options: {
  apiUrl: string;
  host: string;
  port: number;
}): Promise<{ url: string; server: Server }> {
  const server = createServer(async (req, res) => {
    if ((req.url ?? '').split('?')[0] !== '/mcp')
      return refuse(res, 404, 'Not found: the MCP endpoint is /mcp');
    if (req.method !== 'POST')
      return refuse(res, 405, 'Method not allowed: this stateless endpoint takes POST');
    const accessKey = keyOf(req);
    if (!accessKey)
      return refuse(res, 401, 'Missing project key: send x-access-key or Authorization: Bearer');
    let body: unknown;
    try {
      body = await readJson(req);
    } catch {
      return refuse(res, 400, 'Body must be JSON-RPC in JSON (at most 1 MB)');
    }
    const mcp = createMcpServer({ apiUrl: options.apiUrl, accessKey });
    const transport = new StreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      enableJsonResponse: true,
    });
    res.on('close', () => {
      void transport.close();
      void mcp.close();
    });
    await mcp.connect(transport);
    await transport.handleRequest(req, res, body);
  });
  await new Promise<void>((r) => server.listen(options.port, options.host, r));
  const address = server.address() as { port: number };
  return { url: `http://${options.host}:${address.port}/mcp`, server };
}
