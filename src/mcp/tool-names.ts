/**
 * How a route's MCP tool is named. The rule: the HTTP method, then the path after
 * /v1 with each segment in snake_case and each path parameter by its name
 * (`DELETE /v1/comments/:commentId` is `delete_comments_comment_id`), so a new
 * route has its tool name the day it is added and a route keeps its name.
 *
 * The routes that were tools before every route was one keep the names assistants
 * already call (and that users have allowed by name in their assistant's settings).
 */

export const EARLIER_NAMES: Readonly<Record<string, string>> = {
  'GET /v1/connect/integrations': 'list_integrations',
  'POST /v1/posts': 'create_post',
  'GET /v1/posts': 'list_posts',
  'GET /v1/posts/:postId': 'get_post',
  'POST /v1/posts/:postId/retry': 'retry_post',
  'PATCH /v1/posts/:postId/published': 'edit_published_post',
  'POST /v1/posts/:postId/schedule': 'schedule_draft',
  'GET /v1/queue': 'get_queue',
  'PUT /v1/queue': 'set_queue',
  'GET /v1/series/:seriesId': 'get_series',
  'PATCH /v1/series/:seriesId': 'update_series',
  'POST /v1/media/upload': 'prepare_media_upload',
  'POST /v1/ai/write': 'write_caption',
};

/**
 * Argument names those tools took before they were generated from their routes,
 * still accepted: `targets` is the body's `platforms` (a post's accounts).
 */
export const EARLIER_ARGUMENTS: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  create_post: { targets: 'platforms' },
  edit_published_post: { targets: 'platforms' },
};

const snake = (segment: string): string =>
  segment
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[^A-Za-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '')
    .toLowerCase();

/** The tool name of a route (see the rule above). */
export function toolNameOf(route: { method: string; url: string }): string {
  const earlier = EARLIER_NAMES[`${route.method} ${route.url}`];
  if (earlier) return earlier;
  const segments = route.url
    .replace(/^\/v1\//, '')
    .split('/')
    .map(snake)
    .filter(Boolean);
  return [route.method.toLowerCase(), ...segments].join('_');
}
