/**
 * Engagement numbers on the simulator, for every platform's metrics endpoints:
 * derived from the simulator's state (the post's id and its age on the simulator
 * clock), so the same post reads the same numbers until time moves, and they grow
 * as it does. Tests steer them in process:
 *
 * - `setPostMetrics(sim, platform, postId, values)` fixes some of a post's numbers;
 *   `bumpPostMetrics` adds to them (a post going viral between two reads);
 * - `setAudience(sim, platform, accountId, {followers, engaged, reached})` sets the
 *   audience sizes that decide whether Instagram has enough audience for
 *   demographics (100 at least); by default the account's followersCount.
 *
 * Outages are fault rules (`sim.faults.add({platform, path, status, body})`).
 */
import type { Platform } from '../../../facts/platforms.ts';
import type { Simulator } from '../../core/simulator-api.ts';
import type { SimPost } from '../../core/types.ts';

/** The numbers every platform's endpoint picks from, under its own field names. */
export const SIM_METRIC_NAMES = [
  'impressions',
  'reach',
  'views',
  'likes',
  'comments',
  'shares',
  'saves',
  'clicks',
  'quotes',
] as const;
export type SimMetricName = (typeof SIM_METRIC_NAMES)[number];
export type SimMetrics = Record<SimMetricName, number>;

/** A stable number from a text (FNV-1a), the seed of every derived value. */
export function seedOf(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

const overrides = (sim: Simulator, platform: Platform) =>
  sim.state.collection<Partial<SimMetrics>>(platform, 'metrics');

/** Fixes some of a post's numbers (the others stay derived). */
export function setPostMetrics(
  sim: Simulator,
  platform: Platform,
  postId: string,
  values: Partial<SimMetrics>,
): void {
  const m = overrides(sim, platform);
  m.set(postId, { ...m.get(postId), ...values });
}

/** Adds to a post's current numbers. */
export function bumpPostMetrics(
  sim: Simulator,
  platform: Platform,
  postId: string,
  delta: Partial<SimMetrics>,
): void {
  const post = sim.state.getPost(platform, postId);
  const now = post ? postMetrics(sim, post) : undefined;
  const next: Partial<SimMetrics> = {};
  for (const [k, v] of Object.entries(delta) as [SimMetricName, number][]) next[k] = (now?.[k] ?? 0) + v;
  setPostMetrics(sim, platform, postId, next);
}

/** The post's numbers now: derived from its id and age, then what the test fixed. */
export function postMetrics(sim: Simulator, post: SimPost): SimMetrics {
  const seed = seedOf(`${post.platform}:${post.id}`);
  const hours = Math.max(0, Math.floor((sim.clock.now() - Date.parse(post.createdAt)) / 3_600_000));
  const likes = 3 + (seed % 40) + hours * 2;
  const derived: SimMetrics = {
    impressions: 200 + (seed % 800) + hours * 40,
    reach: 150 + (seed % 500) + hours * 30,
    views: 250 + (seed % 900) + hours * 45,
    likes,
    comments: 1 + ((seed >>> 8) % 12) + Math.floor(hours / 2),
    shares: (seed >>> 12) % 9,
    saves: (seed >>> 16) % 7,
    clicks: 5 + ((seed >>> 4) % 60) + hours,
    quotes: (seed >>> 20) % 4,
  };
  return { ...derived, ...overrides(sim, post.platform).get(post.id) };
}

export interface SimAudience {
  followers: number;
  engaged: number;
  reached: number;
}

const audiences = (sim: Simulator, platform: Platform) =>
  sim.state.collection<Partial<SimAudience>>(platform, 'audience');

/** Sets an account's audience sizes (demographics need 100 at least). */
export function setAudience(
  sim: Simulator,
  platform: Platform,
  accountId: string,
  audience: Partial<SimAudience>,
): void {
  const m = audiences(sim, platform);
  m.set(accountId, { ...m.get(accountId), ...audience });
}

/** The account's audience sizes: what the test set, else its followers (engaged and reached derived). */
export function audienceOf(sim: Simulator, platform: Platform, accountId: string): SimAudience {
  const followers = sim.state.account(platform, accountId)?.followersCount ?? 0;
  return {
    followers,
    engaged: Math.floor(followers * 0.6),
    reached: followers * 3,
    ...audiences(sim, platform).get(accountId),
  };
}

/** A day's value of an account-wide metric (days since the epoch), stable per account and metric. */
export function dailyValue(accountId: string, metric: string, day: number): number {
  const seed = seedOf(`${accountId}:${metric}:${day}`);
  return 10 + (seed % 90);
}
