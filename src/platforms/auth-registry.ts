/**
 * The auth module of every platform, keyed by platform, and the AuthEnv each call
 * runs with (hosts from config or sandbox mode, the app's credentials, our callback).
 */
import type { AppContext } from '../context.ts';
import type { AuthEnv, ClientCredentials, PlatformAuth } from './auth-types.ts';
import { blueskyAuth } from './bluesky/auth.ts';
import { platformEndpoints } from './endpoints.ts';
import { facebookAuth } from './facebook/auth.ts';
import { googleBusinessAuth } from './googlebusiness/auth.ts';
import { instagramAuth } from './instagram/auth.ts';
import { linkedinAuth } from './linkedin/auth.ts';
import type { Platform } from './names.ts';
import { pinterestAuth } from './pinterest/auth.ts';
import { threadsAuth } from './threads/auth.ts';
import { tiktokAuth } from './tiktok/auth.ts';
import { twitterAuth } from './twitter/auth.ts';
import { youtubeAuth } from './youtube/auth.ts';

export const AUTH_REGISTRY = {
  twitter: twitterAuth,
  instagram: instagramAuth,
  youtube: youtubeAuth,
  tiktok: tiktokAuth,
  pinterest: pinterestAuth,
  linkedin: linkedinAuth,
  bluesky: blueskyAuth,
  facebook: facebookAuth,
  threads: threadsAuth,
  googlebusiness: googleBusinessAuth,
} as const satisfies Record<Platform, PlatformAuth>;

export const authFor = (platform: Platform): PlatformAuth => AUTH_REGISTRY[platform];

/** Our OAuth callback for a platform (what the platform redirects the user back to). */
export const callbackUrl = (ctx: AppContext, platform: Platform): string =>
  `${ctx.config.PUBLIC_URL}/v1/connect/${platform}/callback`;

/**
 * The environment of one auth call. `client` is the customer's app (BYOK) when
 * given, else the service's app for the platform (null when unavailable: the
 * caller has checked that with platformEndpoints first).
 */
export function authEnv(ctx: AppContext, platform: Platform, client?: ClientCredentials | null): AuthEnv {
  const endpoints = platformEndpoints(ctx.config, platform);
  return {
    platform,
    client: client ?? endpoints.client ?? { clientId: '', clientSecret: '' },
    url: endpoints.url,
    redirectUri: callbackUrl(ctx, platform),
    pdsUrl: endpoints.pdsUrl,
    timeoutMs: ctx.config.PLATFORM_TIMEOUT_MS,
    now: ctx.now,
  };
}
