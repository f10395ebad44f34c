/**
 * The field names of X's API description this adapter follows. X renamed them
 * between versions of its OpenAPI document (xdevplatform/xdk): `tweet.fields` →
 * `post.fields` and `retweet_count` → `repost_count` in public metrics. Requests use
 * the version pinned in src/simulator/contracts/twitter.json (2.167, the
 * production document); answers are read under either name, so an account served
 * by the older naming still counts its reposts.
 */
import { count } from '../shared/analytics-call.ts';

/** The query parameter that lists the post fields to return. */
export const POST_FIELDS = 'post.fields';

/** Reposts from a `public_metrics` object of either naming. */
export const repostCount = (metrics: Record<string, unknown>): number =>
  count(metrics.repost_count ?? metrics.retweet_count);
