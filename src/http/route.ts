/**
 * The one way to define an HTTP route: a plain object with the TypeBox schemas of
 * its inputs and answers, the error statuses it documents, and a handler that takes
 * the parsed input and the app context. The server registers every route the same
 * way (auth, error shape, OpenAPI entry), so no route wires any of that itself.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Static, TSchema } from 'typebox';
import type { AppContext } from '../context.ts';
import type { Access, Role } from '../domain/teams/roles.ts';
import type { ErrorStatus } from '../errors.ts';

/** Shape A `{success:false, message}` or shape B `{error}` (interface.md, Errors). */
export type ErrorFamily = 'A' | 'B';

/** Who is calling: an access key (programs) or a signed-in member (the dashboard). */
export interface Caller {
  projectId: string;
  /** The access key's id; empty when a member is signed in. */
  keyId: string;
  /** The signed-in member's id; empty when an access key is used. */
  memberId: string;
  /** Who, as a person reads it (notes, approvals, the audit log): the member's e-mail, or `key:<keyId>`. */
  actor: string;
  /** Full-access keys are owners; a key may be created with a narrower role. */
  role: Role;
  /** The profiles the caller is limited to, or null for every profile of the project. */
  profileIds: readonly string[] | null;
}

type StaticOr<S, Fallback> = S extends TSchema ? Static<S> : Fallback;

export interface RouteInput<P, Q, B, H> {
  params: StaticOr<P, Record<string, never>>;
  query: StaticOr<Q, Record<string, never>>;
  body: StaticOr<B, undefined>;
  headers: StaticOr<H, Record<string, string | string[] | undefined>>;
  /** The authenticated project; routes with `auth: false` (or `'optional'` without a key) get an empty projectId. */
  caller: Caller;
  request: FastifyRequest;
  /** For redirects, status codes and headers; most handlers just return the body. */
  reply: FastifyReply;
}

export interface RouteDefinition<
  P extends TSchema | undefined = undefined,
  Q extends TSchema | undefined = undefined,
  B extends TSchema | undefined = undefined,
  H extends TSchema | undefined = undefined,
  R extends Record<number, TSchema> = Record<number, TSchema>,
> {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  summary: string;
  description?: string;
  tags: string[];
  /** Default: from the path (see errorFamilyForPath). */
  family?: ErrorFamily;
  /**
   * Its 5xx answers (503, and 500 on an unexpected error) carry both shapes' fields,
   * `{success: false, message, error}`, and 500 is documented beside 503: for the
   * routes whose contract lists 500 where the service answers 503 (AI, connect
   * start), so a client that reads either shape, or expects a 500, reads the message.
   */
  serverErrorsInBothShapes?: boolean;
  /**
   * Default true: requires a valid `x-access-key`. `'optional'`: a key is not
   * needed (another credential, such as a one-time path token, authorizes the
   * call), but one that is sent must be valid; the caller is then known.
   */
  auth?: boolean | 'optional';
  /**
   * The access level the caller's role must reach (src/domain/teams/roles.ts);
   * default: `read` for GET, `publish` for every other method. A caller whose role
   * does not reach it is answered 403.
   */
  access?: Access;
  /**
   * The body is the request stream itself, whatever its Content-Type (file uploads);
   * the handler reads it from `body` and enforces its own size limit.
   */
  rawBody?: boolean;
  /**
   * A route without auth that still reads the browser's session cookie when one is
   * sent (the invitation page): documented with the cookie as an optional credential.
   */
  readsSession?: boolean;
  /** Excluded from the OpenAPI document (docs pages, OAuth callbacks). */
  hidden?: boolean;
  params?: P;
  query?: Q;
  body?: B;
  headers?: H;
  /** Success answers by status; the first one listed is the default status. */
  response: R;
  /**
   * When the body fails its schema, problems that can still be found in it (a
   * domain's rules), listed in the same 400 answer so the caller sees every
   * problem at once. Synchronous and side-effect free: it only reads the body.
   */
  moreProblems?: (body: unknown, ctx: AppContext) => string[];
  /** Documented error statuses besides 401 (added with auth) and 400 (added when there is input). */
  errors?: ErrorStatus[];
  handler: (input: RouteInput<P, Q, B, H>, ctx: AppContext) => Promise<unknown> | unknown;
}

/** Requests the service sends (OpenAPI `webhooks`), with the named schemas their bodies use. */
export interface WebhookDocs {
  schemas: TSchema[];
  webhooks: Record<string, unknown>;
}

// biome-ignore lint/suspicious/noExplicitAny: the registry holds routes of every schema type.
export type AnyRoute = RouteDefinition<any, any, any, any, any>;

/** Identity function that gives the handler its input types from the schemas. */
export function defineRoute<
  P extends TSchema | undefined = undefined,
  Q extends TSchema | undefined = undefined,
  B extends TSchema | undefined = undefined,
  H extends TSchema | undefined = undefined,
  R extends Record<number, TSchema> = Record<number, TSchema>,
>(def: RouteDefinition<P, Q, B, H, R>): RouteDefinition<P, Q, B, H, R> {
  return def;
}

const SHAPE_B_PATHS = [
  /^\/v1\/profiles(\/|$)/,
  /^\/v1\/apps(\/|$)/,
  /^\/v1\/connect\/integrations(\/|$)/,
  /^\/v1\/connect\/[a-z]+\/selection(\/|$)/,
  // The rest of the connect family and the platform lookups used while connecting.
  /^\/v1\/connect\/(bluesky|telegram)\/auth\/?$/,
  /^\/v1\/connect\/sessions\/?$/,
  /^\/v1\/pinterest\/boards\/?$/,
  /^\/v1\/tiktok\/creator-info\/?$/,
];

/** Which error shape a path's family uses (interface.md, Errors; decisions.md). */
export function errorFamilyForPath(url: string): ErrorFamily {
  const path = url.split('?')[0] ?? '';
  return SHAPE_B_PATHS.some((re) => re.test(path)) ? 'B' : 'A';
}
