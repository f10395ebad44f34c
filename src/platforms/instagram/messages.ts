/**
 * Instagram direct messages (Conversations and Send APIs with Instagram Login,
 * section 2.5 of the platform facts): the account (`GET /me`), its conversations
 * (`GET /me/conversations?platform=instagram` with participants and the last
 * message expanded), one conversation's messages (`GET /{conversation}/messages`,
 * newest first; Instagram gives details only for the 20 most recent, older ones
 * come without text or sender), and sending (`POST /me/messages`). Instagram takes
 * a reply only within 24 hours of the person's last message: its refusal is read
 * as "not allowed now" (meta-engagement.ts). Everything needs
 * `instagram_business_manage_messages`.
 */
import type { Author, Conversation, Message, Participant, PlatformMessages } from '../engagement.ts';
import type { AccountEnv } from '../module.ts';
import { arr, pick, str } from '../shared/json.ts';
import { collectPages, isoTime, metaEngagementCall } from '../shared/meta-engagement.ts';
import { igEnv } from './comments.ts';

const PERMISSION = 'instagram_business_manage_messages';
const MESSAGE_FIELDS = 'id,created_time,from,to,message';

const call = (a: AccountEnv, path: string, o: Omit<Parameters<typeof metaEngagementCall>[2], 'permission'>) =>
  metaEngagementCall(igEnv(a), path, { ...o, permission: PERMISSION });

function authorOf(from: unknown): Author | null {
  const id = str(from, 'id');
  return id ? { id, name: str(from, 'username') ?? str(from, 'name') ?? null } : null;
}

function readMessage(item: unknown): Message {
  const text = str(item, 'message');
  return {
    id: str(item, 'id', 'Instagram message'),
    text: text ?? null,
    from: authorOf(pick(item, 'from')),
    timestamp: isoTime(pick(item, 'created_time')),
  };
}

function readParticipant(p: unknown): Participant {
  return {
    id: str(p, 'id', 'Instagram participant'),
    name: str(p, 'name') ?? null,
    username: str(p, 'username') ?? null,
    profilePictureUrl: str(p, 'profile_pic') ?? null,
  };
}

function readConversation(item: unknown, selfId: string): Conversation {
  const last = arr(pick(item, 'messages'), 'data')[0];
  const lastMessage = last ? readMessage(last) : null;
  return {
    id: str(item, 'id', 'Instagram conversation'),
    // The account itself is a participant of every conversation; the people are the others.
    participants: arr(pick(item, 'participants'), 'data')
      .map(readParticipant)
      .filter((p) => p.id !== selfId),
    lastMessage:
      lastMessage?.from != null
        ? {
            id: lastMessage.id,
            text: lastMessage.text,
            from: lastMessage.from,
            timestamp: lastMessage.timestamp,
          }
        : null,
    updatedTime: isoTime(pick(item, 'updated_time')),
  };
}

export const instagramMessages: PlatformMessages = {
  permission: PERMISSION,
  async conversations(a, q) {
    const me = await call(a, 'me', { subject: 'account', query: { fields: 'user_id,username' } });
    const selfId = str(me, 'user_id') ?? str(me, 'id', 'Instagram account');
    const read = await collectPages(
      q.limit,
      100,
      q.after,
      (size, after) =>
        call(a, 'me/conversations', {
          subject: 'conversations',
          query: {
            platform: 'instagram',
            fields: `id,updated_time,participants,messages.limit(1){${MESSAGE_FIELDS}}`,
            limit: String(size),
            after,
          },
        }),
      (item) => readConversation(item, selfId),
    );
    return {
      selfId,
      selfUsername: str(me, 'username') ?? null,
      conversations: read.items,
      nextCursor: read.nextCursor,
    };
  },
  async messages(a, conversationId, q) {
    const read = await collectPages(
      q.limit,
      100,
      q.after,
      (size, after) =>
        call(a, `${encodeURIComponent(conversationId)}/messages`, {
          subject: `conversation ${conversationId}`,
          query: { fields: MESSAGE_FIELDS, limit: String(size), after },
        }),
      readMessage,
    );
    return { messages: read.items, nextCursor: read.nextCursor };
  },
  async send(a, m) {
    const answer = await call(a, 'me/messages', {
      method: 'POST',
      subject: `recipient ${m.recipientId}`,
      json: { recipient: { id: m.recipientId }, message: { text: m.text } },
    });
    return str(answer, 'message_id', 'Instagram send answer');
  },
};
