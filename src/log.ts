/**
 * The pino logger. Secrets never reach a log: headers that carry keys are
 * redacted, and so is any field whose name marks it as a secret.
 */
import pino, { type Logger } from 'pino';

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

const SENSITIVE_QUERY =
  /([?&](?:code|state|token|access_token|refresh_token|password|client_secret|signature)=)[^&]*/gi;

/** The URL as it may be logged: values of secret-bearing query parameters removed. */
export const redactUrl = (url: string): string => url.replace(SENSITIVE_QUERY, '$1[redacted]');

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
        censor: '[redacted]',
      },
      serializers: {
        req: (req: { method: string; url: string; id: string; ip?: string }) => ({
          method: req.method,
          url: redactUrl(req.url),
          id: req.id,
          remoteAddress: req.ip,
        }),
      },
    },
    destination,
  );
}
