/**
 * Planning as MCP tools: schedule a draft, read and set a posting queue and its
 * next free slots, read and manage a recurring series. Each is one API call, as
 * in tools.ts.
 */
import type { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { z } from 'zod';
import type { ApiClient } from '../../client/index.ts';
import { answer } from './tools.ts';

const profileId = z
  .string()
  .optional()
  .describe(
    "The profile whose queue this is; omit for the project's own queue (accounts without a profile).",
  );

export function registerPlanningTools(server: McpServer, api: ApiClient): void {
  server.registerTool(
    'schedule_draft',
    {
      title: 'Schedule a draft',
      description:
        'Publishes a draft now (publishNow: true), at scheduledFor, or in the next posting-queue slot (queue: true). Every check runs now and 1 credit per target is charged now.',
      inputSchema: {
        postId: z.string().min(1),
        publishNow: z.boolean().optional(),
        scheduledFor: z.string().optional().describe('ISO 8601 date-time in the future.'),
        timezone: z.string().optional(),
        queue: z.boolean().optional(),
      },
    },
    async ({ postId, ...body }) =>
      answer(await api.POST('/v1/posts/{postId}/schedule', { params: { path: { postId } }, body })),
  );

  server.registerTool(
    'get_queue',
    {
      title: 'Read a posting queue',
      description:
        'The weekly time slots of a posting queue and its next free slots (the first is the one queue: true takes now).',
      inputSchema: {
        profileId,
        count: z.number().int().min(1).max(100).optional().describe('Free slots to list, default 10.'),
      },
      annotations: { readOnlyHint: true },
    },
    async ({ profileId: id, count }) => {
      const query = id ? { profileId: id } : {};
      const queue = await api.GET('/v1/queue', { params: { query } });
      if (queue.error !== undefined || !queue.response.ok) return answer(queue);
      const free = await api.GET('/v1/queue/slots', {
        params: { query: { ...query, ...(count ? { count } : {}) } },
      });
      if (free.error !== undefined || !free.response.ok) return answer(free);
      return answer({ data: { ...queue.data, freeSlots: free.data?.slots ?? [] }, response: free.response });
    },
  );

  server.registerTool(
    'set_queue',
    {
      title: 'Set a posting queue',
      description:
        "Replaces a queue's weekly slots (weekday and HH:MM local time in timezone). Posts already queued keep their times.",
      inputSchema: {
        profileId,
        timezone: z.string().min(1).describe('IANA time zone, e.g. Europe/Paris.'),
        slots: z.array(
          z.object({
            day: z.enum(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday']),
            time: z.string().describe('HH:MM, 24-hour.'),
          }),
        ),
        paused: z.boolean().optional(),
      },
    },
    async ({ profileId: id, ...body }) =>
      answer(await api.PUT('/v1/queue', { params: { query: id ? { profileId: id } : {} }, body })),
  );

  server.registerTool(
    'get_series',
    {
      title: 'Read a recurring series',
      description: 'Its rule, texts, state, every occurrence so far (each a post) and when the next is due.',
      inputSchema: { seriesId: z.string().min(1) },
      annotations: { readOnlyHint: true },
    },
    async ({ seriesId }) =>
      answer(await api.GET('/v1/series/{seriesId}', { params: { path: { seriesId } } })),
  );

  server.registerTool(
    'update_series',
    {
      title: 'Pause, resume or end a recurring series',
      description:
        'paused: true stops new occurrences; paused: false resumes; end: true ends the series (its waiting occurrence is cancelled and refunded).',
      inputSchema: {
        seriesId: z.string().min(1),
        paused: z.boolean().optional(),
        end: z.boolean().optional(),
      },
    },
    async ({ seriesId, paused, end }) => {
      const path = { params: { path: { seriesId } } };
      if (end) return answer(await api.DELETE('/v1/series/{seriesId}', path));
      return answer(
        await api.PATCH('/v1/series/{seriesId}', { ...path, body: paused === undefined ? {} : { paused } }),
      );
    },
  );
}
