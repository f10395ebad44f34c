/**
 * An MCP server over this service's API, for AI assistants (docs/mcp.md). It is
 * a client of the HTTP API authenticated by one project key: over stdio the key
 * comes from the environment; over streamable HTTP each request brings its own
 * (`x-access-key` or `Authorization: Bearer`), so one server serves many projects.
 */
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { createApiClient } from '../../client/index.ts';
import { registerPlanningTools } from './planning-tools.ts';
import { registerTools } from './tools.ts';

export interface McpOptions {
  /** Where the API answers, e.g. http://127.0.0.1:3000. */
  apiUrl: string;
  accessKey: string;
  fetch?: typeof globalThis.fetch;
}

export function createMcpServer(options: McpOptions): McpServer {
  const server = new McpServer(
    { name: 'social-publishing', version: '1.0.0' },
    {
      instructions:
        'Publish posts to connected social accounts. Call list_integrations for account ids, create_post to publish now, schedule, queue or save a draft, get_post to read what happened per account.',
    },
  );
  const api = createApiClient({
    baseUrl: options.apiUrl,
    accessKey: options.accessKey,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  registerTools(server, api);
  registerPlanningTools(server, api);
  return server;
}
