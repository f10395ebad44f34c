/**
 * The metrics refresh: one job per account with the published targets whose
 * cached metrics are old, asking the platform module's `postMetrics` for all of
 * them at once (X and Bluesky read many posts per call), and writing what came
 * back into the cache with its fetch time. A failure is written too (the
 * cache keeps the last values, which GET /v1/analytics/ then marks stale) and
 * is not retried by the job: the next read that finds the values old asks again.
 */
import type { AppContext } from '../../context.ts';
import { defineJobKind } from '../../jobs/catalog.ts';
import type { PostMetricsBatch } from '../../platforms/analytics-types.ts';
import { isPlatform } from '../../platforms/names.ts';
import { withIntegration } from '../integrations/with-credentials.ts';

export interface RefreshMetricsPayload {
  integrationId: string;
  platform: string;
  targetIds: string[];
}

/** Why a post of a platform without post metrics has none (the module's words, or a general one). */
export function unsupportedReason(ctx: AppContext, platform: string): string {
  if (!isPlatform(platform)) return `${platform} is not a supported platform`;
  const m = ctx.platforms[platform];
  return m.analytics?.unsupported ?? `${m.displayName}'s API gives no metrics of posts`;
}

export async function refreshMetrics(
  ctx: AppContext,
  projectId: string,
  payload: RefreshMetricsPayload,
): Promise<void> {
  const targets = await ctx.store.db
    .selectFrom('post_targets')
    .select(['id', 'platform_post_id', 'published_at', 'platform_specific_data'])
    .where('project_id', '=', projectId)
    .where('id', 'in', payload.targetIds)
    .where('status', '=', 'published')
    .where('platform_post_id', 'is not', null)
    .execute();
  if (targets.length === 0) return;
  const at = () => ctx.now().toISOString();
  const update = (targetId: string, values: Record<string, string | null>) =>
    ctx.store.db.updateTable('post_metrics').set(values).where('target_id', '=', targetId).execute();
  const platform = payload.platform;
  const read = isPlatform(platform) ? ctx.platforms[platform].analytics?.postMetrics : undefined;
  if (!read || !isPlatform(platform)) {
    const reason = unsupportedReason(ctx, platform);
    for (const t of targets)
      await update(t.id, { unavailable: reason, last_error: null, last_attempt_at: at() });
    return;
  }
  let batch: PostMetricsBatch;
  try {
    batch = await withIntegration(ctx, projectId, payload.integrationId, platform, (a) =>
      read(
        a,
        targets.map((t) => ({
          platformPostId: t.platform_post_id as string,
          publishedAt: t.published_at,
          platformSpecificData: JSON.parse(t.platform_specific_data) as Record<string, unknown>,
        })),
      ),
    );
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    ctx.log.warn(
      { platform, integrationId: payload.integrationId, err: message },
      'post metrics refresh failed',
    );
    for (const t of targets) await update(t.id, { last_error: message, last_attempt_at: at() });
    return;
  }
  const name = ctx.platforms[platform].displayName;
  for (const t of targets) {
    const got = batch[t.platform_post_id as string];
    const now = at();
    if (got === undefined)
      await update(t.id, {
        unavailable: `The post is no longer on ${name}`,
        fetched_at: now,
        last_error: null,
        last_attempt_at: now,
      });
    else if ('unavailable' in got)
      await update(t.id, {
        unavailable: got.unavailable,
        fetched_at: now,
        last_error: null,
        last_attempt_at: now,
      });
    else
      await update(t.id, {
        metrics: JSON.stringify(got),
        unavailable: null,
        fetched_at: now,
        last_error: null,
        last_attempt_at: now,
      });
  }
}

export const refreshPostMetricsJob = defineJobKind<RefreshMetricsPayload>({
  kind: 'refresh_post_metrics',
  // Failures are written to the cache; the next read that finds the values old asks again.
  retry: { maxAttempts: 1, baseDelayMs: 30_000, maxDelayMs: 30_000 },
  timeoutMs: 120_000,
  concurrency: (p) => ({ platform: p.platform, account: p.integrationId }),
  run: async (job, ctx) => {
    if (job.projectId) await refreshMetrics(ctx, job.projectId, job.payload);
    return undefined;
  },
});
