/**
 * One MCP tool per public route, read from the route table: its name from the
 * route (tool-names.ts), its description from the route's summary and
 * description, and its input schema from the very TypeBox schemas the route
 * validates with. A route added to src/routes is a tool without any change here.
 *
 * Arguments: path parameters, query parameters and body fields side by side in one
 * object. When a body field has the name of a path or query parameter, the whole
 * body goes under `body` instead, so no argument is ever ambiguous.
 */
import type { AnyRoute } from '../http/route.ts';
import { toolNameOf } from './tool-names.ts';

type JsonSchema = Record<string, unknown> & {
  properties?: Record<string, JsonSchema>;
  required?: string[];
};

export interface RouteTool {
  name: string;
  title: string;
  description: string;
  inputSchema: JsonSchema & { type: 'object' };
  annotations: { title: string; readOnlyHint: boolean; destructiveHint: boolean; idempotentHint: boolean };
  route: AnyRoute;
  /** The body is the `body` argument (a body field shares a parameter's name); else its fields are arguments. */
  bodyNested: boolean;
}

/**
 * Not tools: hidden routes (OAuth callbacks, media byte-serving, the signed upload
 * PUT, the API reference pages) and raw stream bodies, which an assistant's JSON
 * arguments can not carry. docs/mcp.md lists them.
 */
export function isToolRoute(route: AnyRoute): boolean {
  return route.hidden !== true && route.rawBody !== true;
}

/** A schema as plain JSON: TypeBox marks its schemas with symbol keys, which JSON leaves out. */
const plain = (schema: unknown): JsonSchema => JSON.parse(JSON.stringify(schema ?? {})) as JsonSchema;

/** A field with a default may be left out: validation fills the default in. */
function requiredOf(schema: JsonSchema): string[] {
  return (schema.required ?? []).filter((name) => !('default' in (schema.properties?.[name] ?? {})));
}

export function propertyNames(schema: unknown): string[] {
  return Object.keys((schema as JsonSchema | undefined)?.properties ?? {});
}

function inputSchemaOf(route: AnyRoute): { schema: RouteTool['inputSchema']; bodyNested: boolean } {
  const params = plain(route.params);
  const query = plain(route.query);
  const body = plain(route.body);
  const parameterNames = new Set([...propertyNames(params), ...propertyNames(query)]);
  const bodyNested = route.body !== undefined && propertyNames(body).some((n) => parameterNames.has(n));
  const properties: Record<string, JsonSchema> = { ...params.properties, ...query.properties };
  const required = [...requiredOf(params), ...requiredOf(query)];
  if (bodyNested) {
    properties.body = body;
    if (requiredOf(body).length > 0) required.push('body');
  } else if (route.body !== undefined) {
    Object.assign(properties, body.properties);
    required.push(...requiredOf(body));
  }
  return {
    schema: {
      type: 'object',
      properties,
      ...(required.length > 0 ? { required } : {}),
      additionalProperties: false,
    },
    bodyNested,
  };
}

export function routeToolOf(route: AnyRoute): RouteTool {
  const { schema, bodyNested } = inputSchemaOf(route);
  const path = route.url.replace(/:(\w+)/g, '{$1}');
  const title = route.summary;
  return {
    name: toolNameOf(route),
    title,
    description: [title, route.description, `(${route.method} ${path})`].filter(Boolean).join('\n\n'),
    inputSchema: schema,
    annotations: {
      title,
      readOnlyHint: route.method === 'GET',
      destructiveHint: route.method === 'DELETE',
      idempotentHint: route.method === 'GET' || route.method === 'PUT' || route.method === 'DELETE',
    },
    route,
    bodyNested,
  };
}

/** The tools of a route table; two routes whose tools would share a name are a mistake said at once. */
export function routeTools(routes: readonly AnyRoute[]): RouteTool[] {
  const tools = routes.filter(isToolRoute).map(routeToolOf);
  const seen = new Map<string, RouteTool>();
  for (const tool of tools) {
    const other = seen.get(tool.name);
    if (other)
      throw new Error(
        `MCP tool name ${tool.name} would serve both ${other.route.method} ${other.route.url} and ${tool.route.method} ${tool.route.url}: name one in src/mcp/tool-names.ts`,
      );
    seen.set(tool.name, tool);
  }
  return tools;
}
