/**
 * An MCP server over this service's API, for AI assistants (docs/mcp.md): every
 * public route is a tool (route-tools.ts), plus upload_media for a file's bytes,
 * and the project's accounts and recent posts are resources. It is a client of
 * the HTTP API authenticated by one project key: over stdio the key comes from the
 * environment; over streamable HTTP each request brings its own (`x-access-key` or
 * `Authorization: Bearer`), so one server serves many projects.
 */
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ErrorCode,
  ListToolsRequestSchema,
  McpError,
} from '@modelcontextprotocol/sdk/types.js';
import { allRoutes } from '../routes/index.ts';
import type { ApiAccess } from './api-request.ts';
import { callRoute } from './call-route.ts';
import { registerResources } from './resources.ts';
import { type RouteTool, routeTools } from './route-tools.ts';
import { UPLOAD_TOOL, uploadMedia, uploadToolDefinition } from './upload-tool.ts';

export interface McpOptions extends ApiAccess {
  /**
   * upload_media may read a file of this machine by path: true over stdio, where
   * the server runs as the assistant's user; never over HTTP, which serves others.
   */
  localFiles?: boolean;
}

// The route table does not change while the process runs; the HTTP transport builds a server per request.
let tools: Map<string, RouteTool> | undefined;
function toolsByName(): Map<string, RouteTool> {
  tools ??= new Map(routeTools(allRoutes).map((t) => [t.name, t]));
  return tools;
}

export function createMcpServer(options: McpOptions): Server {
  const localFiles = options.localFiles === true;
  const access: ApiAccess = {
    apiUrl: options.apiUrl,
    accessKey: options.accessKey,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  };
  const server = new Server(
    { name: 'social-publishing', version: '1.0.0' },
    {
      capabilities: { tools: {}, resources: {} },
      instructions:
        'Publish posts to connected social accounts. Every API operation is a tool named after its route (get_comments is GET /v1/comments). Start with list_integrations (or the sps://integrations resource) for account ids, upload_media for a file, write_caption for a text, create_post to publish now, schedule, queue or save a draft, and get_post to read what happened per account.',
    },
  );
  const upload = uploadToolDefinition(localFiles);
  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: [
      ...[...toolsByName().values()].map(({ name, title, description, inputSchema, annotations }) => ({
        name,
        title,
        description,
        inputSchema,
        annotations,
      })),
      upload,
    ],
  }));
  server.setRequestHandler(CallToolRequestSchema, async (request) => {
    const { name, arguments: args = {} } = request.params;
    if (name === UPLOAD_TOOL) return uploadMedia(access, localFiles, args);
    const tool = toolsByName().get(name);
    if (!tool)
      throw new McpError(ErrorCode.InvalidParams, `Tool ${name} not found: tools/list names them all`);
    return callRoute(access, tool, args);
  });
  registerResources(server, access);
  return server;
}
