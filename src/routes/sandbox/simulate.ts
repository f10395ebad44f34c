/**
 * Sandbox mode only: the simulator plays the public, so the inbox can be tried
 * before anyone real comments or writes (domain/sandbox/simulate.ts).
 */
import { Type } from 'typebox';
import { simulateComment, simulateMessage } from '../../domain/sandbox/simulate.ts';
import { defineRoute } from '../../http/route.ts';
import { withExample } from '../examples.ts';

const SANDBOX_ONLY =
  'Sandbox mode only: for an account whose platform runs on the simulator; any other account answers 409 and nothing is sent.';

export const simulateCommentRoute = defineRoute({
  method: 'POST',
  url: '/v1/sandbox/comments',
  access: 'publish',
  summary: 'Sandbox: have someone comment on one of the account’s published posts',
  description: `${SANDBOX_ONLY} The simulator adds the comment under \`postId\` (our post id; default: the account's most recently published post) as a Facebook Page, Instagram or Threads user would. It then arrives as a real one does: by the Meta webhook when the simulator has one registered, else by the engagement poll (comment.received), and GET /v1/comments lists it. Without \`text\` a sample comment is written. 400 for an account of another platform, 404 for an unknown account or post, 409 outside sandbox mode or without a published post, 502 when the simulator can not be reached.`,
  tags: ['comments'],
  body: Type.Object(
    {
      accountId: Type.String({ minLength: 1, maxLength: 200 }),
      postId: Type.Optional(
        Type.String({ minLength: 1, maxLength: 200, description: 'Our post id (post_…)' }),
      ),
      text: Type.Optional(Type.String({ maxLength: 2200 })),
    },
    { additionalProperties: false },
  ),
  response: {
    200: withExample(
      Type.Object({
        success: Type.Boolean(),
        commentId: Type.String({ description: 'The platform’s id of the comment' }),
        text: Type.String(),
        author: Type.Object({ id: Type.String(), name: Type.String() }),
        postId: Type.String(),
        platformPostId: Type.String(),
      }),
      {
        success: true,
        commentId: '17912345678901234',
        text: 'Where can I buy one?',
        author: { id: '17800000000000042', name: 'fan_1' },
        postId: 'post_0mhx2k9c4d7e8f9g0h1j2k3m4n',
        platformPostId: '17890000000000001',
      },
    ),
  },
  errors: [400, 404, 409, 502],
  handler: async ({ body, caller }, ctx) => ({
    success: true,
    ...(await simulateComment(ctx, caller, body)),
  }),
});

export const simulateMessageRoute = defineRoute({
  method: 'POST',
  url: '/v1/sandbox/messages',
  access: 'publish',
  summary: 'Sandbox: have someone send the Instagram account a direct message',
  description: `${SANDBOX_ONLY} The simulator delivers the message to the Instagram account's inbox from \`fromUsername\` (default \`sandbox_visitor\`; the same name writes into the same conversation). It then arrives as a real one does: by the Meta webhook when the simulator has one registered, else by the engagement poll (message.received), and GET /v1/messages lists the conversation; the account may answer it for 24 hours. Without \`text\` a sample message is written. 400 for an account of another platform, 404 for an unknown account, 409 outside sandbox mode, 502 when the simulator can not be reached.`,
  tags: ['messages'],
  body: Type.Object(
    {
      accountId: Type.String({ minLength: 1, maxLength: 200 }),
      text: Type.Optional(Type.String({ maxLength: 1000 })),
      fromUsername: Type.Optional(Type.String({ minLength: 1, maxLength: 30, pattern: '^[A-Za-z0-9._]+$' })),
    },
    { additionalProperties: false },
  ),
  response: {
    200: withExample(
      Type.Object({
        success: Type.Boolean(),
        conversationId: Type.String(),
        messageId: Type.String(),
        text: Type.String(),
        from: Type.Object({ id: Type.String(), username: Type.String() }),
      }),
      {
        success: true,
        conversationId: 'aWdfZAG12345678901234567890',
        messageId: 'aWdfZAG1faXRlbTo123456789012345678901234',
        text: 'Hi! Do you ship abroad?',
        from: { id: '17891234567890123', username: 'sandbox_visitor' },
      },
    ),
  },
  errors: [400, 404, 409, 502],
  handler: async ({ body, caller }, ctx) => ({
    success: true,
    ...(await simulateMessage(ctx, caller, body)),
  }),
});
