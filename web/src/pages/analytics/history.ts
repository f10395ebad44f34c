// The reads of the analytics history (GET /v1/analytics/.../history, summary,
// best-times): they answer from the service's own rows, cost no credit and ask no
// platform, so the pages load them at once, unlike the live reads above them.
import { api, ok, type PlatformName } from '../../api/client.ts';

const DAY = 86400_000;
export const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** A period of days, inclusive, and the profile it is about (null: every account the person reaches). */
export interface Period {
  profileId: string | null;
  from: string;
  to: string;
}

export const lastDays = (days: number): Pick<Period, 'from' | 'to'> => ({
  from: isoDay(Date.now() - (days - 1) * DAY),
  to: isoDay(Date.now()),
});

/** The period a page's address names (?profileId=&from=&to=), the last 30 days by default. */
export function periodOf(params: URLSearchParams): Period {
  const day = /^\d{4}-\d{2}-\d{2}$/;
  const fallback = lastDays(30);
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  return {
    profileId: params.get('profileId') || null,
    from: day.test(from) ? from : fallback.from,
    to: day.test(to) ? to : fallback.to,
  };
}

export const periodQuery = (p: Period): string =>
  new URLSearchParams({
    ...(p.profileId ? { profileId: p.profileId } : {}),
    from: p.from,
    to: p.to,
  }).toString();

const rangeOf = (p: Period) => ({
  from: p.from,
  to: p.to,
  ...(p.profileId ? { profileId: p.profileId } : {}),
});

export const loadSummary = (p: Period) =>
  ok(api.GET('/v1/analytics/summary', { params: { query: rangeOf(p) } }));
export type Summary = Awaited<ReturnType<typeof loadSummary>>;
export type SummaryAccount = Summary['accounts'][number];

export const loadFollowers = (integrationId: string, p: Pick<Period, 'from' | 'to'>) =>
  ok(
    api.GET('/v1/analytics/accounts/{integrationId}/history', {
      params: { path: { integrationId }, query: { from: p.from, to: p.to } },
    }),
  );
export type AccountHistory = Awaited<ReturnType<typeof loadFollowers>>;

export const loadBestTimes = (who: { profileId: string } | { integrationId: string }) =>
  ok(api.GET('/v1/analytics/best-times', { params: { query: { ...who, count: 50 } } }));
export type BestTimesAnswer = Awaited<ReturnType<typeof loadBestTimes>>;

export const loadPostHistory = (postId: string) =>
  ok(api.GET('/v1/analytics/posts/{postId}/history', { params: { path: { postId } } }));
export type PostHistoryAnswer = Awaited<ReturnType<typeof loadPostHistory>>;

export const number = (n: number | null | undefined): string =>
  n === null || n === undefined ? '—' : new Intl.NumberFormat().format(n);

/** "+12", "−3", "0", or "—" when there is nothing to compare. */
export const signed = (n: number | null | undefined): string =>
  n === null || n === undefined ? '—' : n > 0 ? `+${number(n)}` : n < 0 ? `−${number(-n)}` : '0';

/** The change of a total against the previous period, in words a table cell can hold. */
export function change(now: number, before: number): string {
  if (now === before) return 'no change';
  if (before === 0) return `${signed(now - before)} (none before)`;
  const pct = Math.round(((now - before) / before) * 100);
  return `${signed(now - before)} (${pct > 0 ? '+' : pct < 0 ? '−' : ''}${Math.abs(pct)} %)`;
}

export const accountName = (a: { name: string | null; username: string | null; integrationId: string }) =>
  a.name ?? a.username ?? a.integrationId;

export type { PlatformName };
