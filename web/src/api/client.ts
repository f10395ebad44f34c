/**
 * The dashboard's one way to the service: a client typed from the service's own
 * OpenAPI document (the repository's client/openapi.d.ts, from `npm run client:generate`), so a change
 * of the API that breaks a page fails `npm run typecheck`. A person signed in with
 * e-mail and password is known by the session cookie the service set (HttpOnly:
 * this code never sees it; same-origin requests carry it). An operator may sign in
 * with an access key instead: every call then carries it; it lives in
 * sessionStorage only, so closing the browser or signing out forgets it.
 */
import createClient, { type Middleware } from 'openapi-fetch';
import type { components, paths } from '../../../client/openapi.d.ts';

export type Schemas = components['schemas'];
export type Post = Schemas['Post'];
export type Integration = Schemas['Integration'];
/** One problem of a body, as POST /v1/posts/validate and a saved draft's answer word it. */
export type Problem = NonNullable<
  paths['/v1/posts/drafts/{postId}']['put']['responses'][200]['content']['application/json']['problems']
>[number];
/** The API's Platform value set, as its integration filter declares it. */
export type PlatformName = NonNullable<
  NonNullable<paths['/v1/connect/integrations']['get']['parameters']['query']>['platform']
>;

export const PLATFORM_LABELS: Record<PlatformName, string> = {
  twitter: 'X',
  instagram: 'Instagram',
  youtube: 'YouTube',
  tiktok: 'TikTok',
  pinterest: 'Pinterest',
  linkedin: 'LinkedIn',
  bluesky: 'Bluesky',
  facebook: 'Facebook Page',
  threads: 'Threads',
  googlebusiness: 'Google Business',
  telegram: 'Telegram',
  discord: 'Discord',
  reddit: 'Reddit',
  mastodon: 'Mastodon',
};

/**
 * Every platform the service has, the networks beyond the contract's ten included: a
 * person sees and filters by all of them. Which ones connect here comes from the
 * service (GET /v1/platforms?all=true), not from this list.
 */
export const PLATFORM_NAMES = Object.keys(PLATFORM_LABELS) as PlatformName[];

const KEY = 'sps.accessKey';

export const session = {
  key: (): string | null => sessionStorage.getItem(KEY),
  signIn: (key: string) => sessionStorage.setItem(KEY, key),
  signOut: () => sessionStorage.removeItem(KEY),
};

/** Ends the session (the cookie) or forgets the key, and tells the app. */
export async function signOut(): Promise<void> {
  if (!session.key()) await api.POST('/v1/auth/sign-out').catch(() => undefined);
  session.signOut();
}

const withKey: Middleware = {
  onRequest({ request }) {
    const key = session.key();
    if (key) request.headers.set('x-access-key', key);
    return request;
  },
};

// Same-origin requests carry the session cookie; the service checks their Origin for changes.
export const api = createClient<paths>({ baseUrl: location.origin, credentials: 'same-origin' });
api.use(withKey);

/** The message of an error answer in either shape (`{success:false, message}` or `{error}`). */
export function errorMessage(error: unknown, fallback = 'The request failed'): string {
  if (error && typeof error === 'object') {
    const e = error as { message?: unknown; error?: unknown };
    if (typeof e.message === 'string') return e.message;
    if (typeof e.error === 'string') return e.error;
  }
  return fallback;
}

/** The answer's data, or throws an Error with the API's message (for pages that show it). */
export async function ok<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  const { data, error, response } = await call;
  if (response.status === 401) {
    session.signOut();
    window.dispatchEvent(new Event('sps:signed-out'));
  }
  if (error !== undefined || data === undefined)
    throw new Error(errorMessage(error, `HTTP ${response.status}`));
  return data;
}

/** A member of the project, as GET /v1/members answers it. */
export type Member =
  paths['/v1/members']['get']['responses'][200]['content']['application/json']['members'][number];
export type Role = Member['role'];
/** Who is signed in, as GET /v1/auth/session answers it. */
export type SessionView =
  paths['/v1/auth/session']['get']['responses'][200]['content']['application/json']['session'];
