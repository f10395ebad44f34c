/**
 * A route's tool called: its arguments sorted back into path, query and body
 * (route-tools.ts says how they were put side by side), the route called over the
 * HTTP API, and the API's JSON answer returned. An error answer is a tool error
 * whose text is `<status>: <the API's message>`.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { type ApiAccess, type ApiAnswer, apiRequest } from './api-request.ts';
import { propertyNames, type RouteTool } from './route-tools.ts';
import { EARLIER_ARGUMENTS } from './tool-names.ts';

/** The API's answer as a tool result: the JSON as text, and as structured content when it is an object. */
export function toolResult(answer: ApiAnswer): CallToolResult {
  if (!answer.ok)
    return { isError: true, content: [{ type: 'text', text: `${answer.status}: ${answer.message}` }] };
  const { data } = answer;
  const isObject = data !== null && typeof data === 'object' && !Array.isArray(data);
  return {
    content: [{ type: 'text', text: typeof data === 'string' ? data : JSON.stringify(data, null, 2) }],
    ...(isObject ? { structuredContent: data as Record<string, unknown> } : {}),
  };
}

const refused = (message: string): CallToolResult => ({
  isError: true,
  content: [{ type: 'text', text: `400: ${message}` }],
});

/** Earlier argument names of this tool, under their names of today (given ones win). */
function withTodaysNames(tool: string, args: Record<string, unknown>): Record<string, unknown> {
  const renames = EARLIER_ARGUMENTS[tool];
  if (!renames) return args;
  const out = { ...args };
  for (const [earlier, today] of Object.entries(renames)) {
    if (!(earlier in out)) continue;
    if (!(today in out)) out[today] = out[earlier];
    delete out[earlier];
  }
  return out;
}

export async function callRoute(
  access: ApiAccess,
  tool: RouteTool,
  given: Record<string, unknown>,
): Promise<CallToolResult> {
  const { route } = tool;
  const args = withTodaysNames(tool.name, given);
  const pathNames = new Set(propertyNames(route.params));
  const queryNames = new Set(propertyNames(route.query));
  let path = route.url;
  for (const name of pathNames) {
    const value = args[name];
    if (value === undefined || value === null || value === '') return refused(`${name} is required`);
    path = path.replace(`:${name}`, encodeURIComponent(String(value)));
  }
  // Refused here rather than sent: a route without a query schema would pass over them in silence.
  const takes = tool.inputSchema.properties ?? {};
  const unknown = Object.keys(args).filter((name) => !Object.hasOwn(takes, name));
  if (unknown.length > 0)
    return refused(
      `${unknown.join(', ')}: not ${unknown.length === 1 ? 'an argument' : 'arguments'} of ${tool.name}; it takes ${Object.keys(takes).join(', ') || 'none'}`,
    );
  const query: Record<string, unknown> = {};
  const body: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(args)) {
    if (pathNames.has(name) || (tool.bodyNested && name === 'body')) continue;
    if (queryNames.has(name)) query[name] = value;
    else body[name] = value;
  }
  const sent = route.body === undefined ? undefined : tool.bodyNested ? (args.body ?? {}) : body;
  return toolResult(await apiRequest(access, route.method, path, { query, body: sent }));
}
