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
