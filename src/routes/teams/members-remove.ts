import { removeMember } from '../../domain/teams/members.ts';
import { defineRoute } from '../../http/route.ts';
import { withExample } from '../examples.ts';
import { IdParams, SuccessMessage } from './schemas.ts';

export default defineRoute({
  method: 'DELETE',
  url: '/v1/members/:id',
  summary: 'Remove a member',
  description:
    'Their sessions in this project end at once, on every node within a second. Only an owner removes an owner; the last owner can not be removed (409).',
  tags: ['members'],
  access: 'manage',
  params: IdParams,
  response: { 200: withExample(SuccessMessage, { success: true, message: 'Member removed' }) },
  errors: [404, 409],
  handler: async ({ params, caller }, ctx) => {
    await removeMember(ctx, caller, params.id);
    return { success: true, message: 'Member removed' };
  },
});
