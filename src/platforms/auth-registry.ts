/**
 * The connect flow of every platform (its module's `auth`) and the AuthEnv each
 * call runs with (hosts from config or sandbox mode, the app's credentials, our
 * callback, the module's API version).
 */
import type { AppContext } from '../context.ts';
import { type PlatformUrlGuard, platformUrlGuard } from '../net/outbound.ts';
import type { AuthEnv, ClientCredentials, PlatformAuth } from './auth-types.ts';
import type { Platform } from './names.ts';
import { PLATFORM_MODULES } from './registry.ts';

export const authFor = (platform: Platform): PlatformAuth => PLATFORM_MODULES[platform].auth;

/** Our OAuth callback for a platform (what the platform redirects the user back to). */
export const callbackUrl = (ctx: AppContext, platform: Platform): string =>
  `${ctx.config.PUBLIC_URL}/v1/connect/${platform}/callback`;

/**
 * Where a platform's calls to an address outside its configured hosts go (the
 * outbound client's address filter): URLs the platform answered with, and a
 * Mastodon account's own instance, which a user named. Publish, delete, edit,
 * analytics and first comments all use this one guard.
 */
export function platformUrlsOf(ctx: AppContext, platform: Platform): PlatformUrlGuard {
  const endpoints = ctx.endpoints[platform];
  return platformUrlGuard(
    ctx.outbound,
    Object.keys(ctx.platforms[platform].hosts).map((host) => endpoints.url(host, '')),
  );
}

/**
 * The environment of one auth call. `client` is the customer's app (BYOK) when
 * given, else the service's app for the platform (null when unavailable: the
 * caller has checked that with platformEndpoints first).
 */
export function authEnv(ctx: AppContext, platform: Platform, client?: ClientCredentials | null): AuthEnv {
  const endpoints = ctx.endpoints[platform];
  return {
    platform,
    client: client ?? endpoints.client ?? { clientId: '', clientSecret: '' },
    url: endpoints.url,
    redirectUri: callbackUrl(ctx, platform),
    pdsUrl: endpoints.pdsUrl,
    apiVersion: endpoints.apiVersion,
    timeoutMs: ctx.config.PLATFORM_TIMEOUT_MS,
    outside: platformUrlsOf(ctx, platform),
    now: ctx.now,
  };
}
