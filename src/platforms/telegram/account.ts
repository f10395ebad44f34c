/**
 * What the publisher reads from a connected Telegram chat: the bot token is the
 * access token, `platformUserId` is the chat's numeric id, `metadata.chatUsername`
 * the public username (null for a private chat). Message links are Telegram's own:
 * `t.me/<username>/<id>` for a public chat, `t.me/c/<id without -100>/<id>` else.
 */
import type { AccountCredentials } from '../contract.ts';

export const chatIdOf = (account: AccountCredentials): string => account.platformUserId;

export function messageUrl(account: AccountCredentials, messageId: number | string): string {
  const username = account.metadata.chatUsername;
  if (typeof username === 'string' && username !== '') return `https://t.me/${username}/${messageId}`;
  const internal = account.platformUserId.replace(/^-100/, '').replace(/^-/, '');
  return `https://t.me/c/${internal}/${messageId}`;
}
