import { Type } from 'typebox';
import { viewOfMember } from '../../domain/teams/session-view.ts';
import { switchProject } from '../../domain/teams/sign-in.ts';
import { defineRoute } from '../../http/route.ts';
import { assertMember, setSession, tokenOf } from './cookie.ts';
import { SessionAnswer } from './schemas.ts';

export default defineRoute({
  method: 'POST',
  url: '/v1/auth/switch-project',
  summary: 'Work in another project',
  description:
    'A session holds one project at a time: this one ends and a new session in `projectId` (a project the person is a member of) is set in the cookie.',
  tags: ['auth'],
  access: 'read',
  body: Type.Object(
    { projectId: Type.String({ minLength: 1, maxLength: 200 }) },
    { additionalProperties: false },
  ),
  response: { 200: SessionAnswer },
  errors: [404],
  handler: async ({ body, request, reply, caller }, ctx) => {
    assertMember(caller, 'Switching projects');
    const token = tokenOf(request) ?? '';
    const signed = await switchProject(ctx, { memberId: caller.memberId, token }, body.projectId);
    setSession(ctx, reply, signed.session);
    return { success: true, session: await viewOfMember(ctx, signed.memberId, signed.session.expiresAt) };
  },
});
