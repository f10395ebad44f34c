/**
 * What a hosted connect session accepts from the integrator. The page sends the
 * customer to redirectUri and shows the logo and colour, so each is checked before
 * it is stored: a redirect that leaks ids over plain HTTP, or a colour that is
 * really CSS, is refused with a sentence saying what to send instead.
 */
import { invalid } from '../../errors.ts';

/** What the page shows of the integrator; each null when not given. */
export interface Branding {
  name: string | null;
  logoUrl: string | null;
  accentColor: string | null;
}

const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** https anywhere; plain http only to this machine (a developer's local app). */
export function checkSessionRedirect(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw invalid('redirectUri must be an absolute URL such as https://app.example.com/connected');
  }
  if (url.protocol === 'https:') return url.toString();
  if (url.protocol === 'http:' && LOOPBACK.has(url.hostname)) return url.toString();
  if (url.protocol === 'http:')
    throw invalid('redirectUri must use https (plain http only for localhost, 127.0.0.1 or [::1])');
  throw invalid('redirectUri must be an https URL');
}

/** #rgb or #rrggbb: the page puts it in its styles, so nothing else is taken. */
const COLOR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

export function checkBranding(input: {
  name?: string | undefined;
  logoUrl?: string | undefined;
  accentColor?: string | undefined;
}): Branding {
  let logoUrl: string | null = null;
  if (input.logoUrl !== undefined) {
    let url: URL | null = null;
    try {
      url = new URL(input.logoUrl);
    } catch {
      url = null;
    }
    if (url?.protocol !== 'https:')
      throw invalid('branding.logoUrl must be an https URL of an image (the page loads it in the browser)');
    logoUrl = url.toString();
  }
  if (input.accentColor !== undefined && !COLOR.test(input.accentColor))
    throw invalid('branding.accentColor must be a hex colour such as #1d4ed8 or #14b');
  const name = input.name?.trim() || null;
  return { name, logoUrl, accentColor: input.accentColor ?? null };
}
