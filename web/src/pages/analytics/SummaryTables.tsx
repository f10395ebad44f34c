// The period summary (GET /v1/analytics/summary) as tables: per platform and per
// account, followers and the totals of the posts published in the period, each
// with its change against the previous period of equal length; then the top posts.
import { PLATFORM_LABELS } from '../../api/client.ts';
import { formatTime, Link } from '../../ui.tsx';
import { accountName, change, number, type Summary, signed } from './history.ts';

type Totals = Summary['platforms'][number]['totals'];
const TOTALS: [keyof Totals, string][] = [
  ['posts', 'Posts'],
  ['impressions', 'Impressions'],
  ['views', 'Views'],
  ['engagement', 'Engagement'],
  ['clicks', 'Clicks'],
];

function Row(props: {
  head: string;
  followers: number | null;
  followersChange: number | null;
  previousChange: number | null;
  totals: Totals;
  previous: Totals;
}) {
  return (
    <tr>
      <th scope="row">{props.head}</th>
      <td>{number(props.followers)}</td>
      <td>
        {signed(props.followersChange)}
        <span className="an-before"> (before: {signed(props.previousChange)})</span>
      </td>
      {TOTALS.map(([k]) => (
        <td key={k}>
          {number(props.totals[k])}
          <span className="an-before"> {change(props.totals[k], props.previous[k])}</span>
        </td>
      ))}
    </tr>
  );
}

function Head(props: { first: string }) {
  return (
    <thead>
      <tr>
        <th scope="col">{props.first}</th>
        <th scope="col">Followers</th>
        <th scope="col">Follower change</th>
        {TOTALS.map(([k, label]) => (
          <th scope="col" key={k}>
            {label}
          </th>
        ))}
      </tr>
    </thead>
  );
}

export function SummaryTables(props: { summary: Summary; links?: boolean }) {
  const s = props.summary;
  if (s.accounts.length === 0) return <p className="state-empty">No accounts to sum up in this period.</p>;
  const period = `${s.from} to ${s.to}, against ${s.previousFrom} to ${s.previousTo}`;
  return (
    <>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to scroll. */}
      <section className="an-scroll" tabIndex={0} aria-label="Summary by platform, table">
        <table className="an-table an-summary" data-testid="summary-platforms">
          <caption>By platform, {period}</caption>
          <Head first="Platform" />
          <tbody>
            {s.platforms.map((p) => (
              <Row
                key={p.platform}
                head={PLATFORM_LABELS[p.platform]}
                followers={p.followers}
                followersChange={p.followersChange}
                previousChange={p.previous.followersChange}
                totals={p.totals}
                previous={p.previous.totals}
              />
            ))}
          </tbody>
        </table>
      </section>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to scroll. */}
      <section className="an-scroll" tabIndex={0} aria-label="Summary by account, table">
        <table className="an-table an-summary">
          <caption>By account</caption>
          <Head first="Account" />
          <tbody>
            {s.accounts.map((a) => (
              <Row
                key={a.integrationId}
                head={`${PLATFORM_LABELS[a.platform]}: ${accountName(a)}`}
                followers={a.followers}
                followersChange={a.followersChange}
                previousChange={a.previous.followersChange}
                totals={a.totals}
                previous={a.previous.totals}
              />
            ))}
          </tbody>
        </table>
      </section>
      <h3>Top posts</h3>
      {s.topPosts.length === 0 ? (
        <p className="state-empty">No post published in this period has metrics yet.</p>
      ) : (
        <ol className="an-top-posts" data-testid="top-posts">
          {s.topPosts.map((t) => (
            <li key={t.postId}>
              {props.links === false ? (
                <span>{t.postId}</span>
              ) : (
                <Link to={`/analytics?post=${encodeURIComponent(t.postId)}`}>
                  Post of {formatTime(t.publishedAt)}
                </Link>
              )}{' '}
              — {number(t.engagement)} engagements on {t.platforms.map((p) => PLATFORM_LABELS[p]).join(', ')}
              {props.links === false ? ` (${formatTime(t.publishedAt)})` : ''}
            </li>
          ))}
        </ol>
      )}
    </>
  );
}
