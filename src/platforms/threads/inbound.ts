/**
 * Threads webhooks, topic `replies`: `values.field = "replies"`, `values.value`
 * the reply (id, username, text, timestamp, `replied_to.id`, `root_post` with
 * its `owner_id`). `target_id` is the Threads user the subscription is for.
 * The account's own replies are left out.
 */
import { type InboundItem, isoTime, obj, type PlatformInbound, str } from '../inbound.ts';

export const threadsInbound: PlatformInbound = {
  parse(body) {
    const b = obj(body);
    const values = obj(b['values']);
    if (values['field'] !== 'replies') return [];
    const v = obj(values['value']);
    const root = obj(v['root_post']);
    const accountId = str(root['owner_id']) ?? str(b['target_id']);
    const id = str(v['id']);
    const rootId = str(root['id']);
    if (!accountId || !id || !rootId) return [];
    if (str(root['username']) !== null && str(root['username']) === str(v['username'])) return [];
    const repliedTo = str(obj(v['replied_to'])['id']);
    const item: InboundItem = {
      kind: 'comment',
      accountId,
      platformPostId: rootId,
      commentId: id,
      parentId: repliedTo && repliedTo !== rootId ? repliedTo : null,
      text: str(v['text']),
      author: { id: null, name: str(v['username']) },
      timestamp: isoTime(v['timestamp'], Number(b['time']) * 1000 || Date.now()),
    };
    return [item];
  },
};
