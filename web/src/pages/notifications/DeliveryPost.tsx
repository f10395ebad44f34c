// What a delivery was about, as its payload tells the receiver: the post's first words
// and the accounts it went to (picture, name, handle), read once per post.
import { api, ok, type Post } from '../../api/client.ts';
import { useLoad } from '../../ui.tsx';
import { AccountLabel } from '../accounts/AccountLabel.tsx';
import { useAccounts } from '../accounts/useAccounts.ts';

const posts = new Map<string, Promise<Post>>();
const postOf = (postId: string) => {
  let p = posts.get(postId);
  if (!p) {
    p = ok(api.GET('/v1/posts/{postId}', { params: { path: { postId } } })).then((d) => d.post);
    // A failed read is asked again next time.
    p.catch(() => posts.delete(postId));
    posts.set(postId, p);
  }
  return p;
};

export function DeliveryPost(props: { postId: string }) {
  const post = useLoad(() => postOf(props.postId), [props.postId]);
  const accounts = useAccounts();
  if (post.state === 'loading') return <span className="hint">…</span>;
  if (post.state === 'error') return <span className="hint">The post was deleted.</span>;
  const p = post.data;
  return (
    <div className="delivery-post">
      <span className="delivery-text">{p.content.slice(0, 80) || '(no text)'}</span>
      <ul className="delivery-accounts">
        {p.platforms.map((t) => (
          <li key={t.integrationId}>
            <AccountLabel
              platform={t.platform}
              account={accounts?.get(t.integrationId)}
              accountId={t.integrationId}
              sandbox={t.sandbox}
            />
          </li>
        ))}
      </ul>
    </div>
  );
}
