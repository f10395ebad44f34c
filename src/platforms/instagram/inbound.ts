/**
 * Instagram webhooks (`object: "instagram"`): field `comments` (a comment or
 * reply on the account's media; `entry.id` is the professional account) and
 * `messaging` entries (direct messages: `sender`, `recipient`, `message.mid`).
 * Echoes of the account's own messages (`is_echo`) and its own comments are left out.
 */
import { arr, type InboundItem, isoTime, obj, type PlatformInbound, str } from '../inbound.ts';

export const instagramInbound: PlatformInbound = {
  parse(body) {
    const b = obj(body);
    if (b['object'] !== 'instagram') return [];
    const items: InboundItem[] = [];
    for (const e of arr(b['entry'])) {
      const entry = obj(e);
      const accountId = str(entry['id']);
      if (!accountId) continue;
      const entryTime = Number(entry['time']) || Date.now();
      for (const c of arr(entry['changes'])) {
        const change = obj(c);
        const v = obj(change['value']);
        if (change['field'] !== 'comments') continue;
        const from = obj(v['from']);
        const mediaId = str(obj(v['media'])['id']);
        const commentId = str(v['id']);
        if (!mediaId || !commentId || str(from['id']) === accountId) continue;
        items.push({
          kind: 'comment',
          accountId,
          platformPostId: mediaId,
          commentId,
          parentId: str(v['parent_id']),
          text: str(v['text']),
          author: { id: str(from['id']), name: str(from['username']) },
          timestamp: isoTime(v['timestamp'], entryTime * (entryTime < 1e12 ? 1000 : 1)),
        });
      }
      for (const m of arr(entry['messaging'])) {
        const event = obj(m);
        const message = obj(event['message']);
        const sender = str(obj(event['sender'])['id']);
        const mid = str(message['mid']);
        if (!mid || message['is_echo'] === true || sender === accountId) continue;
        items.push({
          kind: 'message',
          accountId: str(obj(event['recipient'])['id']) ?? accountId,
          messageId: mid,
          conversationId: null,
          text: str(message['text']),
          from: { id: sender, name: null },
          timestamp: isoTime(event['timestamp'], Date.now()),
        });
      }
    }
    return items;
  },
};
