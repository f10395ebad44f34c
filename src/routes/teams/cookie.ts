import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { SessionOfViewer } from '../../domain/teams/invitations.ts';
import { findSession, sessionCookie, sessionToken } from '../../domain/teams/sessions.ts';
import { forbidden } from '../../errors.ts';
import type { Caller } from '../../http/route.ts';

export const setSession = (
  ctx: AppContext,
  reply: FastifyReply,
  session: { token: string; expiresAt: string } | null,
) => reply.header('set-cookie', sessionCookie(ctx, session));

export const tokenOf = (request: FastifyRequest): string | null => sessionToken(request.headers.cookie);

/** Routes about the signed-in person (not the project) answer 403 to an access key, saying why. */
export function assertMember(caller: Caller, what: string): void {
  if (!caller.memberId)
    throw forbidden(`${what} is for a person signed in to the dashboard; an access key has no account`);
}

/** The session the request's cookie carries, on a route that needs none (the invitation page). */
export async function viewerOf(ctx: AppContext, request: FastifyRequest): Promise<SessionOfViewer | null> {
  const token = tokenOf(request);
  const session = token ? await findSession(ctx, token) : null;
  return session && token
    ? { email: session.email, personId: session.personId, expiresAt: session.expiresAt, token }
    : null;
}
