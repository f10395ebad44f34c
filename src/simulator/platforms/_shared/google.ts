/**
 * Google conventions shared by YouTube and Google Business Profile: the
 * `{error:{code,message,status,errors?}}` body, the 401 for bad tokens and the
 * token endpoint's `invalid_grant` answers.
 */
import { json, type SimResponse } from '../../core/http.ts';

export const googleError = (
  code: number,
  status: string,
  message: string,
  errors?: { message: string; domain: string; reason: string; location?: string; locationType?: string }[],
  headers: Record<string, string> = {},
): SimResponse => json(code, { error: { code, message, ...(errors ? { errors } : {}), status } }, headers);

export const googleUnauthorized = (withErrors: boolean): SimResponse =>
  googleError(
    401,
    'UNAUTHENTICATED',
    'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential. See https://developers.google.com/identity/sign-in/web/devconsole-project.',
    withErrors
      ? [
          {
            message: 'Invalid Credentials',
            domain: 'global',
            reason: 'authError',
            location: 'Authorization',
            locationType: 'header',
          },
        ]
      : undefined,
    { 'www-authenticate': 'Bearer realm="https://accounts.google.com/", error="invalid_token"' },
  );
