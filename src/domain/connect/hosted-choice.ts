/**
 * Account choice on a page we host. Without `headless`, a flow whose platform
 * offers several accounts (Facebook Pages, LinkedIn member and organizations,
 * Google Business locations) does not hand the choice back to the client: the
 * person is sent to /connect/choose/{platform}/{token} (src/http/connect-page/choose.ts),
 * chooses there, and lands on redirectUri with the chosen integrationId(s), as a
 * flow without a choice does.
 *
 * The selection token in that address is one-time and expiring like any selection
 * token; on top, it is bound to the browser that authorized: the callback sets a
 * random key in an HttpOnly cookie and the selection keeps only its hash. Someone
 * who reads the address elsewhere (history, a log, a shoulder) can not choose, and
 * the API selection paths refuse the token.
 */
import type { AppContext } from '../../context.ts';
import type { ConnectedAccount, TokenSet } from '../../platforms/auth-types.ts';
import { newCredential } from '../credentials.ts';
import { createSelection, type SelectionContext } from './selection.ts';
import { hashOf } from './states.ts';

export const CHOICE_COOKIE = 'sps_choice';

export const choicePath = (platform: string, token: string): string => `/connect/choose/${platform}/${token}`;

export interface HostedChoice {
  /** Our page's address, to redirect the person to. */
  location: string;
  /** The Set-Cookie value binding the choice to this browser. */
  cookie: string;
}

export async function offerHostedChoice(
  ctx: AppContext,
  input: SelectionContext & {
    cancelRedirectUri: string | null;
    accounts: ConnectedAccount[];
    userTokens: TokenSet;
  },
): Promise<HostedChoice> {
  const browserKey = newCredential('choiceBrowserKey');
  const { cancelRedirectUri, ...rest } = input;
  const selection = await createSelection(ctx, {
    ...rest,
    hosted: { browserHash: hashOf(browserKey), cancelRedirectUri },
  });
  return {
    location: `${ctx.config.PUBLIC_URL}${choicePath(input.platform, selection.token)}`,
    cookie: choiceCookie(
      ctx,
      choicePath(input.platform, selection.token),
      browserKey,
      selection.expiresInSeconds,
    ),
  };
}

/**
 * Set-Cookie for the key (null clears it once the choice is made). Its path is the
 * choice page's own, so two flows in one browser (Facebook, then LinkedIn) keep
 * their own keys and no other page of ours ever receives one.
 */
export function choiceCookie(
  ctx: AppContext,
  path: string,
  browserKey: string | null,
  maxAgeSeconds = 0,
): string {
  const secure = (ctx.config.PUBLIC_URL ?? '').startsWith('https:') ? '; Secure' : '';
  // Lax: the person arrives from the platform's authorization page by a top-level redirect.
  return `${CHOICE_COOKIE}=${browserKey ?? ''}; Path=${path}; HttpOnly; SameSite=Lax; Max-Age=${browserKey ? maxAgeSeconds : 0}${secure}`;
}

/** The browser key the request's cookie carries, if any. */
export function browserKeyOf(cookieHeader: string | undefined): string | undefined {
  for (const part of (cookieHeader ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === CHOICE_COOKIE) {
      const value = part.slice(eq + 1).trim();
      return value && value.length <= 100 ? value : undefined;
    }
  }
  return undefined;
}
