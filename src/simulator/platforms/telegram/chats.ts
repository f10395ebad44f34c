/**
 * The simulated chats and the bot's membership in each, seeded on first use (and
 * after a reset): @sim_channel, where the seeded bot is an administrator allowed to
 * post, edit and delete; @sim_readonly, where it is an administrator without the
 * right to post; and a private supergroup where it is a plain member. Tests add
 * chats with `addTelegramChat`.
 */
import type { Simulator } from '../../core/simulator-api.ts';
import { SIM_BOT_ID } from './platform.ts';

export interface SimMember {
  status: 'creator' | 'administrator' | 'member' | 'restricted' | 'left' | 'kicked';
  can_post_messages?: boolean;
  can_edit_messages?: boolean;
  can_delete_messages?: boolean;
  can_send_messages?: boolean;
}

export interface SimChat {
  id: number;
  type: 'channel' | 'supergroup' | 'group' | 'private';
  title: string;
  username?: string;
  /** Bot id → its membership. */
  members: Record<string, SimMember>;
  /** The last message id given in this chat. */
  lastMessageId: number;
}

const ADMIN: SimMember = {
  status: 'administrator',
  can_post_messages: true,
  can_edit_messages: true,
  can_delete_messages: true,
};

const seed = (): SimChat[] => [
  {
    id: -1001000000001,
    type: 'channel',
    title: 'Sim Channel',
    username: 'sim_channel',
    members: { [SIM_BOT_ID]: ADMIN },
    lastMessageId: 0,
  },
  {
    id: -1001000000002,
    type: 'channel',
    title: 'Sim Read-only Channel',
    username: 'sim_readonly',
    members: { [SIM_BOT_ID]: { status: 'administrator', can_post_messages: false } },
    lastMessageId: 0,
  },
  {
    id: -1001000000003,
    type: 'supergroup',
    title: 'Sim Group',
    members: { [SIM_BOT_ID]: { status: 'member' } },
    lastMessageId: 0,
  },
];

export function chats(sim: Simulator): Map<string, SimChat> {
  const all = sim.state.collection<SimChat>('telegram', 'chats');
  if (all.size === 0) for (const c of seed()) all.set(String(c.id), c);
  return all;
}

/** The chat a `chat_id` names: its numeric id, or `@username` for a public one. */
export function findChat(sim: Simulator, chatId: unknown): SimChat | undefined {
  const all = chats(sim);
  if (typeof chatId === 'number') return all.get(String(chatId));
  if (typeof chatId !== 'string') return undefined;
  if (chatId.startsWith('@')) return [...all.values()].find((c) => c.username === chatId.slice(1));
  return all.get(chatId);
}

export function addTelegramChat(sim: Simulator, chat: Omit<SimChat, 'lastMessageId'>): void {
  chats(sim).set(String(chat.id), { ...chat, lastMessageId: 0 });
}

/** The chat as Telegram's `Chat` object shows it. */
export const chatObject = (c: SimChat) => ({
  id: c.id,
  type: c.type,
  title: c.title,
  ...(c.username ? { username: c.username } : {}),
});

/**
 * A membership as Telegram's `ChatMember` shows it: each status its own object with
 * every field the Bot API page marks required (ChatMemberOwner, ChatMemberAdministrator,
 * ChatMemberMember, ChatMemberRestricted, ChatMemberLeft, ChatMemberBanned). Rights
 * not kept for the simulated bot are false.
 */
export function memberObject(m: SimMember, user: Record<string, unknown>): Record<string, unknown> {
  const right = (v: boolean | undefined) => v === true;
  switch (m.status) {
    case 'creator':
      return { status: 'creator', user, is_anonymous: false };
    case 'administrator':
      return {
        status: 'administrator',
        user,
        can_be_edited: false,
        is_anonymous: false,
        can_manage_chat: true,
        can_delete_messages: right(m.can_delete_messages),
        can_manage_video_chats: false,
        can_restrict_members: false,
        can_promote_members: false,
        can_change_info: false,
        can_invite_users: false,
        can_post_stories: false,
        can_edit_stories: false,
        can_delete_stories: false,
        can_post_messages: right(m.can_post_messages),
        can_edit_messages: right(m.can_edit_messages),
      };
    case 'restricted': {
      const send = right(m.can_send_messages);
      return {
        status: 'restricted',
        user,
        is_member: true,
        can_send_messages: send,
        can_send_audios: send,
        can_send_documents: send,
        can_send_photos: send,
        can_send_videos: send,
        can_send_video_notes: send,
        can_send_voice_notes: send,
        can_send_polls: send,
        can_send_other_messages: send,
        can_add_web_page_previews: send,
        can_react_to_messages: send,
        can_edit_tag: false,
        can_change_info: false,
        can_invite_users: false,
        can_pin_messages: false,
        can_manage_topics: false,
        until_date: 0,
      };
    }
    case 'kicked':
      return { status: 'kicked', user, until_date: 0 };
    default:
      return { status: m.status, user };
  }
}
