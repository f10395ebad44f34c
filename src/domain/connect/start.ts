/**
 * Starting a connection: checks the options, stores a one-time state (with the
 * PKCE verifier where the platform takes PKCE) and answers the platform's
 * authorization URL for the user to open.
 */
import type { AppContext } from '../../context.ts';
import { AppError, invalid } from '../../errors.ts';
import { authEnv, authFor } from '../../platforms/auth-registry.ts';
import type { AuthEnv, ClientCredentials } from '../../platforms/auth-types.ts';
import type { Platform } from '../../platforms/names.ts';
import { newPkcePair } from '../../platforms/shared/oauth2.ts';
import { appCredentials } from '../apps/apps.ts';
import { type ProjectReach, projectOf } from '../teams/reach.ts';
import { instanceApp, mastodonEnv, resolveInstance } from './mastodon-apps.ts';
import { createState } from './states.ts';
import { checkTargetProfile } from './target-profile.ts';

export interface ConnectOptions {
  redirectUri?: string | undefined;
  cancelRedirectUri?: string | undefined;
  headless?: boolean | undefined;
  profileId?: string | undefined;
  appId?: string | undefined;
  /** Set by the hosted connect page: the callback returns to that session's page. */
  connectSessionToken?: string | undefined;
  /** Mastodon: the instance to connect on (absent: the default one, the simulator in sandbox mode). */
  instance?: string | undefined;
}

function checkRedirect(name: string, value: string | undefined): string | null {
  if (value === undefined || value === '') return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw invalid(`${name} must be an absolute URL`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw invalid(`${name} must be an http(s) URL`);
  return url.toString();
}

/** The client a flow uses: the customer's app (appId) or the service's own app for the platform. */
export async function clientFor(
  ctx: AppContext,
  projectId: string,
  platform: Platform,
  appId: string | null,
): Promise<ClientCredentials> {
  if (appId) return appCredentials(ctx, projectId, appId, platform);
  const endpoints = ctx.endpoints[platform];
  if (!endpoints.client)
    throw new AppError(
      'unavailable',
      `${platform} is not configured on this service: set ${platform.toUpperCase()}_CLIENT_ID and ${platform.toUpperCase()}_CLIENT_SECRET, or connect with the appId of your own ${platform} app`,
    );
  return endpoints.client;
}

export async function startConnect(
  ctx: AppContext,
  reach: ProjectReach,
  platform: Platform,
  options: ConnectOptions,
): Promise<{ url: string }> {
  const projectId = projectOf(reach);
  const auth = authFor(platform);
  if (auth.method !== 'oauth2')
    throw invalid(`${platform} connects with an app password: POST /v1/connect/${platform}/auth`);
  const redirectUri = checkRedirect('redirectUri', options.redirectUri);
  const cancelRedirectUri = checkRedirect('cancelRedirectUri', options.cancelRedirectUri);
  await checkTargetProfile(ctx, reach, options.profileId);
  const appId = options.appId || null;
  if (options.instance !== undefined && platform !== 'mastodon')
    throw invalid('instance is for Mastodon only (the instance to connect on)');
  let env: AuthEnv;
  let instance: string | null = null;
  if (platform === 'mastodon') {
    if (appId)
      throw invalid(
        'Mastodon connects with the app the service registers on the instance itself: appId is not used',
      );
    instance = resolveInstance(ctx, options.instance);
    env = mastodonEnv(ctx, instance, await instanceApp(ctx, projectId, instance));
  } else env = authEnv(ctx, platform, await clientFor(ctx, projectId, platform, appId));
  const pkce = auth.pkce ? await newPkcePair() : null;
  const state = await createState(ctx, {
    projectId,
    platform,
    redirectUri,
    cancelRedirectUri,
    headless: options.headless ?? false,
    profileId: options.profileId || null,
    appId,
    codeVerifier: pkce?.verifier ?? null,
    connectSessionToken: options.connectSessionToken ?? null,
    instance,
  });
  const url = auth.authorizationUrl(env, {
    state,
    codeChallenge: pkce?.challenge ?? null,
  });
  return { url };
}
