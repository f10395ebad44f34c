/**
 * The platforms' own create-time checks (PlatformModule.createCheck: a subreddit's
 * rules), run for each target whose module has one, for its account, all at once
 * within CREATE_CHECK_BUDGET_MS. A create never waits longer on a platform: a
 * check that does not answer in time, or fails (the platform unreachable, the
 * account unusable, an account of another project: the account check reports
 * those), adds nothing, and the publisher checks the same rules before it
 * creates the post. Problems come back as create words them:
 * `platforms[i] (p): <problem>`.
 */
import type { AppContext } from '../../context.ts';
import type { PostInput, TargetInput } from '../../platforms/shared/input.ts';
import { withIntegration } from '../integrations/with-credentials.ts';
import type { ProjectReach } from '../teams/reach.ts';

/** How long a create waits for the platforms' own checks, at most. */
export const CREATE_CHECK_BUDGET_MS = 1_500;

export async function platformCheckProblems(
  ctx: AppContext,
  reach: ProjectReach,
  targets: readonly TargetInput[],
  post: PostInput,
): Promise<string[]> {
  const checks = targets.map((t, i) => ({ t, i, check: ctx.platforms[t.platform]?.createCheck }));
  if (!checks.some((c) => c.check)) return [];
  const signal = AbortSignal.timeout(CREATE_CHECK_BUDGET_MS);
  const late = new Promise<string[]>((resolve) =>
    signal.addEventListener('abort', () => resolve([]), { once: true }),
  );
  const results = await Promise.all(
    checks.map(async ({ t, i, check }) => {
      if (!check) return [];
      const run = withIntegration(ctx, reach, t.accountId, t.platform, (a) =>
        check(a, t, post, signal),
      ).catch(() => [] as string[]);
      const problems = await Promise.race([run, late]);
      return problems.map((p) => `platforms[${i}] (${t.platform}): ${p}`);
    }),
  );
  return results.flat();
}
