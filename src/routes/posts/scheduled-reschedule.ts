import { Type } from 'typebox';
import { MAX_SCHEDULE_AHEAD_YEARS } from '../../domain/posts/schedule.ts';
import { reschedulePost } from '../../domain/posts/scheduled.ts';
import { defineRoute } from '../../http/route.ts';
import { withExample } from '../examples.ts';
import { PostIdParams } from './schemas.ts';

export default defineRoute({
  method: 'PATCH',
  url: '/v1/posts/scheduled/:postId',
  access: 'publish',
  summary: 'Reschedule a scheduled post',
  description: `\`scheduledFor\` without an offset is read in \`timezone\` (the post’s own when omitted). It must be in the future, and at most ${MAX_SCHEDULE_AHEAD_YEARS} years ahead.`,
  tags: ['posts'],
  params: PostIdParams,
  body: Type.Object(
    {
      scheduledFor: Type.String({ minLength: 1, maxLength: 64 }),
      timezone: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    },
    { additionalProperties: false },
  ),
  response: {
    200: withExample(
      Type.Object({
        success: Type.Boolean(),
        message: Type.String(),
        scheduledFor: Type.String({ format: 'date-time' }),
      }),
      {
        success: true,
        message: 'Post rescheduled for 2026-12-01T08:00:00.000Z',
        scheduledFor: '2026-12-01T08:00:00.000Z',
      },
    ),
  },
  errors: [404, 409, 503],
  handler: async ({ params, body, caller }, ctx) => {
    const scheduledFor = await reschedulePost(ctx, caller, params.postId, body);
    return { success: true, message: `Post rescheduled for ${scheduledFor}`, scheduledFor };
  },
});
