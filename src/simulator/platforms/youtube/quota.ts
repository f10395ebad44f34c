/**
 * YouTube's daily quota on the simulator: units per API project (the token's
 * client id) per Pacific day (it resets at midnight Pacific time), with the
 * costs of the quota page (uploads 100 since December 2025, thumbnails.set,
 * commentThreads.insert, videos.update and videos.delete 50, videos.list 1), and
 * the per-channel daily upload cap (400 `uploadLimitExceeded`). Limits and costs
 * are settings a test can change (`settings` collection of the youtube platform).
 */
import { pacificDay } from '../../../facts/pacific-time.ts';
import type { SimResponse } from '../../core/http.ts';
import type { Simulator } from '../../core/simulator-api.ts';
import { googleError } from '../_shared/google.ts';
import { profile } from './platform.ts';

export type QuotaOp = 'insert' | 'thumbnail' | 'comment' | 'update' | 'delete' | 'list';

export interface YouTubeSettings {
  /** Units per project per Pacific day (default 10,000). */
  quotaLimit: number;
  /** Units per call kind. */
  costs: Record<QuotaOp, number>;
  /** Videos a channel may upload per Pacific day. */
  dailyUploadCap: number;
  /** How long processing takes after the last byte (simulator clock). */
  processingMs: number;
  /** What processing ends in. */
  processingOutcome: 'processed' | 'failed' | 'rejected';
  /** Custom thumbnails need a verified channel: false answers 403 forbidden. */
  thumbnailsAllowed: boolean;
}

const DEFAULTS: YouTubeSettings = {
  quotaLimit: 10_000,
  costs: { insert: 100, thumbnail: 50, comment: 50, update: 50, delete: 50, list: 1 },
  dailyUploadCap: 100,
  processingMs: 5_000,
  processingOutcome: 'processed',
  thumbnailsAllowed: true,
};

/** The youtube settings with the defaults for what a test did not set. */
export function settingsOf(sim: Simulator): YouTubeSettings {
  const s = sim.state.collection<unknown>('youtube', 'settings');
  const get = <K extends keyof YouTubeSettings>(k: K): YouTubeSettings[K] =>
    (s.get(k) as YouTubeSettings[K] | undefined) ?? DEFAULTS[k];
  return {
    quotaLimit: get('quotaLimit'),
    costs: { ...DEFAULTS.costs, ...get('costs') },
    dailyUploadCap: get('dailyUploadCap'),
    processingMs: get('processingMs'),
    processingOutcome: get('processingOutcome'),
    thumbnailsAllowed: get('thumbnailsAllowed'),
  };
}

/**
 * Charges `op` to the project of `clientId` for today (Pacific); the real
 * 403 `quotaExceeded` answer when the day's units are used up (nothing charged).
 */
export function charge(sim: Simulator, clientId: string, op: QuotaOp): SimResponse | undefined {
  const settings = settingsOf(sim);
  const used = sim.state.collection<number>('youtube', 'quota');
  const key = `${clientId}|${pacificDay(sim.clock.now())}`;
  const now = used.get(key) ?? 0;
  const cost = settings.costs[op];
  if (now + cost > settings.quotaLimit) return profile.rateLimited({}, sim.clock.nowSec(), undefined);
  used.set(key, now + cost);
  return undefined;
}

/** 400 `uploadLimitExceeded` once the channel uploaded its daily cap of videos. */
export function uploadCapReached(sim: Simulator, accountId: string): SimResponse | undefined {
  const today = pacificDay(sim.clock.now());
  const uploaded = sim.state.listPosts('youtube', {
    account: accountId,
    includeDeleted: true,
    where: (p) => pacificDay(Date.parse(p.createdAt)) === today,
  }).length;
  if (uploaded < settingsOf(sim).dailyUploadCap) return undefined;
  const message = 'The user has exceeded the number of videos they may upload.';
  return googleError(400, 'INVALID_ARGUMENT', message, [
    { message, domain: 'youtube.video', reason: 'uploadLimitExceeded' },
  ]);
}
