import { Type } from 'typebox';
import { describeInvitation } from '../../domain/teams/invitations.ts';
import { defineRoute } from '../../http/route.ts';
import { withExample } from '../examples.ts';
import { viewerOf } from './cookie.ts';
import { RoleField, TokenParams } from './schemas.ts';

export default defineRoute({
  method: 'GET',
  url: '/v1/auth/invitations/:token',
  summary: 'What an invitation link is for',
  description:
    'The e-mail, project and role of an open invitation. The token is the part of the link after `#`. ' +
    'It never says whether the e-mail already has an account: only `signedIn`, whether this browser is signed in as the invited person (then accepting asks for nothing more).',
  tags: ['auth'],
  auth: false,
  readsSession: true,
  params: TokenParams,
  response: {
    200: withExample(
      Type.Object({
        success: Type.Boolean(),
        invitation: Type.Object({
          email: Type.String(),
          projectName: Type.String(),
          role: RoleField,
          signedIn: Type.Boolean({
            description: 'The request carries a session of the invited person: accepting needs no password.',
          }),
          expiresAt: Type.String({ format: 'date-time' }),
        }),
      }),
      {
        success: true,
        invitation: {
          email: 'ben@acme.example',
          projectName: 'default',
          role: 'contributor',
          signedIn: false,
          expiresAt: '2026-11-27T14:03:11.482Z',
        },
      },
    ),
  },
  errors: [404],
  handler: async ({ params, request }, ctx) => ({
    success: true,
    invitation: await describeInvitation(ctx, params.token, await viewerOf(ctx, request)),
  }),
});
