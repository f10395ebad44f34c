/**
 * Pinterest error answers (`{code, message}`) → PlatformError. 401 (code 2,
 * "Authentication failed.") is auth: refresh once. 429 (code 8) is a rate limit:
 * Pinterest documents no header for the wait, so a `Retry-After` is honoured when
 * present and otherwise one minute, the window of its per-category limits. 5xx is
 * transient. Everything else (invalid parameters, a board not found, 403 code 29
 * "not permitted", an account under review) is permanent with Pinterest's message.
 */
import { classifyHttpStatus, PlatformError, retryAfterMs } from '../contract.ts';
import { type PlatformResponse, str } from '../shared/http.ts';

/** The wait after a 429 without a Retry-After: the per-minute category windows. */
export const RATE_LIMIT_FALLBACK_MS = 60_000;

export function readPinterestError(res: PlatformResponse): PlatformError {
  const code = str(res.json, 'code');
  const text = str(res.json, 'message') ?? (res.text.slice(0, 200) || `HTTP ${res.status}`);
  const message = `Pinterest: ${text}`;
  const details = { status: res.status, ...(code ? { platformCode: code } : {}) };
  if (res.status === 429)
    return new PlatformError('rate_limited', message, {
      ...details,
      retryAfterMs: retryAfterMs(res.headers.get('retry-after'), RATE_LIMIT_FALLBACK_MS),
    });
  return new PlatformError(classifyHttpStatus(res.status), message, details);
}

/**
 * The S3 upload's XML error (`<Code>`, `<Message>`) → PlatformError. 5xx and 408
 * are transient, and so is 403 (an expired or refused upload policy): the media id
 * is checkpointed only after its upload, so the retry registers a new upload.
 */
export function readUploadError(res: PlatformResponse): PlatformError {
  const code = /<Code>([^<]*)<\/Code>/.exec(res.text)?.[1];
  const text = /<Message>([^<]*)<\/Message>/.exec(res.text)?.[1] ?? `HTTP ${res.status}`;
  const errorClass =
    res.status === 403 || res.status === 408 || res.status >= 500 ? 'transient' : 'permanent';
  return new PlatformError(errorClass, `Pinterest: video upload refused: ${text}`, {
    status: res.status,
    ...(code ? { platformCode: code } : {}),
  });
}
