/**
 * The subreddit's rules checked when a post is created: the kept rules when this
 * process read them in the last minutes, else one read of `/r/{sub}/about` and
 * its post requirements within the budget the engine gives (a short one: a
 * create does not wait on Reddit). When Reddit can not be reached in time, the
 * create is accepted and the publisher checks the same rules before it submits,
 * failing the target with the same words.
 */
import type { AccountEnv } from '../module.ts';
import type { PostInput, TargetInput } from '../shared/input.ts';
import { targetText } from '../shared/input.ts';
import { redditOptions } from './options.ts';
import { readRules, rulesProblems } from './rules.ts';

export async function checkRedditTarget(
  { env, account }: AccountEnv,
  target: TargetInput,
  post: PostInput,
  signal: AbortSignal,
): Promise<string[]> {
  const o = redditOptions((target.platformSpecificData ?? {}) as Record<string, unknown>);
  if (!o.subreddit) return [];
  const rules = await readRules(
    { baseUrl: env.url('api', ''), accessToken: account.accessToken, apiVersion: env.apiVersion, signal },
    o.subreddit,
  );
  return rulesProblems(rules, target, post, targetText(target, post).text);
}
