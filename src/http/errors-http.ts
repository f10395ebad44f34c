/**
 * Turns anything thrown while answering a request into the route family's error
 * shape with the catalog's status. Unexpected errors are logged with their stack
 * and answered without one.
 */
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { AppError, type ErrorKind, statusToKind } from '../errors.ts';
import {
  isStoreFull,
  isStoreUnavailable,
  storeFullError,
  storeUnavailableError,
} from '../store/unavailable.ts';
import { type ErrorFamily, errorFamilyForPath } from './route.ts';
import { formatValidationErrors } from './validation.ts';

export const ShapeA = Type.Object(
  { success: Type.Literal(false), message: Type.String() },
  { $id: 'ErrorShapeA', description: 'Error answer: `{success: false, message}`' },
);
export const ShapeB = Type.Object(
  { error: Type.String() },
  { $id: 'ErrorShapeB', description: 'Error answer: `{error}`' },
);

/** A 5xx answer readable as Shape A and as Shape B (RouteDefinition.serverErrorsInBothShapes). */
export const ShapeAB = Type.Object(
  {
    success: Type.Literal(false),
    message: Type.String(),
    error: Type.String({ description: 'The same as message.' }),
  },
  {
    $id: 'ErrorShapeAB',
    description:
      'Server error answer readable in either shape: `{success: false, message, error}` (error = message)',
  },
);

export function errorBody(family: ErrorFamily, message: string, status = 400, bothOn5xx = false) {
  if (bothOn5xx && status >= 500) return { success: false as const, message, error: message };
  return family === 'A' ? { success: false as const, message } : { error: message };
}

/** Fastify's own errors (parsing, limits) mapped to our catalog with plain messages. */
function fromFastifyError(err: FastifyError): AppError | null {
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new AppError('too_large', 'Request body is too large');
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return new AppError('invalid', 'Content-Type must be application/json');
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return new AppError('invalid', 'Body must not be empty when Content-Type is application/json');
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return new AppError('invalid', 'Content-Length does not match the body');
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return new AppError('invalid', 'Body is not valid JSON');
    default:
      break;
  }
  if (err instanceof SyntaxError || err.name === 'SyntaxError')
    return new AppError('invalid', 'Body is not valid JSON');
  const status = err.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const kind: ErrorKind = statusToKind(status);
    return new AppError(
      kind === 'invalid' && status !== 400 ? 'invalid' : kind,
      err.message || 'Bad request',
    );
  }
  return null;
}

export function handleError(error: unknown, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  const config = request.routeOptions.config as
    | { family?: ErrorFamily; bothOn5xx?: boolean; moreProblems?: (body: unknown) => string[] }
    | undefined;
  const both = config?.bothOn5xx === true;
  const family: ErrorFamily = config?.family ?? errorFamilyForPath(request.url);
  const err = error as FastifyError & { validation?: unknown[]; validationContext?: string };
  let appError: AppError | null;
  if (error instanceof AppError) appError = error;
  else if (isStoreFull(error)) appError = storeFullError();
  else if (isStoreUnavailable(error)) appError = storeUnavailableError();
  else if (Array.isArray(err.validation)) {
    const part = err.validationContext ?? 'body';
    const found = formatValidationErrors(err.validation as never[], part);
    const more = part === 'body' && config?.moreProblems ? config.moreProblems(request.body) : [];
    appError = new AppError('invalid', [found, ...more].join('; '));
  } else appError = fromFastifyError(err);

  if (!appError) {
    request.log.error({ err: error }, 'unexpected error while answering');
    return reply
      .status(500)
      .send(errorBody(family, 'Internal error; the request id in x-request-id helps us find it', 500, both));
  }
  if (appError.status >= 500)
    request.log.warn({ err: appError.message, kind: appError.kind }, 'answered with an error');
  for (const [k, v] of Object.entries(appError.headers)) reply.header(k, v);
  return reply.status(appError.status).send(errorBody(family, appError.message, appError.status, both));
}
