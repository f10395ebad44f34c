// What GET /v1/analytics answered: the counts over time (summed by the day the
// posts were published), each post's counts, and what each platform counts (the
// API answers null for what a platform does not count: read from the answer itself).
import { PLATFORM_LABELS, type PlatformName } from '../../api/client.ts';
import { formatTime } from '../../ui.tsx';
import { type Bar, BarChart, LineChart } from './charts.tsx';

const METRICS = [
  'impressions',
  'reach',
  'views',
  'likes',
  'comments',
  'shares',
  'saves',
  'clicks',
  'engagementRate',
] as const;
type Metric = (typeof METRICS)[number];
type Counts = Record<Metric, number | null>;

export interface PostMetrics {
  postId: string | null;
  content: string;
  publishedAt: string | null;
  aggregated: Counts;
  platforms: {
    platform: string;
    metrics: Counts;
    stale: boolean;
    message: string | null;
  }[];
}

const NAMES: Record<Metric, string> = {
  impressions: 'Impressions',
  reach: 'Reach',
  views: 'Views',
  likes: 'Likes',
  comments: 'Comments',
  shares: 'Shares',
  saves: 'Saves',
  clicks: 'Clicks',
  engagementRate: 'Engagement rate',
};

const show = (m: Metric, v: number | null) =>
  v === null ? '—' : m === 'engagementRate' ? `${(v * 100).toFixed(2)}%` : new Intl.NumberFormat().format(v);

const interactions = (c: Counts) => (c.likes ?? 0) + (c.comments ?? 0) + (c.shares ?? 0) + (c.saves ?? 0);

/** Per day of publication: interactions and the best known audience figure (impressions, else views). */
function byDay(posts: PostMetrics[]): { interactions: Bar[]; seen: Bar[] } {
  const days = new Map<string, { i: number; s: number }>();
  for (const p of posts) {
    if (!p.publishedAt) continue;
    const d = p.publishedAt.slice(0, 10);
    const at = days.get(d) ?? { i: 0, s: 0 };
    at.i += interactions(p.aggregated);
    at.s += p.aggregated.impressions ?? p.aggregated.views ?? 0;
    days.set(d, at);
  }
  const sorted = [...days.entries()].sort(([a], [b]) => a.localeCompare(b));
  return {
    interactions: sorted.map(([label, v]) => ({ label, value: v.i })),
    seen: sorted.map(([label, v]) => ({ label, value: v.s })),
  };
}

/** For each platform in the answer: the counts it gave and the ones it answers null for. */
function whatEachCounts(posts: PostMetrics[]) {
  const out = new Map<string, { counted: Set<Metric>; messages: Set<string> }>();
  for (const p of posts)
    for (const t of p.platforms) {
      const at = out.get(t.platform) ?? { counted: new Set<Metric>(), messages: new Set<string>() };
      for (const m of METRICS) if (t.metrics[m] !== null) at.counted.add(m);
      if (t.message) at.messages.add(t.message);
      out.set(t.platform, at);
    }
  return [...out.entries()];
}

export function PostResults(props: { posts: PostMetrics[]; overTime: boolean }) {
  const { posts } = props;
  if (posts.length === 0)
    return <p className="state-empty">No post was published in this range (or on this account).</p>;
  const days = byDay(posts);
  return (
    <>
      {props.overTime && days.interactions.length ? (
        <>
          <LineChart
            title="Interactions (likes, comments, shares, saves) by day of publication"
            points={days.interactions}
            valueHead="Interactions"
          />
          <LineChart
            title="Impressions (or views) by day of publication"
            points={days.seen}
            valueHead="Impressions"
          />
        </>
      ) : null}
      {props.overTime ? null : (
        <BarChart
          title="This post's counts, all platforms together"
          bars={METRICS.filter((m) => m !== 'engagementRate' && posts[0]?.aggregated[m] !== null).map(
            (m) => ({
              label: NAMES[m],
              value: posts[0]?.aggregated[m] ?? 0,
            }),
          )}
          labelHead="Count"
        />
      )}
      <h3 id="an-each">Each post, all its platforms together</h3>
      <p className="hint">— where no platform counts it. The table scrolls sideways on a narrow screen.</p>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must take the keyboard's focus to be scrolled without a mouse. */}
      <section className="an-scroll" aria-labelledby="an-each" tabIndex={0}>
        <table className="an-table">
          <caption className="visually-hidden">Each post, all its platforms together</caption>
          <thead>
            <tr>
              <th scope="col">Post</th>
              <th scope="col">Published</th>
              {METRICS.map((m) => (
                <th key={m} scope="col">
                  {NAMES[m]}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {posts.map((p, i) => (
              <tr key={p.postId ?? i}>
                <th scope="row">
                  {p.content.slice(0, 40) || '(no text)'}
                  {p.content.length > 40 ? '…' : ''}
                  {p.platforms.some((t) => t.stale) ? <span className="badge">stale</span> : null}
                </th>
                <td>{formatTime(p.publishedAt)}</td>
                {METRICS.map((m) => (
                  <td key={m}>{show(m, p.aggregated[m])}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <h3>What each platform counts</h3>
      <ul className="an-counts" data-testid="platform-counts">
        {whatEachCounts(posts).map(([platform, c]) => (
          <li key={platform}>
            <strong>{PLATFORM_LABELS[platform as PlatformName] ?? platform}</strong>:{' '}
            {c.counted.size
              ? `counts ${METRICS.filter((m) => c.counted.has(m))
                  .map((m) => NAMES[m].toLowerCase())
                  .join(', ')}`
              : 'counts nothing for single posts'}
            {METRICS.some((m) => !c.counted.has(m))
              ? `; not ${METRICS.filter((m) => !c.counted.has(m))
                  .map((m) => NAMES[m].toLowerCase())
                  .join(', ')}`
              : ''}
            .{[...c.messages].map((m) => ` ${m}`)}
          </li>
        ))}
      </ul>
    </>
  );
}
