// The links a published post has to what happened after: its comments (Facebook,
// Instagram, Threads) in the inbox and its metrics in analytics. Mounted in each
// post of the post list.
import type { Post } from '../../api/client.ts';
import { Link } from '../../ui.tsx';

const COMMENTED = ['facebook', 'instagram', 'threads'];

export function PostLinks(props: { post: Post }) {
  const live = props.post.platforms.filter((t) => t.status === 'published');
  if (live.length === 0) return null;
  const id = encodeURIComponent(props.post.postId);
  return (
    <>
      {live.some((t) => COMMENTED.includes(t.platform)) ? (
        <Link to={`/inbox?post=${id}`} className="button secondary">
          Comments
        </Link>
      ) : null}
      <Link to={`/analytics?post=${id}`} className="button secondary">
        Analytics
      </Link>
    </>
  );
}
