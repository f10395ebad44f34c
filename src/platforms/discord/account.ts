/**
 * What the publisher reads from a connected Discord channel: the integration is the
 * channel (`platformUserId` = its id), its access token the webhook's token (sealed
 * like every token), `metadata.webhookId` the webhook and `metadata.guildId` the
 * server. Message links are Discord's own: `discord.com/channels/<server>/<channel or
 * thread>/<message>`.
 */
import type { AccountCredentials } from '../contract.ts';
import { PlatformError } from '../contract.ts';

export interface Webhook {
  id: string;
  token: string;
}

export function webhookOf(account: AccountCredentials): Webhook {
  const id = account.metadata.webhookId;
  if (typeof id !== 'string' || id === '')
    throw new PlatformError('auth', 'Discord: the integration has no webhook; connect the channel again', {
      reason: 'token_revoked',
    });
  return { id, token: account.accessToken };
}

export function messageUrl(account: AccountCredentials, channelId: string, messageId: string): string {
  const guild = typeof account.metadata.guildId === 'string' ? account.metadata.guildId : '@me';
  return `https://discord.com/channels/${guild}/${channelId}/${messageId}`;
}
