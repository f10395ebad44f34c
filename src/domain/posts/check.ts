/**
 * The checks shared by create and edit: every platform's rules and every target's
 * account, collected so that one answer lists every problem. Invalid input wins
 * (400, all messages); otherwise an account needing reconnection is 403.
 */
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import type { MediaInput, PostInput, TargetInput } from '../../platforms/shared/input.ts';
import { validateTargets } from '../../platforms/validation.ts';
import type { ProjectReach } from '../teams/reach.ts';
import { type AccountCheck, checkAccounts, type TargetAccount } from './accounts.ts';
import { mediaFactsOf, type StoredMedia } from './types.ts';

export interface PostBody {
  content: string;
  mediaItems?: MediaInput[];
  platforms: TargetInput[];
  /** Posted under each target once it is live, where its platform can comment (first-comment.ts). */
  firstComment?: string;
  /** Media a target would refuse: converted (`auto`, default) or refused (`off`); platforms/media-check.ts. */
  mediaProcessing?: 'auto' | 'off';
  fit?: 'pad' | 'crop';
  trim?: boolean;
}

/** The post as platform rules see it: the body's media with what create found out about each file. */
export function postInputOf(body: PostBody, media?: readonly StoredMedia[]): PostInput {
  const items = (body.mediaItems ?? []).map((m, i) => {
    const facts = media?.[i] ? mediaFactsOf(media[i]) : undefined;
    return facts ? { ...m, facts } : m;
  });
  return {
    content: body.content,
    mediaItems: items,
    ...(body.firstComment !== undefined ? { firstComment: body.firstComment } : {}),
    ...(body.mediaProcessing !== undefined ? { mediaProcessing: body.mediaProcessing } : {}),
    ...(body.fit !== undefined ? { fit: body.fit } : {}),
    ...(body.trim !== undefined ? { trim: body.trim } : {}),
  };
}

/** The problems of a body's targets against its platforms' rules (and any found before). */
export function bodyProblems(
  ctx: AppContext,
  body: PostBody,
  earlierProblems: readonly string[] = [],
  media?: readonly StoredMedia[],
): string[] {
  const post = postInputOf(body, media);
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
  media?: readonly StoredMedia[],
): Promise<TargetAccount[]> {
  // Media problems (uploads the project may not use included) come with earlierProblems (media-facts.ts).
  const problems = bodyProblems(ctx, body, earlierProblems, media);
  return verdict(problems, await checkAccounts(ctx, reach, body.platforms));
}
