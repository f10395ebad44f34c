/**
 * Trying the inbox in sandbox mode: a fresh sandbox has nobody commenting or
 * writing, so a person may ask the simulator to play the public. The service asks
 * the simulator's own control API (`POST /_sim/comments`, `POST /_sim/messages`,
 * src/simulator/core/control.ts) to add a comment under one of the account's
 * published posts or a direct message to its Instagram inbox. From there it
 * arrives as a real one would: the simulator pushes it to a registered Meta
 * webhook, and the engagement poll (which always runs for sandbox platforms)
 * finds it and announces `comment.received` / `message.received`; the Inbox reads
 * it from the platform like any other.
 *
 * Only for accounts whose platform runs in sandbox mode: on a real platform
 * nothing is sent and the answer is 409 saying so.
 */
import { createHash } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import { AppError, conflict, invalid, notFound } from '../../errors.ts';
import type { Platform } from '../../platforms/names.ts';
import { findIntegrationRow, type IntegrationRow } from '../integrations/integrations.ts';
import { postInReach, type Reach } from '../teams/reach.ts';

const COMMENT_PLATFORMS: readonly Platform[] = ['facebook', 'instagram', 'threads'];

/** What the simulated public says when the person gives no text. */
const SAMPLE_COMMENTS = [
  'Love this! 😍',
  'Where can I buy one?',
  'Great news, congratulations to the team!',
  'Is this available in other colours?',
];
const SAMPLE_MESSAGES = [
  'Hi! Do you ship abroad?',
  'Hello, are you open on Sundays?',
  'Hi there, I have a question about my order.',
];

const pick = (list: readonly string[], seed: number) => list[seed % list.length] as string;

export interface SimulatedComment {
  commentId: string;
  text: string;
  author: { id: string; name: string };
  /** Our post it went under, and the platform's id of that post. */
  postId: string;
  platformPostId: string;
}

export interface SimulatedMessage {
  conversationId: string;
  messageId: string;
  text: string;
  from: { id: string; username: string };
}

async function sandboxAccount(ctx: AppContext, reach: Reach, accountId: string, what: string) {
  const row = await findIntegrationRow(ctx, reach, accountId);
  const platform = row.platform as Platform;
  const simulator = ctx.config.SIMULATOR_URL;
  if (!simulator || ctx.endpoints[platform]?.mode !== 'sandbox')
    throw conflict(
      `${what} works in sandbox mode only: ${ctx.platforms[platform]?.displayName ?? platform} accounts of this service are on the real platform, where only real people comment and write`,
    );
  return { row, platform, simulator: simulator.replace(/\/+$/, '') };
}

/** The published target of `postId` on the account, or the account's most recently published one. */
async function publishedTarget(
  ctx: AppContext,
  reach: Reach,
  row: IntegrationRow,
  postId: string | undefined,
) {
  let q = ctx.store.db
    .selectFrom('post_targets')
    .select(['post_id', 'platform_post_id', 'status'])
    .where('project_id', '=', row.project_id)
    .where('integration_id', '=', row.id)
    .where(postInReach(reach, 'post_targets.post_id'));
  if (postId) q = q.where('post_id', '=', postId);
  else q = q.where('status', '=', 'published').where('platform_post_id', 'is not', null);
  const target = await q.orderBy('published_at', 'desc').orderBy('post_id', 'desc').executeTakeFirst();
  if (postId && !target) throw new AppError('not_found', `Post ${postId} has no target on account ${row.id}`);
  if (!target?.platform_post_id || target.status !== 'published')
    throw conflict(
      postId
        ? `Post ${postId} is not published on account ${row.id} (status ${target?.status}): a comment goes under a published post`
        : `Account ${row.id} has no published post yet: publish one to it first, a comment goes under a published post`,
    );
  return { postId: target.post_id, platformPostId: target.platform_post_id };
}

/** Asks the simulator's control API; its refusal or absence is the platform failing (502). */
async function askSimulator(
  simulator: string,
  path: string,
  body: unknown,
): Promise<Record<string, unknown>> {
  let res: Response;
  try {
    res = await fetch(`${simulator}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
  } catch (err) {
    throw new AppError(
      'platform_error',
      `The sandbox simulator could not be reached: ${(err as Error).message}`,
    );
  }
  const answer = (await res.json().catch(() => ({}))) as Record<string, unknown>;
  if (!res.ok)
    throw new AppError(
      'platform_error',
      `The sandbox simulator refused: ${typeof answer['message'] === 'string' ? answer['message'] : `HTTP ${res.status}`}`,
    );
  return answer;
}

export async function simulateComment(
  ctx: AppContext,
  reach: Reach,
  input: { accountId: string; postId?: string | undefined; text?: string | undefined },
): Promise<SimulatedComment> {
  // A post named must be the project's (and the caller's) before anything else is said about it.
  if (input.postId) {
    const post = await ctx.store.db
      .selectFrom('posts')
      .select('id')
      .where('project_id', '=', reach.projectId)
      .where('id', '=', input.postId)
      .where(postInReach(reach))
      .executeTakeFirst();
    if (!post) throw notFound('Post');
  }
  const { row, platform, simulator } = await sandboxAccount(
    ctx,
    reach,
    input.accountId,
    'Simulating a comment',
  );
  if (!COMMENT_PLATFORMS.includes(platform))
    throw invalid(
      `Comments are read for Facebook Pages, Instagram and Threads accounts; ${input.accountId} is a ${platform} account`,
    );
  const target = await publishedTarget(ctx, reach, row, input.postId);
  const text = input.text?.trim() || pick(SAMPLE_COMMENTS, ctx.now().getTime());
  const answer = await askSimulator(simulator, '/_sim/comments', {
    platform,
    postId: target.platformPostId,
    text,
  });
  const comment = answer['comment'] as { id: string; author: { id: string; name: string } };
  return { commentId: comment.id, text, author: comment.author, ...target };
}

export async function simulateMessage(
  ctx: AppContext,
  reach: Reach,
  input: { accountId: string; text?: string | undefined; fromUsername?: string | undefined },
): Promise<SimulatedMessage> {
  const { row, platform, simulator } = await sandboxAccount(
    ctx,
    reach,
    input.accountId,
    'Simulating a message',
  );
  if (platform !== 'instagram')
    throw invalid(
      `Direct messages are read for Instagram accounts; ${input.accountId} is a ${platform} account`,
    );
  const username = input.fromUsername?.trim() || 'sandbox_visitor';
  // The same person (by name) writes into the same conversation: their id follows from their name.
  const id = `1789${BigInt(`0x${createHash('sha256').update(username).digest('hex').slice(0, 12)}`)
    .toString()
    .padStart(13, '0')
    .slice(0, 13)}`;
  const text = input.text?.trim() || pick(SAMPLE_MESSAGES, ctx.now().getTime());
  const from = { id, username };
  const answer = await askSimulator(simulator, '/_sim/messages', {
    accountId: row.platform_user_id,
    from,
    text,
  });
  return {
    conversationId: String(answer['conversationId']),
    messageId: String(answer['messageId']),
    text,
    from,
  };
}
