import { Type } from 'typebox';
import { listInvitations } from '../../domain/teams/invitations.ts';
import { listMembers, withinScope } from '../../domain/teams/members.ts';
import { defineRoute } from '../../http/route.ts';
import { withExample } from '../examples.ts';
import { InvitationSchema, invitationExample, MemberSchema, memberExample } from './schemas.ts';

export default defineRoute({
  method: 'GET',
  url: '/v1/members',
  summary: 'List the members of the project',
  description: 'Members with their role and profile limit, and the invitations not accepted yet.',
  tags: ['members'],
  access: 'manage',
  response: {
    200: withExample(
      Type.Object({
        success: Type.Boolean(),
        members: Type.Array(MemberSchema),
        invitations: Type.Array(InvitationSchema),
      }),
      { success: true, members: [memberExample], invitations: [invitationExample] },
    ),
  },
  handler: async ({ caller }, ctx) => {
    // A caller limited to some profiles sees the people (and invitations) limited to some
    // of those profiles only: anyone wider acts for profiles it does not.
    const within = (p: { profileIds: readonly string[] | null }) => withinScope(caller, p.profileIds);
    return {
      success: true,
      members: (await listMembers(ctx, caller.projectId)).filter(within),
      invitations: (await listInvitations(ctx, caller.projectId)).filter(within),
    };
  },
});
