import { endSession } from '../../domain/teams/sessions.ts';
import { defineRoute } from '../../http/route.ts';
import { withExample } from '../examples.ts';
import { setSession, tokenOf } from './cookie.ts';
import { SuccessMessage } from './schemas.ts';

export default defineRoute({
  method: 'POST',
  url: '/v1/auth/sign-out',
  summary: 'Sign out of this session',
  description:
    'Ends the session of the cookie and clears the cookie. With an access key (or no session) it changes nothing.',
  tags: ['auth'],
  auth: 'optional',
  access: 'read',
  response: { 200: withExample(SuccessMessage, { success: true, message: 'Signed out' }) },
  handler: async ({ request, reply, caller }, ctx) => {
    const token = tokenOf(request);
    if (token && caller.memberId) await endSession(ctx, ctx.store.db, token);
    setSession(ctx, reply, null);
    return { success: true, message: 'Signed out' };
  },
});
