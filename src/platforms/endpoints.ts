/**
 * Where each platform lives and which app the service uses there.
 *
 * Every platform module names its hosts (`authorize` is the page the user opens; the
 * others are called by the service). By default they are the real hosts. Settings
 * per platform override them: `<P>_AUTH_BASE_URL` replaces the authorization host,
 * `<P>_API_BASE_URL` every other host (paths are kept, so one base can serve them
 * all, as the simulator does).
 *
 * Sandbox mode: a platform without `<P>_CLIENT_ID` and `<P>_CLIENT_SECRET` uses the
 * simulator at SIMULATOR_URL (`<simulator>/<platform>` for all its hosts) with the
 * simulator's sandbox app, unless SANDBOX=off. Bluesky needs no app: it uses
 * BLUESKY_PDS_URL when set, else the simulator in sandbox mode, else bsky.social.
 * Telegram needs no app either (a bot token is the credential): TELEGRAM_API_BASE_URL
 * when set, else the simulator in sandbox mode, else api.telegram.org. Mastodon has no
 * app to configure either (the service registers one on each instance): its default
 * instance is MASTODON_INSTANCE_URL, else the simulator in sandbox mode.
 */
import type { Config } from '../config.ts';
import { sandboxApp } from '../facts/sandbox-app.ts';
import type { ClientCredentials } from './auth-types.ts';
import { PLATFORMS, type Platform } from './names.ts';
import { PLATFORM_MODULES } from './registry.ts';

export const DEFAULT_BLUESKY_PDS = 'https://bsky.social';

export type EndpointMode = 'real' | 'sandbox' | 'unavailable';

export interface PlatformEndpoints {
  platform: Platform;
  /** real: the service's own app on the configured hosts; sandbox: the simulator; unavailable: neither. */
  mode: EndpointMode;
  /** The service's app on this platform; null for Bluesky and unavailable platforms. */
  client: ClientCredentials | null;
  /** The address of `path` on one of the platform's hosts. */
  url(host: string, path: string): string;
  pdsUrl: string;
  /** The API version the module's calls carry under these settings (module `apiVersion`). */
  apiVersion: string | undefined;
  /**
   * The module's other hosts by name (Facebook's `video`), as base URLs: what
   * PublishContext.extraBaseUrls carries to the adapter.
   */
  extraBaseUrls: Record<string, string>;
}

/** The hosts every module has; the others are the platform's extra hosts. */
const MAIN_HOSTS = new Set(['authorize', 'token', 'api']);

const trim = (u: string) => u.replace(/\/+$/, '');

function upper(platform: Platform): string {
  return platform.toUpperCase();
}

function setting(config: Config, name: string): string | undefined {
  const v = (config as unknown as Record<string, unknown>)[name];
  return typeof v === 'string' && v !== '' ? v : undefined;
}

/** The hosts, app and mode of one platform under the given settings. */
export function platformEndpoints(config: Config, platform: Platform): PlatformEndpoints {
  const simulator = config.SANDBOX === 'auto' && config.SIMULATOR_URL ? trim(config.SIMULATOR_URL) : null;
  const module = PLATFORM_MODULES[platform];
  const hosts: Record<string, string> = module.hosts;
  const apiVersion = 'apiVersion' in module ? module.apiVersion(config) : undefined;
  const key = upper(platform);
  let mode: EndpointMode;
  let client: ClientCredentials | null = null;
  let authBase: string | undefined;
  let apiBase: string | undefined;
  if (platform === 'bluesky') {
    const pds = config.BLUESKY_PDS_URL ? trim(config.BLUESKY_PDS_URL) : null;
    const pdsUrl = pds ?? (simulator ? `${simulator}/bluesky` : DEFAULT_BLUESKY_PDS);
    return {
      platform,
      mode: pds || !simulator ? 'real' : 'sandbox',
      client: null,
      url: (_host, path) => `${pdsUrl}${path}`,
      pdsUrl,
      apiVersion,
      extraBaseUrls: {},
    };
  }
  if (platform === 'mastodon') {
    // Each account is on its own instance (metadata.instance) with the app the service
    // registered there; this is the instance a connect without one goes to.
    const named = config.MASTODON_INSTANCE_URL ? trim(config.MASTODON_INSTANCE_URL) : null;
    const api = named ?? (simulator ? `${simulator}/mastodon` : hosts.api);
    return {
      platform,
      mode: named || !simulator ? 'real' : 'sandbox',
      client: null,
      url: (_host, path) => `${api}${path}`,
      pdsUrl: DEFAULT_BLUESKY_PDS,
      apiVersion,
      extraBaseUrls: {},
    };
  }
  if (module.auth.method === 'bot_token') {
    const base = setting(config, `${key}_API_BASE_URL`);
    const api = base ? trim(base) : simulator ? `${simulator}/${platform}` : hosts.api;
    return {
      platform,
      mode: base || !simulator ? 'real' : 'sandbox',
      client: null,
      url: (_host, path) => `${api}${path}`,
      pdsUrl: DEFAULT_BLUESKY_PDS,
      apiVersion,
      extraBaseUrls: {},
    };
  }
  const clientId = setting(config, `${key}_CLIENT_ID`);
  const clientSecret = setting(config, `${key}_CLIENT_SECRET`);
  if (clientId && clientSecret) {
    mode = 'real';
    client = { clientId, clientSecret };
    authBase = setting(config, `${key}_AUTH_BASE_URL`);
    apiBase = setting(config, `${key}_API_BASE_URL`);
  } else if (simulator) {
    mode = 'sandbox';
    client = sandboxApp(platform);
    authBase = `${simulator}/${platform}`;
    apiBase = authBase;
  } else {
    mode = 'unavailable';
  }
  const url = (host: string, path: string): string => {
    const real = hosts[host];
    if (!real) throw new Error(`${platform} has no host named ${host}`);
    if (host === 'authorize') return `${authBase ? trim(authBase) : real}${path}`;
    if (!apiBase) return `${real}${path}`;
    // The simulator serves every host of a platform under one prefix; an extra host
    // is named in the path (`/_host/graph-video.facebook.com/...`) so the simulated
    // platform can tell it from the main one, as the real one does.
    if (mode === 'sandbox' && !MAIN_HOSTS.has(host))
      return `${trim(apiBase)}/_host/${new URL(real).host}${path}`;
    return `${trim(apiBase)}${path}`;
  };
  return {
    platform,
    mode,
    client,
    pdsUrl: DEFAULT_BLUESKY_PDS,
    apiVersion,
    url,
    extraBaseUrls: Object.fromEntries(
      Object.keys(hosts)
        .filter((h) => !MAIN_HOSTS.has(h))
        .map((h) => [h, url(h, '')]),
    ),
  };
}

/** Platforms that will use the simulator under these settings (for the start log). */
export function sandboxPlatforms(config: Config): Platform[] {
  const probe = { ...config, SIMULATOR_URL: config.SIMULATOR_URL ?? 'http://simulator.invalid' };
  return PLATFORMS.filter((p) => platformEndpoints(probe, p).mode === 'sandbox');
}
