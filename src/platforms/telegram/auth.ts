/**
 * Connecting a Telegram chat by bot (https://core.telegram.org/bots/api#getchatmember):
 * `getMe` proves the token, `getChat` finds the chat, `getChatMember` with the bot's
 * own id reads its rights there. A channel needs the bot as an administrator allowed
 * to post messages; a group needs it as a member that may send messages. What is
 * missing is said in words, naming the bot and the chat. No refresh, no revocation:
 * the token lives until it is revoked in BotFather.
 */
import type { AuthEnv, BotTokenPlatformAuth, ConnectedAccount } from '../auth-types.ts';
import { PlatformError } from '../contract.ts';
import { type Bot, botCall } from './api.ts';

interface User {
  id?: unknown;
  is_bot?: unknown;
  username?: unknown;
  first_name?: unknown;
}
interface Chat {
  id?: unknown;
  type?: unknown;
  title?: unknown;
  username?: unknown;
}
interface Member {
  status?: unknown;
  can_post_messages?: unknown;
  can_edit_messages?: unknown;
  can_delete_messages?: unknown;
  can_send_messages?: unknown;
}

const refused = (message: string) => new PlatformError('permanent', message, { platformCode: 'bot_rights' });

/** What the bot lacks in the chat to publish there, in words; null when it may post. */
export function missingRight(bot: string, chat: string, type: string, member: Member): string | null {
  const status = String(member.status);
  if (type === 'channel') {
    if (status === 'creator') return null;
    if (status !== 'administrator')
      return `the bot ${bot} is not an administrator of the channel ${chat}: add it in the channel's settings (Administrators) with the right to post messages`;
    if (member.can_post_messages !== true)
      return `the bot ${bot} is an administrator of the channel ${chat} but may not post messages: turn on "Post messages" in its administrator rights`;
    return null;
  }
  if (status === 'left' || status === 'kicked')
    return `the bot ${bot} is not a member of the group ${chat}: add it to the group`;
  if (status === 'restricted' && member.can_send_messages !== true)
    return `the bot ${bot} may not send messages in the group ${chat}: lift its restriction`;
  return null;
}

export const telegramAuth = {
  method: 'bot_token',
  async connect(env: AuthEnv, credentials: { botToken: string; chatId: string }) {
    const bot: Bot = { base: env.url('api', ''), token: credentials.botToken, timeoutMs: env.timeoutMs };
    const me = (await botCall(bot, 'getMe', { json: {}, what: 'Telegram: check the bot token' })) as User;
    if (typeof me.id !== 'number') throw refused('Telegram: getMe answered without the bot id');
    const botName = typeof me.username === 'string' ? `@${me.username}` : `#${me.id}`;
    const chat = (await botCall(bot, 'getChat', {
      json: { chat_id: credentials.chatId },
      what: `Telegram: find the chat ${credentials.chatId}`,
    }).catch((err: unknown) => {
      if (err instanceof PlatformError && err.errorClass === 'permanent')
        throw refused(
          `${err.message}: the bot ${botName} can not see the chat ${credentials.chatId}; add the bot to the channel or group first, and give a channel as @username or its numeric id`,
        );
      throw err;
    })) as Chat;
    const chatId = typeof chat.id === 'number' ? String(chat.id) : null;
    if (!chatId) throw refused('Telegram: getChat answered without the chat id');
    const type = String(chat.type);
    if (type === 'private')
      throw refused(
        `Telegram: ${credentials.chatId} is a private conversation; connect a channel or a group`,
      );
    const chatName =
      typeof chat.username === 'string'
        ? `@${chat.username}`
        : typeof chat.title === 'string'
          ? chat.title
          : chatId;
    const member = (await botCall(bot, 'getChatMember', {
      json: { chat_id: chatId, user_id: me.id },
      what: `Telegram: read the bot's rights in ${chatName}`,
    })) as Member;
    const missing = missingRight(botName, chatName, type, member);
    if (missing) throw refused(`Telegram: ${missing}`);
    const username = typeof chat.username === 'string' ? chat.username : null;
    const account: ConnectedAccount = {
      platformUserId: chatId,
      type: 'channel',
      username,
      displayName: typeof chat.title === 'string' ? chat.title : username,
      profileUrl: username ? `https://t.me/${username}` : null,
      imageUrl: null,
      metadata: {
        chatType: type,
        chatUsername: username,
        botId: me.id,
        botUsername: typeof me.username === 'string' ? me.username : null,
        canEditMessages: member.status === 'creator' || member.can_edit_messages === true,
        canDeleteMessages: member.status === 'creator' || member.can_delete_messages === true,
      },
    };
    return {
      tokens: {
        accessToken: credentials.botToken,
        refreshToken: null,
        accessTokenExpiresAt: null,
        refreshTokenExpiresAt: null,
        scopes: [],
      },
      account,
    };
  },
  refresh: null,
  revoke: null,
} satisfies BotTokenPlatformAuth;
