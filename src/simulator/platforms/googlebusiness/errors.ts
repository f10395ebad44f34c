/**
 * Google Business Profile error answers as the v4 API gives them: the Google
 * `{error: {code, message, status, details}}` body, with the field-level
 * `google.mybusiness.v4.ValidationError` detail for refused input (and code 1000
 * when Google could not fetch a photo), `google.rpc.ErrorInfo` for reasons such as
 * `LOCATION_DISABLED_FOR_LOCAL_POST_API`, and the per-minute quota answer
 * (429 RESOURCE_EXHAUSTED, no Retry-After) with the quota's ErrorInfo metadata,
 * where a limit of 0 means the project's API access was never approved.
 */
import { json, type SimResponse } from '../../core/http.ts';

const VALIDATION = 'type.googleapis.com/google.mybusiness.v4.ValidationError';
const ERROR_INFO = 'type.googleapis.com/google.rpc.ErrorInfo';

/** One `errorDetails` entry of a ValidationError. */
export interface ValidationDetail {
  code: number;
  field?: string;
  message: string;
}

export const v4Error = (code: number, status: string, message: string, details?: unknown[]): SimResponse =>
  json(code, { error: { code, message, status, ...(details ? { details } : {}) } });

/** 400 INVALID_ARGUMENT with field-level details. */
export const invalidArgument = (...errorDetails: ValidationDetail[]): SimResponse =>
  v4Error(400, 'INVALID_ARGUMENT', 'Request contains an invalid argument.', [
    { '@type': VALIDATION, errorDetails },
  ]);

/** Google could not fetch the photo at `sourceUrl` (ValidationError code 1000). */
export const photoFetchFailed = (): SimResponse =>
  invalidArgument({ code: 1000, field: 'media.source_url', message: 'Fetching image failed.' });

/** A location Google treats as a chain can not post through the API. */
export const locationDisabled = (): SimResponse =>
  v4Error(400, 'FAILED_PRECONDITION', 'Precondition check failed.', [
    {
      '@type': ERROR_INFO,
      reason: 'LOCATION_DISABLED_FOR_LOCAL_POST_API',
      domain: 'mybusiness.googleapis.com',
    },
  ]);

export const notFound = (): SimResponse => v4Error(404, 'NOT_FOUND', 'Requested entity was not found.');

export const permissionDenied = (): SimResponse =>
  v4Error(403, 'PERMISSION_DENIED', 'The caller does not have permission');

/** The per-minute request quota of mybusiness.googleapis.com (300 when approved, 0 when not). */
export const quotaExceeded = (limit = 300): SimResponse =>
  v4Error(
    429,
    'RESOURCE_EXHAUSTED',
    `Quota exceeded for quota metric 'Requests' and limit 'Requests per minute' of service 'mybusiness.googleapis.com' for consumer 'project_number:100000000001'.`,
    [
      {
        '@type': ERROR_INFO,
        reason: 'RATE_LIMIT_EXCEEDED',
        domain: 'googleapis.com',
        metadata: {
          quota_metric: 'mybusiness.googleapis.com/default_requests',
          quota_limit: 'DefaultRequestsPerMinutePerProject',
          quota_limit_value: String(limit),
          consumer: 'projects/100000000001',
          service: 'mybusiness.googleapis.com',
          quota_location: 'global',
        },
      },
    ],
  );
