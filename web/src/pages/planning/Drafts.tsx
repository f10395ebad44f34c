// Drafts: posts kept to finish later (Compose's "Save as draft") and scheduled posts
// that were cancelled. Each opens in Compose to be edited and published now, at a time
// or in the queue, or is deleted here.
import { api, ok } from '../../api/client.ts';
import { Link, Loaded, PageHeader, useLoad } from '../../ui.tsx';
import { PostCard } from '../posts/PostCard.tsx';

const LIMIT = 100;

export default function Drafts() {
  const drafts = useLoad(
    () => ok(api.GET('/v1/posts', { params: { query: { status: 'draft', limit: LIMIT, offset: 0 } } })),
    [],
  );
  return (
    <>
      <PageHeader title="Drafts">
        <Link to="/compose" className="button">
          New post
        </Link>
      </PageHeader>
      <p className="hint">
        A draft is not published or charged. Open it to finish it and publish it now, at a time, or in the
        queue.
      </p>
      <Loaded
        load={drafts}
        label="drafts"
        minHeight={240}
        isEmpty={(d) => d.posts.length === 0}
        empty={
          <p>
            No drafts. In <Link to="/compose">Compose</Link>, “Save as draft” keeps a post to finish later; a
            scheduled post you cancel comes back here too.
          </p>
        }
      >
        {(d) => (
          <>
            <ul className="post-list">
              {d.posts.map((p) => (
                <PostCard key={p.postId} post={p} onChange={drafts.reload} />
              ))}
            </ul>
            {d.total > d.posts.length ? (
              <p className="hint">
                The newest {d.posts.length} of {d.total} drafts; the Posts page lists them all (status draft).
              </p>
            ) : null}
          </>
        )}
      </Loaded>
    </>
  );
}
