/**
 * Settling many targets in one transaction: lock their posts, check the leases
 * of the items that need it, write each outcome into its target (refunding
 * credits of failures that never reached the platform), then, for every post
 * whose targets are now all final, derive its status and write its one final
 * event to the outbox (and, for an occurrence of a recurring series, the job
 * that creates the next one). The post locks serialize this with the posts API and with
 * other batches, so exactly one transaction sees a post's last target finish.
 */

import type { AppContext } from '../../context.ts';
import type { Platform } from '../../platforms/names.ts';
import type { Dialect } from '../../store/db.ts';
import type { ItemOutcome } from '../../store/group-commit.ts';
import type { PostsTable, PostTargetsTable } from '../../store/tables/posts.ts';
import { updateRowsById } from '../../store/update-rows.ts';
import { SYSTEM_ACTOR } from '../audit/actor.ts';
import { auditRow } from '../audit/record.ts';
import { refundTargets } from '../credits/balance.ts';
import { countOutcomes, type SettledOutcome } from '../health/platform-state.ts';
import { enqueueSeriesNext } from '../planning/series-job.ts';
import { postAuditChange } from '../posts/post-audit.ts';
import { lockJobLeases, lockPosts, readTargets, readTargetsOfPosts, type Trx } from './batch-rows.ts';
import { type OutboxEventType, writeOutboxEvents } from './outbox.ts';
import {
  ACTIVE_TARGET_STATES,
  derivePostStatus,
  type FinalPostStatus,
  finalEventType,
  parseLedger,
  withHistory,
} from './state.ts';
import { type Actor, LeaseLost } from './transitions-types.ts';

export type Outcome =
  | {
      status: 'published';
      platformPostId: string;
      platformPostUrl: string;
      warning?: string;
      via: 'publish' | 'reconcile' | 'unconfirmed';
    }
  /** `errorClass`: why, for the metrics (publishing_targets_total). */
  | { status: 'failed'; message: string; refund: boolean; errorClass?: string };

export interface SettleItem {
  ctx: AppContext;
  actor: Actor;
  outcome: Outcome;
  requireLease: boolean;
}

/** settled: false when the target was settled (or removed) already; final: the post's new final status. */
export interface Settled {
  settled: boolean;
  final: FinalPostStatus | null;
  /** The target's platform, when it was settled here. */
  platform?: string;
}

const FINAL_POST_STATES = new Set(['published', 'partial', 'failed']);

export async function settleBatch(trx: Trx, items: readonly SettleItem[]): Promise<ItemOutcome<Settled>[]> {
  const first = items[0] as SettleItem;
  const dialect = first.ctx.store.dialect;
  const posts = await lockPosts(
    trx,
    dialect,
    items.map((i) => i.actor.postId),
  );
  const leases = await lockJobLeases(
    trx,
    dialect,
    items.filter((i) => i.requireLease).map((i) => i.actor.jobId),
  );
  const targets = await readTargets(
    trx,
    dialect,
    items.map((i) => i.actor.targetId),
  );
  const writes: { id: string; set: Partial<PostTargetsTable> }[] = [];
  const refunds = new Map<string, { ctx: AppContext; targetIds: string[] }>();
  /** What settled here, for the platforms' operational state (GET /v1/platforms). */
  const counted: SettledOutcome[] = [];
  /** Posts with a target settled here, and the context (clock, config) of the last item that settled one. */
  const touched = new Map<string, { ctx: AppContext; at: string }>();

  const outcomes = items.map(({ ctx, actor: a, outcome, requireLease }): ItemOutcome<Settled> => {
    const post = posts.get(a.postId);
    if (!post || post.project_id !== a.projectId) return notSettled;
    if (requireLease && leases.get(a.jobId) !== a.leaseOwner) return { ok: false, error: new LeaseLost() };
    const target = targets.get(a.targetId);
    if (!target || target.project_id !== a.projectId || !ACTIVE_TARGET_STATES.has(target.status))
      return notSettled;
    const at = ctx.now().toISOString();
    let ledger = parseLedger(target.ledger);
    let change: Partial<PostTargetsTable>;
    if (outcome.status === 'published') {
      ledger = withHistory(
        {
          ...ledger,
          createInFlight: null,
          created: {
            platformPostId: outcome.platformPostId,
            platformPostUrl: outcome.platformPostUrl,
            at,
            via: outcome.via,
            // Which one it went to is fixed now: a later change of settings does not rewrite history.
            ...(ctx.endpoints[target.platform as Platform]?.mode === 'sandbox' ? { sandbox: true } : {}),
          },
        },
        at,
        'published',
        outcome.via,
      );
      change = {
        status: 'published',
        platform_post_id: outcome.platformPostId,
        platform_post_url: outcome.platformPostUrl,
        published_at: at,
        warning_message: outcome.warning ?? null,
        error_message: null,
      };
    } else {
      ledger = withHistory(ledger, at, 'failed', outcome.message);
      change = { status: 'failed', error_message: outcome.message };
      if (outcome.refund) {
        const r = refunds.get(a.projectId) ?? { ctx, targetIds: [] };
        r.targetIds.push(target.id);
        refunds.set(a.projectId, r);
      }
    }
    const set = { ...change, ledger: JSON.stringify(ledger), updated_at: at };
    writes.push({ id: target.id, set });
    // A second item for the same target in this batch finds it settled already.
    targets.set(target.id, { ...target, ...set });
    touched.set(post.id, { ctx, at });
    counted.push({
      platform: target.platform,
      failed: outcome.status === 'failed',
      errorClass: outcome.status === 'failed' ? outcome.errorClass : undefined,
    });
    return { ok: true, value: { settled: true, final: null, platform: target.platform } };
  });

  // Balance rows are locked in project order, the same order every batch uses.
  for (const projectId of [...refunds.keys()].sort()) {
    const r = refunds.get(projectId) as { ctx: AppContext; targetIds: string[] };
    await refundTargets(trx, r.ctx, projectId, r.targetIds, 'post_refund', ['post', 'post_edit']);
  }
  await updateRowsById(trx, dialect, 'post_targets', writes);
  await countOutcomes(trx, first.ctx.now(), counted);
  const finals = await finishPosts(trx, dialect, posts, touched);
  items.forEach((item, i) => {
    const o = outcomes[i];
    if (o?.ok && o.value.settled) o.value.final = finals.get(item.actor.postId) ?? null;
  });
  return outcomes;
}

const notSettled: ItemOutcome<Settled> = { ok: true, value: { settled: false, final: null } };

/**
 * For each touched post whose targets are all final now: its status and its final
 * event. Returns the posts that became final here (their waiters are woken after the commit).
 */
async function finishPosts(
  trx: Trx,
  dialect: Dialect,
  posts: ReadonlyMap<string, PostsTable>,
  touched: ReadonlyMap<string, { ctx: AppContext; at: string }>,
): Promise<Map<string, FinalPostStatus>> {
  const finals = new Map<string, FinalPostStatus>();
  if (touched.size === 0) return finals;
  const byPost = new Map<string, PostTargetsTable[]>();
  for (const t of await readTargetsOfPosts(trx, dialect, touched.keys())) {
    const list = byPost.get(t.post_id) ?? [];
    list.push(t);
    byPost.set(t.post_id, list);
  }
  const postWrites: { id: string; set: Partial<PostsTable> }[] = [];
  const events: { ctx: AppContext; type: OutboxEventType; post: PostsTable; targets: PostTargetsTable[] }[] =
    [];
  for (const [postId, { ctx, at }] of touched) {
    const post = posts.get(postId) as PostsTable;
    const targets = byPost.get(postId) ?? [];
    const status = derivePostStatus(targets);
    if (!status || post.status === status || FINAL_POST_STATES.has(post.status)) continue;
    const finished = { ...post, status, updated_at: at };
    postWrites.push({ id: postId, set: { status, updated_at: at } });
    events.push({ ctx, type: finalEventType(status) as OutboxEventType, post: finished, targets });
    finals.set(postId, status);
  }
  await updateRowsById(trx, dialect, 'posts', postWrites);
  await writeOutboxEvents(trx, events);
  // The service's own change, in the audit log: one multi-row insert for the batch.
  if (events.length > 0)
    await trx
      .insertInto('audit_log')
      .values(
        events.map((e) =>
          auditRow(
            e.ctx,
            postAuditChange(e.post, `post.${e.post.status}`, {
              published: e.targets.filter((t) => t.status === 'published').map((t) => t.integration_id),
              failed: e.targets.filter((t) => t.status === 'failed').map((t) => t.integration_id),
            }),
            SYSTEM_ACTOR,
          ),
        ),
      )
      .execute();
  // A recurring post hands over to its next occurrence, enqueued with its final status so it is never lost.
  for (const e of events)
    if (e.post.series_id !== null && e.post.series_index !== null)
      await enqueueSeriesNext(trx, e.post.project_id, e.post.series_id, e.post.series_index);
  return finals;
}
