import { endSessionsOfPerson } from '../../domain/teams/sessions.ts';
import { defineRoute } from '../../http/route.ts';
import { withExample } from '../examples.ts';
import { assertMember, setSession } from './cookie.ts';
import { personOfMember } from './person.ts';
import { SuccessMessage } from './schemas.ts';

export default defineRoute({
  method: 'POST',
  url: '/v1/auth/sign-out-everywhere',
  summary: 'Sign out of every session',
  description:
    'Ends every session of the signed-in person, in every browser and project, this one included; other nodes refuse them within a second.',
  tags: ['auth'],
  access: 'read',
  response: { 200: withExample(SuccessMessage, { success: true, message: 'Signed out everywhere' }) },
  handler: async ({ reply, caller }, ctx) => {
    assertMember(caller, 'Signing out everywhere');
    const personId = await personOfMember(ctx, caller.memberId);
    await ctx.store.db.transaction().execute((trx) => endSessionsOfPerson(ctx, trx, personId));
    setSession(ctx, reply, null);
    return { success: true, message: 'Signed out everywhere' };
  },
});
