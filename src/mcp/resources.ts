/**
 * The project's connected accounts and recent posts as MCP resources, for an
 * assistant to read as context without calling a tool: sps://integrations,
 * sps://posts/recent, and each one as sps://integrations/{id} and sps://posts/{postId}.
 * Each read is a GET of the HTTP API with the server's project key.
 */
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  ListResourcesRequestSchema,
  ListResourceTemplatesRequestSchema,
  McpError,
  ReadResourceRequestSchema,
  type Resource,
} from '@modelcontextprotocol/sdk/types.js';
import { type ApiAccess, apiRequest } from './api-request.ts';

/** JSON-RPC error code of an unknown resource (MCP specification, Resources). */
const RESOURCE_NOT_FOUND = -32002;
/** How many posts sps://posts/recent holds (the API's largest page). */
export const RECENT_POSTS = 20;
const JSON_TYPE = 'application/json';

const FIXED: Resource[] = [
  {
    uri: 'sps://integrations',
    name: 'integrations',
    title: 'Connected accounts',
    description:
      'The social accounts connected to this project (their ids are the accountId of a post target).',
    mimeType: JSON_TYPE,
  },
  {
    uri: 'sps://posts/recent',
    name: 'recent-posts',
    title: 'Recent posts',
    description: `The ${RECENT_POSTS} newest posts of this project with their status per account.`,
    mimeType: JSON_TYPE,
  },
];

/** The API path a resource URI reads, or null for a URI that is none of ours. */
function pathOf(uri: string): { path: string; query?: Record<string, unknown> } | null {
  if (uri === 'sps://integrations') return { path: '/v1/connect/integrations', query: { limit: 100 } };
  if (uri === 'sps://posts/recent') return { path: '/v1/posts', query: { limit: RECENT_POSTS } };
  const one = /^sps:\/\/(integrations|posts)\/([^/?#]+)$/.exec(uri);
  if (!one?.[2]) return null;
  const id = encodeURIComponent(decodeURIComponent(one[2]));
  return { path: one[1] === 'integrations' ? `/v1/connect/integrations/${id}` : `/v1/posts/${id}` };
}

async function read(access: ApiAccess, uri: string): Promise<unknown> {
  const target = pathOf(uri);
  if (!target)
    throw new McpError(
      RESOURCE_NOT_FOUND,
      `No resource ${uri}: read sps://integrations, sps://posts/recent, sps://integrations/{id} or sps://posts/{postId}`,
    );
  const answer = await apiRequest(access, 'GET', target.path, { query: target.query });
  if (answer.ok) return answer.data;
  throw new McpError(
    answer.status === 404 ? RESOURCE_NOT_FOUND : -32603,
    `${answer.status}: ${answer.message}`,
  );
}

/** Each account and recent post as a resource of its own, when the API answers (else just the lists). */
async function itemsOf(access: ApiAccess): Promise<Resource[]> {
  const [integrations, posts] = await Promise.all([
    apiRequest(access, 'GET', '/v1/connect/integrations', { query: { limit: 100 } }),
    apiRequest(access, 'GET', '/v1/posts', { query: { limit: RECENT_POSTS } }),
  ]);
  const items: Resource[] = [];
  if (integrations.ok)
    for (const i of (integrations.data as { integrations?: Record<string, string>[] }).integrations ?? [])
      items.push({
        uri: `sps://integrations/${encodeURIComponent(String(i.id))}`,
        name: `integration-${i.id}`,
        title: `${i.platform}: ${i.displayName ?? i.username ?? i.id}`,
        mimeType: JSON_TYPE,
      });
  if (posts.ok)
    for (const p of (posts.data as { posts?: Record<string, string>[] }).posts ?? [])
      items.push({
        uri: `sps://posts/${encodeURIComponent(String(p.postId))}`,
        name: `post-${p.postId}`,
        title: `Post ${p.postId} (${p.status})`,
        mimeType: JSON_TYPE,
      });
  return items;
}

export function registerResources(server: Server, access: ApiAccess): void {
  server.setRequestHandler(ListResourcesRequestSchema, async () => ({
    resources: [...FIXED, ...(await itemsOf(access))],
  }));
  server.setRequestHandler(ListResourceTemplatesRequestSchema, async () => ({
    resourceTemplates: [
      {
        uriTemplate: 'sps://integrations/{id}',
        name: 'integration',
        title: 'A connected account',
        mimeType: JSON_TYPE,
      },
      {
        uriTemplate: 'sps://posts/{postId}',
        name: 'post',
        title: 'A post and its outcome per account',
        mimeType: JSON_TYPE,
      },
    ],
  }));
  server.setRequestHandler(ReadResourceRequestSchema, async (request) => {
    const { uri } = request.params;
    const data = await read(access, uri);
    return { contents: [{ uri, mimeType: JSON_TYPE, text: JSON.stringify(data, null, 2) }] };
  });
}
