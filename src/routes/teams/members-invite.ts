import { Type } from 'typebox';
import { inviteMember } from '../../domain/teams/invitations.ts';
import { defineRoute } from '../../http/route.ts';
import { withExample } from '../examples.ts';
import { EmailField, InvitationSchema, invitationExample, ProfileIdsField, RoleField } from './schemas.ts';

export default defineRoute({
  method: 'POST',
  url: '/v1/members',
  summary: 'Invite a member',
  description:
    'Makes a one-time invitation link for the e-mail, role and profile limit, answered here (to copy) and e-mailed when the service can send mail (SMTP_URL) unless `sendEmail` is false. ' +
    'A new invitation for the same e-mail replaces the open one. Only an owner may invite an owner; a caller limited to profiles invites only within them.',
  tags: ['members'],
  access: 'manage',
  body: Type.Object(
    {
      email: EmailField,
      role: RoleField,
      profileIds: Type.Optional(ProfileIdsField),
      sendEmail: Type.Optional(Type.Boolean({ default: true })),
    },
    { additionalProperties: false },
  ),
  response: {
    201: withExample(
      Type.Object({
        success: Type.Boolean(),
        invitation: InvitationSchema,
        link: Type.String({ description: 'The invitation link; it works once, until expiresAt.' }),
        emailed: Type.Boolean(),
      }),
      {
        success: true,
        invitation: invitationExample,
        link: 'https://publish.acme.example/invitation#spt_Q2xpZW50IGludml0YXRpb24gbGluayBleGFtcGxl',
        emailed: true,
      },
    ),
  },
  errors: [404, 409],
  handler: async ({ body, caller }, ctx) => ({ success: true, ...(await inviteMember(ctx, caller, body)) }),
});
