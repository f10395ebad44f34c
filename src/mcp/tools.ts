/**
 * The service's main operations as MCP tools, for AI assistants: list the
 * connected accounts, create or schedule a post, read a post's outcome, edit a
 * published post, list posts, prepare a media upload and write a caption. Each tool is one call of the HTTP API through the typed client, with the
 * project key the MCP server was given: the API's validation, limits and error
 * messages apply unchanged, and an error answer becomes a tool error whose text is
 * the API's message (it names what to fix).
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { ApiClient, CreatePostBody } from '../../client/index.ts';
import { PLATFORMS, type Platform } from '../facts/platforms.ts';

const platform = z.enum(PLATFORMS as unknown as [Platform, ...Platform[]]);
const STATUSES = ['draft', 'pending', 'scheduled', 'publishing', 'published', 'failed', 'partial'] as const;

/** What the API answered, as the tool's result. */
export function answer(res: { data?: unknown; error?: unknown; response: Response }): CallToolResult {
  if (res.error !== undefined || !res.response.ok) {
    const body = res.error as { message?: string; error?: string } | undefined;
    const message = body?.message ?? body?.error ?? `HTTP ${res.response.status}`;
    return { isError: true, content: [{ type: 'text', text: `${res.response.status}: ${message}` }] };
  }
  return {
    content: [{ type: 'text', text: JSON.stringify(res.data, null, 2) }],
    structuredContent: res.data as Record<string, unknown>,
  };
}

export function registerTools(server: McpServer, api: ApiClient): void {
  server.registerTool(
    'list_integrations',
    {
      title: 'List connected accounts',
      description:
        'The social accounts (integrations) connected to this project. Use an integration `id` as `accountId` when creating a post.',
      inputSchema: {
        platform: platform.optional().describe('Only accounts of this platform.'),
        profileId: z
          .string()
          .optional()
          .describe('Only accounts of this profile ("null": without a profile).'),
        q: z.string().optional().describe('Search in display name, username and platform user id.'),
        limit: z.number().int().min(1).max(100).optional().describe('Page size, default 20.'),
        offset: z.number().int().min(0).optional(),
      },
      annotations: { readOnlyHint: true },
    },
    async (args) => answer(await api.GET('/v1/connect/integrations', { params: { query: args } })),
  );

  server.registerTool(
    'create_post',
    {
      title: 'Create or schedule a post',
      description:
        'Publishes one text (and optional media) to one or more connected accounts, now (publishNow: true), at scheduledFor, or in the next posting-queue slot (queue: true); or saves it as a draft (draft: true, free). 1 credit per target. Answers the postId and a first result per target; read the final outcome with get_post.',
      inputSchema: {
        content: z.string().describe('The post text (each target may override it).'),
        targets: z
          .array(
            z.object({
              platform,
              accountId: z.string().describe('An integration id from list_integrations.'),
              content: z.string().optional().describe('Text for this account only.'),
              platformSpecificData: z
                .record(z.string(), z.unknown())
                .optional()
                .describe('Platform options, e.g. {"boardId": "..."} for Pinterest (see the API reference).'),
            }),
          )
          .min(1),
        mediaItems: z
          .array(
            z.object({
              type: z.enum(['image', 'video', 'gif', 'document']),
              url: z.string().describe('Public URL of the file.'),
              thumbnail: z.string().optional(),
            }),
          )
          .optional(),
        firstComment: z
          .string()
          .min(1)
          .optional()
          .describe(
            'A comment posted under each post once it is live (a reply on X, Bluesky and Threads); TikTok, Pinterest and Google Business skip it. If it fails, the post stays published with a warning.',
          ),
        publishNow: z
          .boolean()
          .optional()
          .describe('Publish at once. Give exactly one of publishNow, scheduledFor, queue or draft.'),
        scheduledFor: z.string().optional().describe('ISO 8601 date-time in the future.'),
        timezone: z.string().optional().describe('IANA time zone for a scheduledFor without offset.'),
        queue: z
          .boolean()
          .optional()
          .describe("Take the next free slot of the accounts' posting queue (see get_queue)."),
        draft: z
          .boolean()
          .optional()
          .describe(
            'Save a draft: nothing is published or charged; the answer lists what to fix before scheduling.',
          ),
        recurrence: z
          .object({
            every: z.number().int().min(1).max(366),
            unit: z.enum(['day', 'week', 'month']),
            until: z.string().optional().describe('YYYY-MM-DD or a date-time: no occurrence after it.'),
            count: z.number().int().min(1).max(1000).optional().describe('Occurrences in all.'),
          })
          .optional()
          .describe('Repeat the post; each occurrence is created when the one before it has finished.'),
        variants: z
          .array(z.string())
          .optional()
          .describe(
            'Alternative texts for a recurring post, used in turn (platforms refuse the same text twice).',
          ),
      },
    },
    async ({ targets, ...rest }) =>
      answer(
        // platformSpecificData is free-form here; the API checks it against the target's platform.
        await api.POST('/v1/posts', { body: { ...rest, platforms: targets as CreatePostBody['platforms'] } }),
      ),
  );

  server.registerTool(
    'get_post',
    {
      title: "Read a post's outcome",
      description:
        'The post with its overall status (scheduled, publishing, published, partial, failed, ...) and, per account, the status, the published URL or the error message.',
      inputSchema: { postId: z.string().min(1) },
      annotations: { readOnlyHint: true },
    },
    async ({ postId }) => answer(await api.GET('/v1/posts/{postId}', { params: { path: { postId } } })),
  );

  server.registerTool(
    'retry_post',
    {
      title: "Retry a post's failed accounts",
      description:
        'Publishes the failed targets of a post again, each on its own (all failed ones, or those of integrationIds). An account that needs reconnecting is reported, not retried. 1 credit per retried target, refunded if it fails again.',
      inputSchema: {
        postId: z.string().min(1),
        integrationIds: z.array(z.string()).min(1).optional().describe('Only these accounts of the post.'),
      },
    },
    async ({ postId, integrationIds }) =>
      answer(
        await api.POST('/v1/posts/{postId}/retry', {
          params: { path: { postId } },
          body: integrationIds ? { integrationIds } : {},
        }),
      ),
  );

  server.registerTool(
    'edit_published_post',
    {
      title: 'Edit a published post',
      description:
        'Changes the text (for every account, or per account) and some options of a post that is already live, on the platforms whose API can edit a live post: Facebook, LinkedIn, YouTube (title, description, tags), Pinterest (description, title, link, alt text), Google Business Profile (text, call to action). X, Bluesky, Threads, TikTok and Instagram answer not_editable and nothing is sent there. 1 credit per platform edited, refunded when the edit fails. The edits run in the background: read the result with get_post (each account shows its new text and an `edit` status).',
      inputSchema: {
        postId: z.string().min(1),
        content: z.string().optional().describe('New text for every account without text of its own.'),
        targets: z
          .array(
            z.object({
              platform,
              accountId: z.string().describe('An integration id the post was published to.'),
              content: z.string().optional().describe('New text for this account only.'),
              platformSpecificData: z
                .record(z.string(), z.unknown())
                .optional()
                .describe('Options to change, e.g. {"title": "..."} for YouTube or Pinterest.'),
            }),
          )
          .optional(),
      },
    },
    async ({ postId, targets, content }) =>
      answer(
        await api.PATCH('/v1/posts/{postId}/published', {
          params: { path: { postId } },
          body: {
            ...(content !== undefined ? { content } : {}),
            ...(targets ? { platforms: targets as CreatePostBody['platforms'] } : {}),
          },
        }),
      ),
  );

  server.registerTool(
    'list_posts',
    {
      title: 'List posts',
      description: 'Posts of this project, newest first, optionally filtered by status or platform.',
      inputSchema: {
        status: z.enum(STATUSES).optional(),
        platform: platform.optional(),
        limit: z.number().int().min(1).max(100).optional().describe('Page size, default 20.'),
        offset: z.number().int().min(0).optional(),
      },
      annotations: { readOnlyHint: true },
    },
    async ({ platform: only, ...rest }) =>
      answer(
        await api.GET('/v1/posts', {
          params: { query: { ...rest, ...(only ? { platform: [only] } : {}) } },
        }),
      ),
  );

  server.registerTool(
    'prepare_media_upload',
    {
      title: 'Prepare a media upload',
      description:
        'Answers a short-lived, single-use uploadUrl and the publicUrl to use in create_post mediaItems. Send the file as the body of an HTTP PUT to uploadUrl with its Content-Type (no key needed: the URL is the credential). warnings name platforms that will refuse such a file.',
      inputSchema: {
        filename: z.string().min(1).describe('The file name, e.g. launch.jpg.'),
        mimeType: z.string().min(1).describe('Its type, e.g. image/jpeg or video/mp4.'),
        size: z
          .number()
          .int()
          .min(1)
          .optional()
          .describe('Exact size in bytes; the upload must then have it.'),
      },
    },
    async (args) => answer(await api.POST('/v1/media/upload', { body: args })),
  );

  server.registerTool(
    'write_caption',
    {
      title: 'Write a caption',
      description:
        'Writes a post text from a description that fits the strictest limit of the given platforms, as publishing counts it. Costs 2 credits, charged only when a caption is returned.',
      inputSchema: {
        description: z.string().min(1).describe('What the post is about.'),
        platforms: z.array(platform).optional().describe('The platforms the caption must fit.'),
        existingContent: z.string().optional().describe('A draft to improve instead of starting afresh.'),
      },
    },
    async (args) => answer(await api.POST('/v1/ai/write', { body: args })),
  );
}
