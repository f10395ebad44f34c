/**
 * Direct messages of a connected account (Instagram): its conversations, one
 * conversation's messages, and sending a message. Each asks the platform's module
 * for its `messages` capability and calls it through `engagementCall`.
 */

import type { AppContext } from '../../context.ts';
import { invalid } from '../../errors.ts';
import type { Conversation, Message, PlatformMessages } from '../../platforms/engagement.ts';
import type { Platform } from '../../platforms/names.ts';
import { recordAudit } from '../audit/record.ts';
import { engagementCall, notOffered } from './call.ts';
import type { CommentsAccount } from './comments.ts';

export type MessagesAccount = CommentsAccount;

function capability(ctx: AppContext, platform: Platform): PlatformMessages {
  const messages = ctx.platforms[platform].messages;
  if (!messages)
    throw notOffered(
      'Direct messages',
      platform,
      (Object.keys(ctx.platforms) as Platform[]).filter((p) => ctx.platforms[p].messages),
    );
  return messages;
}

export async function listConversations(
  ctx: AppContext,
  a: MessagesAccount,
  q: { limit: number; after?: string | undefined },
): Promise<{
  selfId: string;
  selfUsername: string | null;
  conversations: Conversation[];
  nextCursor: string | null;
}> {
  const messages = capability(ctx, a.platform);
  return engagementCall(ctx, { ...a, permissions: [messages.permission] }, (env) =>
    messages.conversations(env, q),
  );
}

export async function listMessages(
  ctx: AppContext,
  a: MessagesAccount,
  conversationId: string,
  q: { limit: number; after?: string | undefined },
): Promise<{ messages: Message[]; nextCursor: string | null }> {
  const messages = capability(ctx, a.platform);
  return engagementCall(ctx, { ...a, permissions: [messages.permission] }, (env) =>
    messages.messages(env, conversationId, q),
  );
}

export async function sendMessage(
  ctx: AppContext,
  a: MessagesAccount,
  m: { recipientId: string; text: string },
): Promise<string> {
  const messages = capability(ctx, a.platform);
  if (!m.text.trim()) throw invalid('text must not be empty');
  const id = await engagementCall(ctx, { ...a, permissions: [messages.permission] }, (env) =>
    messages.send(env, m),
  );
  // Sent on the platform, not written here: recorded once the platform has it.
  await recordAudit(ctx.store.db, ctx, {
    projectId: a.projectId,
    action: 'message.sent',
    object: { type: 'message', id, label: `${a.platform} message to ${m.recipientId}` },
    summary: { accountId: a.accountId, text: m.text },
  });
  return id;
}
