/**
 * X API v2 error answers: problem documents (RFC 7807) sent as
 * `application/problem+json`, as X's OpenAPI document describes every error
 * answer. Specific problems carry an `https://api.x.com/2/problems/...` type;
 * plain HTTP refusals (401, 403 duplicate, 429) carry `about:blank`.
 */
import { json, type SimResponse } from '../../core/http.ts';

export const PROBLEM_JSON = { 'content-type': 'application/problem+json' };

export const problem = (
  status: number,
  detail: string,
  type = 'about:blank',
  title = 'Invalid Request',
  headers: Record<string, string> = {},
): SimResponse => json(status, { title, detail, type, status }, { ...PROBLEM_JSON, ...headers });

/** A request X refuses as invalid (400). */
export const invalidRequest = (detail: string): SimResponse =>
  problem(400, detail, 'https://api.x.com/2/problems/invalid-request', 'Invalid Request');

/** A problem about one resource (not found, not authorized): X names the resource and the parameter. */
export const resourceProblem = (
  status: number,
  kind: 'resource-not-found' | 'not-authorized-for-resource',
  detail: string,
  resource: { type: 'tweet' | 'user'; id: string; parameter: string },
): SimResponse =>
  json(
    status,
    {
      title: kind === 'resource-not-found' ? 'Not Found Error' : 'Forbidden',
      detail,
      type: `https://api.x.com/2/problems/${kind}`,
      resource_type: resource.type,
      resource_id: resource.id,
      parameter: resource.parameter,
      value: resource.id,
    },
    PROBLEM_JSON,
  );
