// The inbox (/inbox): comments on the project's published posts and Instagram
// conversations, newest first, each answered from here. `?post=` shows the
// comments of one post (its "Comments" link in the post list); `?tab=messages`
// the conversations.
import { useState } from 'react';
import { useLocation } from '../../router.ts';
import { Link, PageHeader } from '../../ui.tsx';
import { BrandFilter } from '../accounts/BrandFilter.tsx';
import { Comments } from './Comments.tsx';
import { Conversations } from './Conversations.tsx';
import { SandboxSimulate } from './SandboxSimulate.tsx';
import './inbox.css';

export default function Inbox() {
  const here = useLocation();
  const tab = here.searchParams.get('tab') === 'messages' ? 'messages' : 'comments';
  const postId = here.searchParams.get('post');
  // A simulated comment or message (sandbox mode) loads the list again.
  const [arrivals, setArrivals] = useState(0);
  const arrived = () => setArrivals((n) => n + 1);
  return (
    <>
      <PageHeader title="Inbox" />
      <BrandFilter />
      <nav className="inbox-tabs" aria-label="Inbox">
        <Link to="/inbox" current={tab === 'comments'}>
          Comments
        </Link>
        <Link to="/inbox?tab=messages" current={tab === 'messages'}>
          Instagram messages
        </Link>
      </nav>
      <p className="hint">
        Unread marks are kept in this browser only: the platforms' APIs say nothing of what was read.
      </p>
      {tab === 'messages' ? (
        <>
          <SandboxSimulate kind="message" onArrived={arrived} />
          <Conversations key={arrivals} />
        </>
      ) : (
        <>
          {postId ? (
            <p>
              Comments on one post. <Link to="/inbox">All recent comments</Link>
            </p>
          ) : null}
          <SandboxSimulate kind="comment" onArrived={arrived} />
          <Comments key={arrivals} postId={postId} />
        </>
      )}
    </>
  );
}
