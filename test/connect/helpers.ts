/**
 * Connect tests: the service and the simulator in process, and a "browser" that
 * follows the URLs and redirects a user would: our connect URL → the simulator's
 * authorize page → our callback → the client's redirectUri.
 */
import assert from 'node:assert/strict';
import type { SettingName } from '../../src/config.ts';
import { type Simulator, startSimulator } from '../../src/simulator/index.ts';
import type { Dialect } from '../../src/store/db.ts';
import { startTestService, type TestService } from '../harness.ts';

export const REDIRECT = 'https://client.example/connected';
export const CANCEL = 'https://client.example/cancelled';

export interface ConnectEnv {
  sim: Simulator;
  t: TestService;
  close(): Promise<void>;
}

export async function startConnectEnv(
  dialect: Dialect,
  settings: Partial<Record<SettingName, string>> = {},
): Promise<ConnectEnv> {
  const sim = await startSimulator();
  const t = await startTestService(dialect, { settings: { SIMULATOR_URL: sim.url, ...settings } });
  return {
    sim,
    t,
    async close() {
      await t.close();
      await sim.close();
    },
  };
}

/** Opens the platform's authorize URL like a browser; answers where it redirects (our callback). */
export async function authorize(url: string): Promise<string> {
  const res = await fetch(url, { redirect: 'manual' });
  await res.body?.cancel();
  const location = res.headers.get('location');
  assert.equal(res.status, 302, `authorize page answered ${res.status} for ${url}`);
  assert.ok(location, 'authorize page gave no redirect');
  return location;
}

/** Follows a redirect to our service (the callback) through the real HTTP stack, without a key. */
export async function visitService(t: TestService, location: string) {
  const u = new URL(location.replace(/#_$/, ''));
  return t.request('GET', `${u.pathname}${u.search}`, undefined, { 'x-access-key': '' });
}

export interface ConnectQuery {
  redirectUri?: string;
  cancelRedirectUri?: string;
  headless?: boolean;
  profileId?: string;
  appId?: string;
}

export function connectPath(platform: string, q: ConnectQuery = {}): string {
  const params = new URLSearchParams();
  params.set('redirectUri', q.redirectUri ?? REDIRECT);
  params.set('cancelRedirectUri', q.cancelRedirectUri ?? CANCEL);
  if (q.headless) params.set('headless', 'true');
  if (q.profileId) params.set('profileId', q.profileId);
  if (q.appId) params.set('appId', q.appId);
  return `/v1/connect/${platform}?${params}`;
}

/** The whole user journey; answers the final redirect (to redirectUri or cancelRedirectUri) as a URL. */
export async function connectLikeAUser(
  t: TestService,
  platform: string,
  q: ConnectQuery = {},
  tweakAuthorizeUrl: (url: URL) => void = () => {},
  headers: Record<string, string> = {},
): Promise<URL> {
  const start = await t.request('GET', connectPath(platform, q), undefined, headers);
  assert.equal(start.status, 200, `GET /v1/connect/${platform}: ${start.text}`);
  const authorizeUrl = new URL(start.body.url);
  tweakAuthorizeUrl(authorizeUrl);
  const callback = await authorize(authorizeUrl.toString());
  const done = await visitService(t, callback);
  assert.equal(done.status, 302, `callback answered ${done.status}: ${done.text}`);
  return new URL(String(done.headers.location));
}
