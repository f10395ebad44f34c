import { listInvitations, revokeInvitation } from '../../domain/teams/invitations.ts';
import { withinScope } from '../../domain/teams/members.ts';
import { AppError } from '../../errors.ts';
import { defineRoute } from '../../http/route.ts';
import { withExample } from '../examples.ts';
import { IdParams, SuccessMessage } from './schemas.ts';

export default defineRoute({
  method: 'DELETE',
  url: '/v1/members/invitations/:id',
  summary: 'Withdraw an invitation',
  description: 'Its link stops working.',
  tags: ['members'],
  access: 'manage',
  params: IdParams,
  response: { 200: withExample(SuccessMessage, { success: true, message: 'Invitation withdrawn' }) },
  errors: [404],
  handler: async ({ params, caller }, ctx) => {
    // A caller limited to some profiles reaches only invitations within them; others are answered as missing.
    if (caller.profileIds !== null) {
      const open = await listInvitations(ctx, caller.projectId);
      const found = open.find((i) => i.id === params.id);
      if (found && !withinScope(caller, found.profileIds))
        throw new AppError('not_found', 'Invitation not found');
    }
    await revokeInvitation(ctx, caller.projectId, params.id);
    return { success: true, message: 'Invitation withdrawn' };
  },
});
