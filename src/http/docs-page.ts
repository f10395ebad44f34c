/**
 * The API reference page at /docs (Scalar), loaded on its first request rather than at
 * start: `@scalar/fastify-api-reference` carries its whole browser bundle as one string
 * of several megabytes, and importing it took about a second of every api process's
 * start-up and tens of megabytes of its memory, for a page few processes ever serve.
 *
 * The service answers the plugin's two routes itself (`/docs/` and its script; `/docs`
 * reaches the first through the server's ignoreTrailingSlash); on the first request a
 * small Fastify instance holding only the plugin is built, and every request is passed
 * to it in memory, its answer passed back as it is.
 */
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';

const PREFIX = '/docs';
/** The plugin's script path under its prefix (its RELATIVE_JAVASCRIPT_PATH). */
const SCRIPT = `${PREFIX}/js/scalar.js`;
/** What the answer carries over besides its body (the page, a redirect, the script). */
const PASSED_HEADERS = ['content-type', 'location', 'cache-control'];

export function installDocsPage(app: FastifyInstance, configuration: Record<string, unknown>): void {
  let docs: Promise<FastifyInstance> | null = null;
  const load = () => {
    docs ??= (async () => {
      const { default: scalar } = await import('@scalar/fastify-api-reference');
      const inner = Fastify({ routerOptions: { ignoreTrailingSlash: true } });
      await inner.register(scalar, { routePrefix: PREFIX, configuration });
      await inner.ready();
      return inner;
    })();
    // A failed load is tried again on the next request rather than remembered.
    docs.catch(() => {
      docs = null;
    });
    return docs;
  };
  const serve = async (request: FastifyRequest, reply: FastifyReply) => {
    const inner = await load();
    const answer = await inner.inject({ method: 'GET', url: request.url });
    for (const name of PASSED_HEADERS) {
      const value = answer.headers[name];
      if (value !== undefined) reply.header(name, value);
    }
    return reply.status(answer.statusCode).send(answer.rawPayload);
  };
  app.addHook('onClose', async () => {
    if (docs) await (await docs.catch(() => null))?.close();
  });
  for (const url of [`${PREFIX}/`, SCRIPT])
    app.route({ method: 'GET', url, schema: { hide: true }, handler: serve });
}
