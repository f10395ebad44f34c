// Approvals: posts awaiting approval, oldest first. An editor approves one (it is then
// charged and scheduled, or published now when its time has come) or requests changes
// with a note (it goes back to its author as a draft). Each post can be shared with a
// client for review, and its notes read and added to.
import { useState } from 'react';
import { Loaded, PageHeader, useLoad } from '../../ui.tsx';
import { loadProfiles } from '../planning/queues.ts';
import { ApprovalSettingsPanel } from './ApprovalSettings.tsx';
import { AwaitingCard, loadQueue } from './AwaitingCard.tsx';
import { ReviewLinkList } from './ReviewLinks.tsx';

export default function Approvals() {
  const queue = useLoad(loadQueue, []);
  const profiles = useLoad(loadProfiles, []);
  const [decided, setDecided] = useState<string | null>(null);
  const [linksVersion, setLinksVersion] = useState(0);
  return (
    <>
      <PageHeader title="Approvals" />
      <p className="hint">
        Posts wait here as the approval setting (below) says. Nothing is charged or published until they are
        approved.
      </p>
      <p className="notice-slot" role="status">
        {decided}
      </p>
      <Loaded
        load={queue}
        label="posts awaiting approval"
        minHeight={160}
        isEmpty={(d) => d.posts.length === 0}
        empty={<p>No posts are awaiting approval.</p>}
      >
        {(d) => (
          <ul className="post-list">
            {d.posts.map((p) => (
              <AwaitingCard
                key={p.postId}
                post={p}
                onChange={queue.reload}
                onDecided={setDecided}
                onShared={() => setLinksVersion((v) => v + 1)}
              />
            ))}
          </ul>
        )}
      </Loaded>
      <ReviewLinkList version={linksVersion} />
      <ApprovalSettingsPanel profiles={profiles.state === 'ready' ? profiles.data : []} />
    </>
  );
}
