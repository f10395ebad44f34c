/**
 * Meta Graph conventions shared by Facebook, Instagram and Threads: the error body,
 * the token errors (code 190 and its subcodes) and the rate-limit answers with
 * `X-App-Usage` / `X-Business-Use-Case-Usage` (JSON strings, percent of the limit).
 */
import { json, type SimResponse } from '../../core/http.ts';
import { randomToken } from '../../core/ids.ts';
import type { TokenProblem } from '../../core/profile.ts';

export interface MetaError {
  message: string;
  type?: string;
  code: number;
  error_subcode?: number;
  is_transient?: boolean;
  error_user_title?: string;
  error_user_msg?: string;
}

/** `{ error: { message, type, code, error_subcode?, fbtrace_id } }`; HTTP 400 unless told. */
export const metaError = (e: MetaError, status = 400, headers: Record<string, string> = {}): SimResponse =>
  json(status, { error: { type: 'OAuthException', ...e, fbtrace_id: randomToken('A', 8) } }, headers);

export const metaUnauthorized = (problem: TokenProblem): SimResponse => {
  switch (problem) {
    case 'missing':
      return metaError({
        message: 'An active access token must be used to query information about the current user.',
        code: 2500,
      });
    case 'unknown':
      return metaError({ message: 'Invalid OAuth access token - Cannot parse access token', code: 190 });
    case 'expired':
      return metaError({
        message:
          'Error validating access token: Session has expired. The current time is later than the expiry time.',
        code: 190,
        error_subcode: 463,
      });
    case 'revoked':
      return metaError({
        message: 'Error validating access token: The user has not authorized application.',
        code: 190,
        error_subcode: 458,
      });
  }
};

const messages: Record<number, string> = {
  4: '(#4) Application request limit reached',
  17: '(#17) User request limit reached',
  32: '(#32) Page request limit reached',
  613: '(#613) Calls to this api have exceeded the rate limit.',
  80001: '(#80001) There have been too many calls to this Page account. Wait a bit and try again.',
  80002: '(#80002) There have been too many calls to this Instagram account. Wait a bit and try again.',
};

/** Meta's rate-limit answer: code 4/17/32/613 with `X-App-Usage` at 100%, or BUC 80001/80002. */
export const metaRateLimited = (
  code: number,
  resetInSec: number,
  accountId: string | undefined,
  defaultBucType: 'pages' | 'instagram',
): SimResponse => {
  const usage = { call_count: 100, total_cputime: 100, total_time: 100 };
  const headers: Record<string, string> =
    code >= 80000
      ? {
          'x-business-use-case-usage': JSON.stringify({
            [accountId ?? '0']: [
              {
                type: code === 80002 ? 'instagram' : defaultBucType,
                ...usage,
                estimated_time_to_regain_access: Math.ceil(resetInSec / 60),
              },
            ],
          }),
        }
      : { 'x-app-usage': JSON.stringify(usage) };
  return metaError(
    { message: messages[code] ?? `(#${code}) Rate limit reached`, code, is_transient: true },
    400,
    headers,
  );
};
