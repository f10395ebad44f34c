/**
 * LinkedIn error answers → PlatformError. Bodies are `{status, serviceErrorCode,
 * code, message}` or validation errors with `errorDetails.inputErrors[]`. 429 has
 * no headers: the daily limits reset at midnight UTC. A 422 DUPLICATE_POST names
 * the existing post's URN in its message (see `duplicateUrn`).
 */
import { classifyHttpStatus, PlatformError } from '../contract.ts';
import { type PlatformResponse, pick, str } from '../shared/http.ts';

export function untilUtcMidnight(now: number): number {
  const d = new Date(now);
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1) - now;
}

/** The URN of the existing post in a duplicate answer, if this is one. */
export function duplicateUrn(res: Pick<PlatformResponse, 'json' | 'status'>): string | undefined {
  if (res.status !== 422) return undefined;
  const message = str(res.json, 'message') ?? '';
  const codes = ((pick(res.json, 'errorDetails', 'inputErrors') as unknown[] | undefined) ?? []).map((e) =>
    str(e, 'code'),
  );
  if (!codes.includes('DUPLICATE_POST') && !/duplicate/i.test(message)) return undefined;
  return /urn:li:(?:share|ugcPost|activity):\d+/.exec(message)?.[0];
}

/** A 422 DUPLICATE_POST: permanent for a new post, proof of publication for reconcile. */
export class LinkedInDuplicateError extends PlatformError {
  readonly existingUrn: string;
  constructor(message: string, existingUrn: string) {
    super('permanent', message, { status: 422, platformCode: 'DUPLICATE_POST' });
    this.existingUrn = existingUrn;
  }
}

export function readLinkedInError(res: PlatformResponse, now = Date.now()): PlatformError {
  const input = pick(res.json, 'errorDetails', 'inputErrors', 0);
  const code = str(input, 'code') ?? str(res.json, 'code') ?? str(res.json, 'serviceErrorCode');
  const text =
    str(res.json, 'message') ?? str(input, 'description') ?? (res.text.slice(0, 200) || `HTTP ${res.status}`);
  const message = `LinkedIn: ${text}`;
  const details = { status: res.status, ...(code ? { platformCode: code } : {}) };
  const existing = duplicateUrn(res);
  if (existing) return new LinkedInDuplicateError(message, existing);
  if (res.status === 429)
    return new PlatformError('rate_limited', message, { ...details, retryAfterMs: untilUtcMidnight(now) });
  return new PlatformError(classifyHttpStatus(res.status), message, details);
}
