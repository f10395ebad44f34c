/**
 * The one error catalog. Domain code throws `AppError(kind, message)`; the HTTP
 * layer maps the kind to its status code and writes it in the route family's
 * shape (A `{success:false, message}` or B `{error}`). Messages are written for the
 * API's users: they say what is wrong and where, never internals.
 */
export const ERROR_KINDS = {
  invalid: 400,
  unauthenticated: 401,
  insufficient_credits: 402,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  /** A Range header outside the file (media served by the service). */
  range_not_satisfiable: 416,
  rate_limited: 429,
  platform_error: 502,
  unavailable: 503,
} as const;

export type ErrorKind = keyof typeof ERROR_KINDS;
export type ErrorStatus = (typeof ERROR_KINDS)[ErrorKind];

export class AppError extends Error {
  override name = 'AppError';
  readonly kind: ErrorKind;
  readonly status: ErrorStatus;
  /** Extra headers for the answer (Retry-After on 429 and 503). */
  readonly headers: Record<string, string>;

  constructor(kind: ErrorKind, message: string, headers: Record<string, string> = {}) {
    super(message);
    this.kind = kind;
    this.status = ERROR_KINDS[kind];
    this.headers = headers;
  }
}

export const invalid = (message: string) => new AppError('invalid', message);
export const notFound = (what: string) => new AppError('not_found', `${what} not found`);
export const conflict = (message: string) => new AppError('conflict', message);
export const forbidden = (message: string) => new AppError('forbidden', message);

export function statusToKind(status: number): ErrorKind {
  const found = (Object.entries(ERROR_KINDS) as [ErrorKind, number][]).find(([, s]) => s === status);
  return found ? found[0] : status >= 500 ? 'unavailable' : 'invalid';
}
