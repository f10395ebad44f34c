/**
 * `npm run mcp`: the MCP server for AI assistants (docs/mcp.md).
 *   mcp                     stdio; the key from ACCESS_KEY, the API from API_URL
 *   mcp --http [--port N]   streamable HTTP at http://127.0.0.1:N/mcp; each request sends its key
 */

import type { Command } from 'commander';

export function registerMcpCommand(program: Command): void {
  program
    .command('mcp')
    .description('Serve the API as MCP tools for AI assistants (stdio, or streamable HTTP with --http)')
    .option('--http', 'serve streamable HTTP instead of stdio')
    .option('--port <port>', 'port for --http', '3100')
    .option('--host <host>', 'address for --http', '127.0.0.1')
    .option('--api <url>', 'where the API answers (default API_URL or http://127.0.0.1:3000)')
    .action(async (o: { http?: boolean; port: string; host: string; api?: string }) => {
      const apiUrl = o.api ?? process.env.API_URL ?? 'http://127.0.0.1:3000';
      if (o.http) {
        const { startMcpHttp } = await import('../mcp/http.ts');
        const { url } = await startMcpHttp({ apiUrl, host: o.host, port: Number(o.port) });
        process.stderr.write(`MCP over streamable HTTP at ${url} (send x-access-key); API at ${apiUrl}\n`);
        return;
      }
      const accessKey = process.env.ACCESS_KEY;
      if (!accessKey) {
        process.stderr.write('Set ACCESS_KEY to the project key the tools act with.\n');
        process.exit(2);
      }
      const [{ StdioServerTransport }, { createMcpServer }] = await Promise.all([
        import('@modelcontextprotocol/sdk/server/stdio.js'),
        import('../mcp/server.ts'),
      ]);
      // stdout carries the protocol: nothing else may be written to it.
      await createMcpServer({ apiUrl, accessKey, localFiles: true }).connect(new StdioServerTransport());
    });
}
