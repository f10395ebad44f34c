/**
 * The pino logger. Secrets never reach a log:
 * - headers that carry keys are redacted, and so is any field whose name marks it
 *   as a secret;
 * - a request URL keeps its query values only for names known to be harmless
 *   (paging, filters, platform names); every other value is replaced, so a key or
 *   token sent in the URL by mistake (`?api_key=`, `?id_token=`, a name nobody
 *   thought of) is never written;
 * - a value shaped like one of the service's own tokens (every kind in
 *   src/domain/credentials.ts: access keys `sps_…`, sessions `sess_…`, one-time
 *   links `spt_…`, review links `rvw_…`, …) is masked wherever it appears in a
 *   line: message, error, nested field or path. A review link from before review
 *   links had a prefix is masked by its place in the path (`/review/…`).
 */
import pino, { type Logger } from 'pino';
import { CREDENTIAL_PREFIXES } from './domain/credentials.ts';

const SECRET_FIELDS = [
  'password',
  'accessKey',
  'access_token',
  'accessToken',
  'refresh_token',
  'refreshToken',
  'clientSecret',
  'client_secret',
  'secret',
  'token',
  'code_verifier',
];

/**
 * Query parameter names whose values are logged as sent: the paging, sorting and
 * filtering parameters of the API's own routes. Anything else is redacted.
 */
const HARMLESS_QUERY = new Set(
  [
    'limit',
    'offset',
    'page',
    'sort',
    'status',
    'platform',
    'profileId',
    'integrationId',
    'accountId',
    'appId',
    'headless',
    'deleteFromPlatforms',
    'createdAfter',
    'createdBefore',
    'scheduledAfter',
    'scheduledBefore',
    'from',
    'to',
    'since',
    'until',
    'metrics',
    'metric',
    'metricType',
    'breakdown',
    'error',
  ].map((n) => n.toLowerCase()),
);

const REDACTED = '[redacted]';

/**
 * The service's own token formats: a prefix of CREDENTIALS (src/domain/credentials.ts,
 * the one list of every kind it issues) and base64url characters.
 */
const OWN_SECRET = new RegExp(`\\b(${CREDENTIAL_PREFIXES.join('|')})_[A-Za-z0-9_-]+`, 'g');

/** Text with every value shaped like one of our secrets masked (its prefix kept, to say what it was). */
/** A review link token from before review links had a prefix, where the page and the API carry it. */
const OLD_REVIEW_TOKEN = /(\/review\/)[A-Za-z0-9_-]{20,}/g;

export const maskOwnSecrets = (text: string): string =>
  text.replace(OWN_SECRET, `$1_${REDACTED}`).replace(OLD_REVIEW_TOKEN, `$1${REDACTED}`);

function safeQueryName(raw: string): boolean {
  let name: string;
  try {
    name = decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return false;
  }
  return HARMLESS_QUERY.has(name.toLowerCase());
}

/**
 * The URL as it may be logged: the path as sent (our secret shapes masked) and each
 * query parameter's value only when its name is known to be harmless.
 */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return maskOwnSecrets(url);
  const path = url.slice(0, q);
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      if (eq < 0) return pair;
      const name = pair.slice(0, eq);
      return safeQueryName(name) ? pair : `${name}=${REDACTED}`;
    })
    .join('&');
  return maskOwnSecrets(`${path}?${query}`);
}

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: { service: 'social-publishing' },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: {
        paths: [
          'req.headers["x-access-key"]',
          'req.headers.authorization',
          'req.headers.cookie',
          'headers["x-access-key"]',
          'headers.authorization',
          ...SECRET_FIELDS,
          ...SECRET_FIELDS.map((f) => `*.${f}`),
        ],
        censor: REDACTED,
      },
      serializers: {
        req: (req: { method: string; url: string; id: string; ip?: string }) => ({
          method: req.method,
          url: redactUrl(req.url),
          id: req.id,
          remoteAddress: req.ip,
        }),
      },
      // The last line of defence: whatever a caller logged, a secret of ours is not written.
      hooks: { streamWrite: maskOwnSecrets },
    },
    destination,
  );
}
