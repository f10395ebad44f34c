/**
 * Cross-site request forgery: a browser sends the session cookie with a request a
 * foreign page makes, so a change authenticated by a session must come from the
 * service's own pages. Browsers send Origin on every cross-origin request and on
 * same-origin POST/PUT/PATCH/DELETE (Referer when Origin is left out); it must be
 * PUBLIC_URL's origin or the origin the request was addressed to. The cookie's
 * SameSite=Lax is the second layer. Requests with an access key are not affected:
 * a browser never adds that header on its own.
 */
import type { FastifyRequest } from 'fastify';
import { forbidden } from '../errors.ts';

function originOf(value: string | undefined): string | null {
  if (!value || !URL.canParse(value)) return null;
  const origin = new URL(value).origin;
  return origin === 'null' ? null : origin;
}

export function assertSameOrigin(request: FastifyRequest, publicUrl: string): void {
  const header = request.headers.origin;
  const sent = typeof header === 'string' ? originOf(header) : originOf(request.headers.referer);
  const own = new Set([new URL(publicUrl).origin]);
  if (request.headers.host) own.add(`${request.protocol}://${request.headers.host}`);
  if (sent && own.has(sent)) return;
  throw forbidden(
    sent
      ? `This change was sent from ${sent}, not from the service's own pages; a signed-in session accepts changes only from ${[...own][0]}`
      : "This change has no Origin or Referer header: a signed-in session accepts changes only from the service's own pages",
  );
}

/**
 * For routes a client without a browser may call (signing in): a request that
 * names where it comes from (Origin, or Referer when Origin is left out) must name
 * the service; one that names nothing is no browser's and passes.
 */
export function assertSameOriginIfSent(request: FastifyRequest, publicUrl: string): void {
  if (request.headers.origin !== undefined || request.headers.referer !== undefined)
    assertSameOrigin(request, publicUrl);
}
