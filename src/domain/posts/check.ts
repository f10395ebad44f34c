/**
 * The checks shared by create and edit: every platform's rules and every target's
 * account, collected so that one answer lists every problem. Invalid input wins
 * (400, all messages); otherwise an account needing reconnection is 403.
 */
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { MediaInput, TargetInput } from '../../platforms/shared/input.ts';
import { validateTargets } from '../../platforms/validation.ts';
import { checkAccounts, type TargetAccount } from './accounts.ts';

export interface PostBody {
  content: string;
  mediaItems?: MediaInput[];
  platforms: TargetInput[];
}

export async function checkPostBody(
  ctx: AppContext,
  projectId: string,
  body: PostBody,
  earlierProblems: readonly string[] = [],
): Promise<TargetAccount[]> {
  const problems = [...earlierProblems];
  problems.push(
    ...validateTargets(body.platforms, { content: body.content, mediaItems: body.mediaItems ?? [] }),
  );
  const accounts = await checkAccounts(ctx, projectId, body.platforms);
  problems.push(...accounts.invalid);
  if (problems.length > 0) throw new AppError('invalid', [...problems, ...accounts.forbidden].join('; '));
  if (accounts.forbidden.length > 0) throw new AppError('forbidden', accounts.forbidden.join('; '));
  return accounts.accounts as TargetAccount[];
}
