import { revokeInvitation } from '../../domain/teams/invitations.ts';
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
    await revokeInvitation(ctx, caller.projectId, params.id);
    return { success: true, message: 'Invitation withdrawn' };
  },
});
