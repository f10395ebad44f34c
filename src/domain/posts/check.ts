/**
 * The checks shared by create and edit: every platform's rules and every target's
 * account, collected so that one answer lists every problem. Invalid input wins
 * (400, all messages); otherwise an account needing reconnection is 403.
 */
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { MediaInput, TargetInput } from '../../platforms/shared/input.ts';
import { validateTargets } from '../../platforms/validation.ts';
import type { ProjectReach } from '../teams/reach.ts';
import { type AccountCheck, checkAccounts, type TargetAccount } from './accounts.ts';

export interface PostBody {
  content: string;
  mediaItems?: MediaInput[];
  platforms: TargetInput[];
  /** Posted under each target once it is live, where its platform can comment (first-comment.ts). */
  firstComment?: string;
}

/** The problems of a body's targets against its platforms' rules (and any found before). */
export function bodyProblems(
  ctx: AppContext,
  body: PostBody,
  earlierProblems: readonly string[] = [],
): string[] {
  const post = {
    content: body.content,
    mediaItems: body.mediaItems ?? [],
    ...(body.firstComment !== undefined ? { firstComment: body.firstComment } : {}),
  };
  return [...earlierProblems, ...validateTargets(ctx.platforms, body.platforms, post)];
}

/** The one error for these problems and account checks, or the accounts when all is well. */
export function verdict(problems: readonly string[], accounts: AccountCheck): TargetAccount[] {
  const invalid = [...problems, ...accounts.invalid];
  if (invalid.length > 0) throw new AppError('invalid', [...invalid, ...accounts.forbidden].join('; '));
  if (accounts.forbidden.length > 0) throw new AppError('forbidden', accounts.forbidden.join('; '));
  return accounts.accounts as TargetAccount[];
}

export async function checkPostBody(
  ctx: AppContext,
  reach: ProjectReach,
  body: PostBody,
  earlierProblems: readonly string[] = [],
): Promise<TargetAccount[]> {
  // Media problems (uploads the project may not use included) come with earlierProblems (media-facts.ts).
  const problems = bodyProblems(ctx, body, earlierProblems);
  return verdict(problems, await checkAccounts(ctx, reach, body.platforms));
}
