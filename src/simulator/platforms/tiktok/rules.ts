/**
 * TikTok Content Posting settings and limits on the simulator, shared by the
 * creator-info route (accounts.ts) and the publishing routes (publish.ts):
 * - per-token sliding one-minute windows: init endpoints 6, status/fetch 30,
 *   creator_info 20 (TikTok answers 429 `rate_limit_exceeded`, without headers);
 * - the knobs a test may turn through `sim.state.collection('tiktok', 'settings')`.
 */
import { authOf, type SimRequest, type SimResponse } from '../../core/http.ts';
import type { Simulator } from '../../core/simulator-api.ts';
import { tiktokError } from './platform.ts';

/** TikTok's 401 `scope_not_authorized` unless the token carries one of `scopes`. */
export const needScope = (req: SimRequest, ...scopes: string[]): SimResponse | undefined =>
  scopes.some((s) => authOf(req).token.scopes.includes(s))
    ? undefined
    : tiktokError(
        401,
        'scope_not_authorized',
        'The user did not authorize the scope required for completing this request.',
      );

/** TikTok's 429 answer (no rate-limit headers; the window is one minute). */
export const rateLimited = (): SimResponse =>
  tiktokError(429, 'rate_limit_exceeded', 'The API rate limit was exceeded. Please try again later.');

/** What a test may set in the `settings` collection (every key optional). */
export interface TikTokSimSettings {
  /** Milliseconds (simulator clock) TikTok takes to process after the bytes are in or the pull began. Default 1500. */
  processingMs: number;
  /** Milliseconds after processing before a public post's id is released (moderation). Default 1000. */
  moderationMs: number;
  /** URL prefixes verified in the developer portal for PULL_FROM_URL. Default: loopback. */
  verifiedUrlPrefixes: string[];
  /** Direct posts per creator per 24 h before `spam_risk_too_many_posts`. Default none. */
  dailyPostCap: number | null;
  /** Pending inbox shares per creator per 24 h before `spam_risk_too_many_pending_share`. Default 5. */
  pendingShareCap: number;
  /** An unaudited client: only SELF_ONLY posts. Default false. */
  unaudited: boolean;
  /** The next publishes end FAILED with this fail_reason (consumed one per publish). */
  failNext: string[];
  /** Requests per minute per token. */
  perMinute: { init: number; status: number; creatorInfo: number };
}

const DEFAULTS: TikTokSimSettings = {
  processingMs: 1500,
  moderationMs: 1000,
  verifiedUrlPrefixes: ['http://127.0.0.1', 'http://localhost', 'http://[::1]'],
  dailyPostCap: null,
  pendingShareCap: 5,
  unaudited: false,
  failNext: [],
  perMinute: { init: 6, status: 30, creatorInfo: 20 },
};

/** The settings in force (the collection's values over the defaults). */
export function settings(sim: Simulator): TikTokSimSettings {
  const set = sim.state.collection<unknown>('tiktok', 'settings');
  const out = { ...DEFAULTS } as Record<string, unknown>;
  for (const [k, v] of set) out[k] = v;
  return out as unknown as TikTokSimSettings;
}

export type Window = keyof TikTokSimSettings['perMinute'];

/** Counts one request of `token` on `window`; false when the minute's allowance is used up. */
export function withinRate(sim: Simulator, window: Window, token: string): boolean {
  const hits = sim.state.collection<number[]>('tiktok', `rate:${window}`);
  const now = sim.clock.now();
  const recent = (hits.get(token) ?? []).filter((t) => t > now - 60_000);
  if (recent.length >= settings(sim).perMinute[window]) {
    hits.set(token, recent);
    return false;
  }
  recent.push(now);
  hits.set(token, recent);
  return true;
}
