import { Type } from 'typebox';
import { describeInvitation } from '../../domain/teams/invitations.ts';
import { defineRoute } from '../../http/route.ts';
import { withExample } from '../examples.ts';
import { RoleField, TokenParams } from './schemas.ts';

export default defineRoute({
  method: 'GET',
  url: '/v1/auth/invitations/:token',
  summary: 'What an invitation link is for',
  description:
    'The e-mail, project and role of an open invitation, and whether the person already has a password (then they confirm it instead of choosing one). The token is the part of the link after `#`.',
  tags: ['auth'],
  auth: false,
  params: TokenParams,
  response: {
    200: withExample(
      Type.Object({
        success: Type.Boolean(),
        invitation: Type.Object({
          email: Type.String(),
          projectName: Type.String(),
          role: RoleField,
          hasPassword: Type.Boolean(),
          expiresAt: Type.String({ format: 'date-time' }),
        }),
      }),
      {
        success: true,
        invitation: {
          email: 'ben@acme.example',
          projectName: 'default',
          role: 'contributor',
          hasPassword: false,
          expiresAt: '2026-11-27T14:03:11.482Z',
        },
      },
    ),
  },
  errors: [404],
  handler: async ({ params }, ctx) => ({
    success: true,
    invitation: await describeInvitation(ctx, params.token),
  }),
});
