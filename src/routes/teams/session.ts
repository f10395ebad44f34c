import { viewOfCaller } from '../../domain/teams/session-view.ts';
import { findSession } from '../../domain/teams/sessions.ts';
import { defineRoute } from '../../http/route.ts';
import { tokenOf } from './cookie.ts';
import { SessionAnswer } from './schemas.ts';

export default defineRoute({
  method: 'GET',
  url: '/v1/auth/session',
  summary: 'Who is signed in',
  description:
    'The signed-in member (or the access key): role, profile limit, project, the other projects of the person, and when the session ends.',
  tags: ['auth'],
  access: 'read',
  response: { 200: SessionAnswer },
  handler: async ({ request, caller }, ctx) => {
    const token = caller.memberId ? tokenOf(request) : null;
    const session = token ? await findSession(ctx, token) : null;
    const expiresAt = session ? new Date(session.expiresAt).toISOString() : null;
    return { success: true, session: await viewOfCaller(ctx, caller, expiresAt) };
  },
});
