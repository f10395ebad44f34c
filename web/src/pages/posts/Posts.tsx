// The post list: filters (status, platform, profile, dates) as the API's list query
// takes them, and per target what happened: status, the live post, the platform's message.
// Each card (posts/PostCard.tsx) offers what its state allows and names the account of
// every outcome.
import { useState } from 'react';
import { api, ok, PLATFORM_LABELS, PLATFORM_NAMES, type PlatformName } from '../../api/client.ts';
import { Link, Loaded, PageHeader, unsettled, useLoad, useRefresh } from '../../ui.tsx';
import { setBrand, useBrand } from '../accounts/BrandFilter.tsx';
import { postStatusWords } from '../wording/statuses.ts';
import { PostCard } from './PostCard.tsx';
import { SentNotice } from './SentNotice.tsx';

const STATUSES = ['draft', 'pending', 'scheduled', 'publishing', 'published', 'failed', 'partial'] as const;
type Status = (typeof STATUSES)[number];
const PAGE = 20;

/** A date input's day as the ISO instant of its start (or end) in the person's time zone. */
const dayBound = (day: string, end: boolean) =>
  day ? new Date(`${day}T${end ? '23:59:59.999' : '00:00:00'}`).toISOString() : undefined;

export default function Posts() {
  const [status, setStatus] = useState<Status | ''>('');
  const [platform, setPlatform] = useState<PlatformName | ''>('');
  const profileId = useBrand();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [offset, setOffset] = useState(0);
  const profiles = useLoad(
    () => ok(api.GET('/v1/profiles', { params: { query: { page: 1, limit: 100 } } })),
    [],
  );
  const posts = useLoad(
    () =>
      ok(
        api.GET('/v1/posts', {
          params: {
            query: {
              limit: PAGE,
              offset,
              ...(status ? { status } : {}),
              ...(platform ? { platform: [platform] } : {}),
              ...(profileId ? { profileId } : {}),
              ...(from ? { createdAfter: dayBound(from, false) } : {}),
              ...(to ? { createdBefore: dayBound(to, true) } : {}),
            },
          },
        }),
      ),
    [status, platform, profileId, from, to, offset],
  );
  useRefresh(
    posts.reload,
    posts.state === 'ready' &&
      (unsettled(posts.data.posts) ||
        posts.data.posts.some((p) => p.platforms.some((t) => t.edit?.status === 'editing'))),
  );
  const filtered = status || platform || profileId || from || to;
  const set =
    <T,>(setter: (v: T) => void) =>
    (v: T) => {
      setter(v);
      setOffset(0);
    };
  return (
    <>
      <PageHeader title="Posts">
        <Link to="/compose" className="button">
          New post
        </Link>
      </PageHeader>
      <SentNotice />
      <form className="filters" aria-label="Filter posts" onSubmit={(e) => e.preventDefault()}>
        <label>
          Status
          <select value={status} onChange={(e) => set(setStatus)(e.target.value as Status | '')}>
            <option value="">Any</option>
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {postStatusWords(s)}
              </option>
            ))}
          </select>
        </label>
        <label>
          Platform
          <select value={platform} onChange={(e) => set(setPlatform)(e.target.value as PlatformName | '')}>
            <option value="">Any</option>
            {PLATFORM_NAMES.map((p) => (
              <option key={p} value={p}>
                {PLATFORM_LABELS[p]}
              </option>
            ))}
          </select>
        </label>
        <label>
          Brand
          <select value={profileId} onChange={(e) => set(setBrand)(e.target.value)}>
            <option value="">All brands</option>
            <option value="null">No profile</option>
            {profiles.state === 'ready'
              ? profiles.data.profiles.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))
              : null}
          </select>
        </label>
        <label>
          Created from
          <input type="date" value={from} onChange={(e) => set(setFrom)(e.target.value)} />
        </label>
        <label>
          Created to
          <input type="date" value={to} onChange={(e) => set(setTo)(e.target.value)} />
        </label>
      </form>
      <Loaded
        load={posts}
        label="posts"
        minHeight={320}
        isEmpty={(d) => d.posts.length === 0}
        empty={
          filtered ? (
            <p>No post matches these filters.</p>
          ) : (
            <p>
              No posts yet. <Link to="/compose">Compose your first post</Link>.
            </p>
          )
        }
      >
        {(d) => (
          <>
            <ul className="post-list">
              {d.posts.map((p) => (
                <PostCard key={p.postId} post={p} onChange={posts.reload} />
              ))}
            </ul>
            <nav className="pager" aria-label="Pages of posts">
              <button
                type="button"
                disabled={offset === 0}
                onClick={() => setOffset(Math.max(0, offset - PAGE))}
              >
                Previous
              </button>
              <span>
                {offset + 1}–{offset + d.posts.length} of {d.total}
              </span>
              <button
                type="button"
                disabled={offset + PAGE >= d.total}
                onClick={() => setOffset(offset + PAGE)}
              >
                Next
              </button>
            </nav>
          </>
        )}
      </Loaded>
    </>
  );
}
