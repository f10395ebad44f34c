/**
 * Page webhooks (`object: "page"`, field `feed`): a new comment or reply on a
 * Page post is a change with `item: "comment"`, `verb: "add"`. Edits, removals,
 * reactions and the Page's own comments are not announced.
 */
import { arr, type InboundItem, isoTime, obj, type PlatformInbound, str } from '../inbound.ts';

export const facebookInbound: PlatformInbound = {
  parse(body) {
    const b = obj(body);
    if (b['object'] !== 'page') return [];
    const items: InboundItem[] = [];
    for (const e of arr(b['entry'])) {
      const entry = obj(e);
      const pageId = str(entry['id']);
      for (const c of arr(entry['changes'])) {
        const change = obj(c);
        const v = obj(change['value']);
        if (change['field'] !== 'feed' || v['item'] !== 'comment' || v['verb'] !== 'add') continue;
        const from = obj(v['from']);
        const postId = str(v['post_id']);
        const commentId = str(v['comment_id']);
        if (!pageId || !postId || !commentId || str(from['id']) === pageId) continue;
        const parent = str(v['parent_id']);
        items.push({
          kind: 'comment',
          accountId: pageId,
          platformPostId: postId,
          commentId,
          // A top-level comment's parent is the post itself.
          parentId: parent && parent !== postId ? parent : null,
          text: str(v['message']),
          author: { id: str(from['id']), name: str(from['name']) },
          timestamp: isoTime(v['created_time'], Number(entry['time']) * 1000 || Date.now()),
        });
      }
    }
    return items;
  },
};
