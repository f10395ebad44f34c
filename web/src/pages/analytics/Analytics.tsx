// Analytics (/analytics): metrics of the posts published through the service
// (GET /v1/analytics), for the project, one account, or one post (?post=, the link
// of a post in the list), over time by the day they were published; and an
// Instagram account's insights (daily reach) and audience (demographics). Each
// read costs credits, so nothing is read before the person asks, with the price
// (GET /v1/usage `prices`) on the button.
import { useState } from 'react';
import { api, errorMessage, type Integration, ok } from '../../api/client.ts';
import { useLocation } from '../../router.ts';
import { Link, Loaded, PageHeader, useLoad } from '../../ui.tsx';
import { AccountOptions } from '../accounts/AccountOptions.tsx';
import { BrandFilter, useBrand } from '../accounts/BrandFilter.tsx';
import { credits, loadPrices } from '../ai/prices.ts';
import { HistoryOverview } from './HistoryOverview.tsx';
import { InstagramSection } from './InstagramSection.tsx';
import { PostHistory } from './PostHistory.tsx';
import { type PostMetrics, PostResults } from './PostResults.tsx';
import Report from './Report.tsx';
import './analytics.css';

const DAY = 86400_000;
const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The Analytics page, or its printable report (/analytics/report). */
export default function Analytics() {
  const here = useLocation();
  return here.pathname.startsWith('/analytics/report') ? <Report /> : <AnalyticsPage />;
}

function AnalyticsPage() {
  const here = useLocation();
  const postId = here.searchParams.get('post');
  const prices = useLoad(loadPrices, []);
  const brand = useBrand();
  const accounts = useLoad(
    () =>
      ok(
        api.GET('/v1/connect/integrations', {
          params: { query: { limit: 100, offset: 0, sort: 'asc', ...(brand ? { profileId: brand } : {}) } },
        }),
      ),
    [brand],
  );
  const cost = prices.state === 'ready' ? prices.data.analytics : undefined;
  const remaining = prices.state === 'ready' ? prices.data.remaining : null;
  return (
    <>
      <PageHeader title="Analytics" />
      <BrandFilter />
      {postId ? (
        <p>
          One post. <Link to="/analytics">All posts</Link>
        </p>
      ) : null}
      {postId ? <PostHistory postId={postId} /> : <HistoryOverview />}
      <h2 className="an-section">Live reads from the platforms</h2>
      <p className="hint">
        Every read asks the platforms and costs {cost === undefined ? 'credits' : credits(cost)} per read,
        charged only when it succeeds
        {remaining !== null ? ` (${credits(remaining)} left this month)` : ''}. Counts are cached by the
        service for a while; a stale figure is marked.
      </p>
      <Loaded load={accounts} label="connected accounts" minHeight={120}>
        {(d) => (
          <>
            <PostsSection
              key={`${postId ?? 'all'}-${brand}`}
              brand={brand}
              postId={postId}
              accounts={d.integrations}
              cost={cost}
              onRead={prices.reload}
            />
            {postId ? null : (
              <InstagramSection
                accounts={d.integrations.filter((i) => i.platform === 'instagram')}
                cost={cost}
                onRead={prices.reload}
              />
            )}
          </>
        )}
      </Loaded>
    </>
  );
}

type Answer = { post: PostMetrics } | { posts: PostMetrics[]; total: number };

function PostsSection(props: {
  postId: string | null;
  accounts: Integration[];
  /** The brand chosen: its accounts are the ones offered (metrics of many accounts are not split by brand). */
  brand: string;
  cost: number | undefined;
  onRead: () => void;
}) {
  const [accountId, setAccountId] = useState('');
  const [from, setFrom] = useState(day(Date.now() - 29 * DAY));
  const [to, setTo] = useState(day(Date.now()));
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const read = async () => {
    setBusy(true);
    setError('');
    const query = props.postId
      ? { postId: props.postId }
      : { fromDate: from, toDate: to, limit: 100, ...(accountId ? { accountId } : {}) };
    const res = await api.GET('/v1/analytics', { params: { query } }).catch(() => null);
    setBusy(false);
    props.onRead();
    if (!res?.data) return setError(errorMessage(res?.error, 'The service could not be reached'));
    setAnswer(res.data as Answer);
  };
  const posts = answer ? ('post' in answer ? [answer.post] : answer.posts) : [];
  return (
    <section className="an-section" aria-labelledby="an-posts">
      <h2 id="an-posts">{props.postId ? 'This post' : 'Posts over time'}</h2>
      <form
        className="an-controls"
        onSubmit={(e) => {
          e.preventDefault();
          read();
        }}
      >
        {props.postId ? null : (
          <>
            <label>
              Account
              <select value={accountId} onChange={(e) => setAccountId(e.target.value)}>
                <option value="">{props.brand ? 'Every account of every brand' : 'Every account'}</option>
                <AccountOptions accounts={props.accounts} />
              </select>
            </label>
            <label>
              From
              <input type="date" value={from} max={to} onChange={(e) => setFrom(e.target.value)} />
            </label>
            <label>
              To
              <input type="date" value={to} min={from} onChange={(e) => setTo(e.target.value)} />
            </label>
          </>
        )}
        <button type="submit" disabled={busy}>
          {busy ? 'Reading…' : `Show metrics${props.cost === undefined ? '' : ` (${credits(props.cost)})`}`}
        </button>
      </form>
      {error ? (
        <p className="error-text" role="alert">
          {error}
        </p>
      ) : null}
      {answer ? <PostResults posts={posts} overTime={!props.postId} /> : null}
    </section>
  );
}
