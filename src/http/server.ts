/**
 * Builds the Fastify server: logging with request ids, strict validation, the
 * error catalog, rate limits per access key, authentication, metrics, the
 * OpenAPI document and its reference page, and every route from the registry.
 */
import { randomUUID } from 'node:crypto';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import Fastify, {
  type FastifyBaseLogger,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
} from 'fastify';
import type { AppContext } from '../context.ts';
import { actingAs } from '../domain/audit/actor.ts';
import { authenticate, hashKey } from '../domain/projects/keys.ts';
import { type Access, defaultAccess, roleAllows, rolesReaching } from '../domain/teams/roles.ts';
import { authenticateSession, findSession, SESSION_COOKIE, sessionToken } from '../domain/teams/sessions.ts';
import { AppError } from '../errors.ts';
import { redactUrl } from '../log.ts';
import { uploadOrigin } from '../media/storage/index.ts';
import { PLATFORMS } from '../platforms/names.ts';
import { installChoicePage } from './connect-page/choose.ts';
import { installConnectPage } from './connect-page/install.ts';
import { assertSameOrigin } from './csrf.ts';
import { installDashboard } from './dashboard.ts';
import { installDocsPage } from './docs-page.ts';
import { errorBody, handleError, ShapeA, ShapeAB, ShapeB } from './errors-http.ts';
import { installJsonBodyParser } from './json-body.ts';
import { installMetrics } from './metrics.ts';
import { documentRoute } from './openapi.ts';
import {
  documentDefaultsAsOptional,
  documentErrorAnswers,
  documentTargetsByPlatform,
} from './openapi-document.ts';
import { sharedRateLimitStore } from './rate-limit-store.ts';
import {
  type AnyRoute,
  type Caller,
  type ErrorFamily,
  errorFamilyForPath,
  type WebhookDocs,
} from './route.ts';
import { buildCachingSerializer } from './serializer-compiler.ts';
import { validatorCompiler } from './validation.ts';

declare module 'fastify' {
  interface FastifyRequest {
    caller?: Caller;
  }
  interface FastifyInstance {
    /**
     * Answers whose status the route's OpenAPI entry does not document
     * (`GET /v1/x → 500`). Logged as they happen; the test harness fails a test
     * that caused any, so the document keeps up with what routes really answer.
     */
    undocumentedAnswers: string[];
  }
}

const REQUEST_ID = /^[A-Za-z0-9._:-]{1,100}$/;

export interface ServerOptions {
  routes: readonly AnyRoute[];
  /** The webhooks the service sends, for the OpenAPI document. */
  webhooks?: WebhookDocs;
  /** Pass false in tests that count requests precisely. */
  rateLimit?: boolean;
}

export async function buildServer(ctx: AppContext, options: ServerOptions): Promise<FastifyInstance> {
  const { config } = ctx;
  const app = Fastify({
    loggerInstance: ctx.log as FastifyBaseLogger,
    bodyLimit: config.BODY_LIMIT_BYTES,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    requestIdHeader: 'x-request-id',
    genReqId: (req) => {
      const given = req.headers['x-request-id'];
      return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
    },
    return503OnClosing: true,
    forceCloseConnections: 'idle',
    // What the router refuses before any route (a path whose %-escapes are not UTF-8, such as
    // a lone UTF-16 surrogate's bytes) is answered in the error shape of the path's family too.
    frameworkErrors: (error, request, reply) => {
      const bad = error.code === 'FST_ERR_BAD_URL';
      (reply as FastifyReply)
        .status(bad ? 400 : (error.statusCode ?? 400))
        .send(
          errorBody(
            errorFamilyForPath(request.url),
            bad
              ? 'The path is not valid: a %-escape in it is not UTF-8 text (a lone UTF-16 surrogate, for example)'
              : error.message,
          ),
        );
    },
    ajv: { customOptions: { removeAdditional: false } },
    // The response serializer checks a value against each branch of a union to pick how
    // to write it (a nullable date-time is `string (date-time) | null`). Formats never
    // decide between our branches (their types do), and checking every date-time of a
    // list page (100 posts, 300 targets) against the format cost more than writing it.
    serializerOpts: { ajv: { validateFormats: false } },
    // One serializer per distinct response schema, built with only the shared schemas it uses.
    schemaController: { compilersFactory: { buildSerializer: buildCachingSerializer } },
  });
  app.setValidatorCompiler(validatorCompiler);
  // The API speaks JSON only; other bodies are refused rather than read as text.
  app.removeContentTypeParser('text/plain');
  installJsonBodyParser(app);
  // Routes with `rawBody` (file uploads) take the stream as it comes, whatever its type.
  app.addContentTypeParser(RAW_BODY_TYPE, (request, payload, done) => {
    if ((request.routeOptions.config as { rawBody?: boolean }).rawBody) done(null, payload);
    else done(new AppError('invalid', 'Content-Type must be application/json'), undefined);
  });
  app.setErrorHandler((error, request, reply) => handleError(error, request, reply));
  app.setNotFoundHandler((request, reply) =>
    reply
      .status(404)
      .send(
        errorBody(
          errorFamilyForPath(request.url),
          `No route ${request.method} ${redactUrl(request.url.split('?')[0] ?? '')}`,
        ),
      ),
  );
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });

  if (config.METRICS_ENABLED) installMetrics(app, ctx);

  if (options.rateLimit !== false) {
    await app.register(rateLimit, {
      global: true,
      max: config.RATE_LIMIT_MAX,
      timeWindow: config.RATE_LIMIT_WINDOW_MS,
      enableDraftSpec: true,
      // Several api processes share one PostgreSQL: count there, so a key gets its limit once.
      // If the count can not be read the request goes on (it then answers 503 itself if the
      // database is down).
      ...(ctx.store.dialect === 'postgres'
        ? { store: sharedRateLimitStore(ctx.store), skipOnError: true }
        : {}),
      // Limits are per access key, and per member for the dashboard (every session of a
      // member shares one bucket); unauthenticated callers share one bucket per address.
      keyGenerator: async (req: FastifyRequest) => {
        const key = req.headers['x-access-key'];
        if (typeof key === 'string' && key) return `k:${hashKey(key)}`;
        const token = sessionToken(req.headers.cookie);
        const session = token ? await findSession(ctx, token).catch(() => null) : null;
        return session ? `m:${session.memberId}` : `ip:${req.ip}`;
      },
      allowList: (req: FastifyRequest) =>
        /^\/(v1\/health(\/live)?\/?$|metrics|docs|openapi\.json)/.test(req.url),
      errorResponseBuilder: (_req, context) =>
        new AppError(
          'rate_limited',
          `Rate limit of ${context.max} requests per ${context.after} reached; retry later`,
        ),
    });
  }

  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Social Publishing API',
        version: '1.0.0',
        description:
          'Publish one post to many connected social accounts, now or at a scheduled time, and read per account what happened.',
      },
      components: { securitySchemes: SECURITY_SCHEMES },
      ...(options.webhooks ? { webhooks: options.webhooks.webhooks } : {}),
    },
    transformObject: (document) =>
      documentDefaultsAsOptional(
        documentErrorAnswers(
          documentTargetsByPlatform(
            'openapiObject' in document ? document.openapiObject : document.swaggerObject,
            Object.fromEntries(
              PLATFORMS.map((p) => [p, (ctx.platforms[p].options as { $id?: string }).$id ?? p]),
            ),
          ),
        ),
      ),
    refResolver: {
      buildLocalReference: (json, _base, _frag, i) => (json.$id as string | undefined) ?? `def-${i}`,
    },
  });

  app.decorate('undocumentedAnswers', [] as string[]);
  app.addSchema(ShapeA);
  app.addSchema(ShapeB);
  app.addSchema(ShapeAB);
  // Each platform module's platformSpecificData schema (TwitterConfigurations, ...), for the reference.
  for (const p of PLATFORMS) app.addSchema(ctx.platforms[p].options);
  for (const schema of options.webhooks?.schemas ?? []) app.addSchema(schema);
  for (const route of options.routes) registerRoute(app, ctx, route);
  registerRoute(app, ctx, documentRoute(app));

  await installConnectPage(app, ctx);
  await installChoicePage(app, ctx);
  installDashboard(app, undefined, { uploadOrigin: uploadOrigin(ctx.config) });
  installDocsPage(app, { url: '/openapi.json', title: 'Social Publishing API' });
  await app.ready();
  return app;
}

/** The two credentials: the project's access key, and a person's dashboard session. */
const SECURITY_SCHEMES = {
  accessKey: {
    type: 'apiKey',
    in: 'header',
    name: 'x-access-key',
    description:
      "A project's access key (its role decides what it may do). Wins over a session cookie when both are sent.",
  },
  sessionCookie: {
    type: 'apiKey',
    in: 'cookie',
    name: SESSION_COOKIE,
    description:
      "The session of a person signed in to the dashboard (POST /v1/auth/sign-in sets it: HttpOnly, SameSite=Lax, Secure when PUBLIC_URL is https); the member's role and profile limit apply. " +
      "A change made with it (any method but GET and HEAD) must come from the service's own pages: its Origin header (or Referer when Origin is absent) must be the service's origin, else 403.",
  },
} as const;

const NO_CALLER: Caller = {
  projectId: '',
  keyId: '',
  memberId: '',
  actor: '',
  role: 'viewer',
  profileIds: [],
};
const RAW_BODY_TYPE = 'application/x-raw-upload-body';

/**
 * Who sends the request: the access key in `x-access-key` when one is sent (a bad
 * one is 401 even with a session), else the session of the cookie. A change made
 * with a session must come from the service's own pages (csrf.ts). Null: neither.
 */
async function authenticateRequest(ctx: AppContext, request: FastifyRequest): Promise<Caller | null> {
  const key = request.headers['x-access-key'];
  // An empty header counts as none (it did before sessions, on routes where a key is optional).
  if (key !== undefined && key !== '') {
    const caller = typeof key === 'string' ? await authenticate(ctx, key) : null;
    if (!caller) throw new AppError('unauthenticated', 'The x-access-key header is not a valid access key');
    return caller;
  }
  const token = sessionToken(request.headers.cookie);
  if (!token) return null;
  const caller = await authenticateSession(ctx, token);
  if (!caller)
    throw new AppError(
      'unauthenticated',
      'The session has ended: sign in again (or send an x-access-key header)',
    );
  if (request.method !== 'GET' && request.method !== 'HEAD')
    assertSameOrigin(request, ctx.config.PUBLIC_URL ?? '');
  return caller;
}

function registerRoute(app: FastifyInstance, ctx: AppContext, route: AnyRoute): void {
  const family: ErrorFamily = route.family ?? errorFamilyForPath(route.url);
  const needsAuth = route.auth !== false;
  const keyOptional = route.auth === 'optional';
  const access = route.access ?? defaultAccess(route.method);
  const schema = openApiSchema(route, family, needsAuth, access);
  const documented = new Set(Object.keys(schema.response).map(Number));
  // A body whose every field is optional may be left out, as `{}` (POST /v1/posts/{id}/retry).
  const bodyOptional =
    route.body !== undefined &&
    (route.body as { type?: string }).type === 'object' &&
    ((route.body as { required?: string[] }).required ?? []).length === 0;
  app.route({
    method: route.method,
    url: route.url,
    onResponse: route.hidden
      ? undefined
      : async (request, reply) => {
          if (documented.has(reply.statusCode)) return;
          const answer = `${route.method} ${route.url} → ${reply.statusCode}`;
          app.undocumentedAnswers.push(answer);
          request.log.warn({ answer }, 'answered with a status the OpenAPI document does not list');
        },
    config: {
      family,
      bothOn5xx: route.serverErrorsInBothShapes === true,
      rawBody: route.rawBody === true,
      ...(route.moreProblems
        ? { moreProblems: (body: unknown) => route.moreProblems?.(body, ctx) ?? [] }
        : {}),
    },
    schema,
    // Fastify picks the body parser by Content-Type after this hook: whatever the client sent
    // (the uploaded file's type, or none), the route gets the stream itself.
    preParsing: route.rawBody
      ? async (request, _reply, payload) => {
          request.headers['content-type'] = RAW_BODY_TYPE;
          return payload;
        }
      : undefined,
    preValidation: bodyOptional
      ? async (request) => {
          if (request.body === undefined || request.body === null) request.body = {};
        }
      : undefined,
    onRequest: needsAuth
      ? async (request) => {
          const caller = await authenticateRequest(ctx, request);
          if (!caller) {
            if (keyOptional) return;
            throw new AppError('unauthenticated', 'Missing x-access-key header');
          }
          if (!roleAllows(caller.role, access)) {
            throw new AppError(
              'forbidden',
              `This needs ${access} access; the ${caller.memberId ? 'member' : 'access key'} has the ${caller.role} role`,
            );
          }
          request.caller = caller;
        }
      : undefined,
    handler: async (request, reply) => {
      const caller = request.caller;
      const run = () =>
        route.handler(
          {
            params: request.params,
            query: request.query,
            body: request.body,
            headers: request.headers,
            caller: caller ?? NO_CALLER,
            request,
            reply,
          },
          ctx,
        );
      // The changes a request makes are recorded as the caller's (src/domain/audit).
      const result = caller
        ? await actingAs(
            { kind: caller.memberId ? 'member' : 'key', who: caller.actor, address: request.ip },
            run,
          )
        : await run();
      if (reply.sent) return reply;
      if (reply.statusCode === 200) reply.status(Number(Object.keys(route.response)[0] ?? 200));
      return result;
    },
  });
}

function openApiSchema(route: AnyRoute, family: ErrorFamily, needsAuth: boolean, access: Access) {
  const shape = family === 'A' ? { $ref: 'ErrorShapeA#' } : { $ref: 'ErrorShapeB#' };
  const response: Record<string, unknown> = { ...route.response };
  const statuses = new Set<number>(route.errors ?? []);
  if (needsAuth) statuses.add(401);
  // A key or member whose role does not reach the route's access level.
  if (needsAuth) statuses.add(403);
  // A POST, PUT or PATCH is read by the JSON body parser even without a body schema, and
  // the parser refuses unsafe keys, NULs and numbers past 2^53 in whatever was sent.
  const readsBody = route.method === 'POST' || route.method === 'PUT' || route.method === 'PATCH';
  if (route.body || route.query || route.params || readsBody) statuses.add(400);
  // Any body can be larger than BODY_LIMIT_BYTES.
  if (route.body) statuses.add(413);
  if (needsAuth) statuses.add(429);
  // Every authenticated route reads the store (the key at least): unreachable, it answers 503.
  if (needsAuth) statuses.add(503);
  if (route.serverErrorsInBothShapes) statuses.add(500);
  for (const s of statuses)
    response[String(s)] = route.serverErrorsInBothShapes && s >= 500 ? { $ref: 'ErrorShapeAB#' } : shape;
  const schema: Record<string, unknown> & { response: Record<string, unknown> } = {
    summary: route.summary,
    tags: route.tags,
    response,
  };
  if (route.description) schema.description = route.description;
  if (route.hidden) schema.hide = true;
  if (route.params) schema.params = route.params;
  if (route.query) schema.querystring = route.query;
  if (route.body) schema.body = route.body;
  if (route.headers) schema.headers = route.headers;
  // Either credential serves (authenticateRequest); an optional one is documented as such:
  // the empty requirement means "none needed". A route without auth that still reads the
  // browser's session (the invitation page) lists the cookie as optional.
  const either = [{ accessKey: [] }, { sessionCookie: [] }];
  if (needsAuth) schema.security = route.auth === 'optional' ? [{}, ...either] : either;
  else if (route.readsSession) schema.security = [{}, { sessionCookie: [] }];
  // The level the caller's role must reach, and the roles that reach it (docs/roles.md).
  if (needsAuth) {
    schema['x-access-level'] = access;
    schema['x-access-roles'] = rolesReaching(access);
  }
  return schema;
}
