/**
 * Every state change of a target, each one transaction. Transactions that may
 * change the post begin by locking the post row with a no-op UPDATE: on
 * PostgreSQL that serializes them with the posts API (cancel, edit, delete lock
 * the same row) and with the other targets of the post, so exactly one of them
 * sees the last target finish and writes the final event; on SQLite the first
 * write takes the database's write lock, which does the same.
 *
 * Writes that act for a job first check, in the same transaction, that the job's
 * lease is still held (fencing): a runner that lost its lease changes nothing.
 */
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.ts';
import { stillHoldsLease } from '../../jobs/queue-store.ts';
import type { Database } from '../../store/schema.ts';
import type { PostsTable, PostTargetsTable } from '../../store/tables/posts.ts';
import { refundTargets } from '../credits/balance.ts';
import { notifyPostSettled } from './events.ts';
import { writeOutboxEvent } from './outbox.ts';
import {
  ACTIVE_TARGET_STATES,
  derivePostStatus,
  type FinalPostStatus,
  finalEventType,
  type Ledger,
  parseLedger,
  withHistory,
} from './state.ts';

type Trx = Transaction<Database>;

/** Who acts: the job (for the lease check) and where. */
export interface Actor {
  jobId: string;
  leaseOwner: string;
  projectId: string;
  postId: string;
  targetId: string;
}

export class LeaseLost extends Error {
  override name = 'LeaseLost';
  constructor(detail = 'the job lease was lost') {
    super(`${detail}; another worker continues this target`);
  }
}

async function lockPost(trx: Trx, a: Actor): Promise<PostsTable | undefined> {
  return trx
    .updateTable('posts')
    .set((eb) => ({ updated_at: eb.ref('updated_at') }))
    .where('id', '=', a.postId)
    .where('project_id', '=', a.projectId)
    .returningAll()
    .executeTakeFirst();
}

const readTarget = (trx: Trx, a: Actor) =>
  trx
    .selectFrom('post_targets')
    .selectAll()
    .where('id', '=', a.targetId)
    .where('project_id', '=', a.projectId)
    .executeTakeFirst();

export type StartResult =
  | { kind: 'ready'; post: PostsTable; target: PostTargetsTable; ledger: Ledger }
  | { kind: 'done'; why: string }
  | { kind: 'not_due'; waitMs: number };

/** Takes the target into `publishing` (and its post) if it is still to be published. */
export async function startAttempt(ctx: AppContext, a: Actor): Promise<StartResult> {
  return ctx.store.db.transaction().execute(async (trx): Promise<StartResult> => {
    const post = await lockPost(trx, a);
    if (!post) return { kind: 'done', why: 'the post was deleted' };
    if (!(await stillHoldsLease(trx, a.jobId, a.leaseOwner))) throw new LeaseLost();
    const target = await readTarget(trx, a);
    if (!target) return { kind: 'done', why: 'the target was removed by an edit' };
    if (!ACTIVE_TARGET_STATES.has(target.status) || post.status === 'draft')
      return { kind: 'done', why: `the target is ${target.status}` };
    const now = ctx.now();
    if (post.status === 'scheduled' && post.scheduled_for) {
      const wait = Date.parse(post.scheduled_for) - now.getTime();
      if (wait > 50) return { kind: 'not_due', waitMs: wait };
    }
    const at = now.toISOString();
    let ledger = parseLedger(target.ledger);
    const updated: Partial<PostTargetsTable> = {
      status: 'publishing',
      attempt: target.attempt + 1,
      updated_at: at,
    };
    if (!ledger.startedAt) {
      ledger = { ...ledger, startedAt: at };
      updated.ledger = JSON.stringify(ledger);
    }
    await trx.updateTable('post_targets').set(updated).where('id', '=', target.id).execute();
    let current = post;
    if (post.status === 'scheduled' || post.status === 'pending') {
      await trx
        .updateTable('posts')
        .set({ status: 'publishing', updated_at: at })
        .where('id', '=', post.id)
        .execute();
      current = { ...post, status: 'publishing', updated_at: at };
    }
    return { kind: 'ready', post: current, target: { ...target, ...updated }, ledger };
  });
}

/** Updates the ledger (and optionally the checkpoint) while the lease is held. */
export async function updateLedger(
  ctx: AppContext,
  a: Actor,
  change: (
    ledger: Ledger,
    checkpoint: Record<string, unknown>,
  ) => { ledger: Ledger; checkpoint?: Record<string, unknown> },
): Promise<Ledger> {
  return ctx.store.db.transaction().execute(async (trx) => {
    if (!(await stillHoldsLease(trx, a.jobId, a.leaseOwner))) throw new LeaseLost();
    const target = await readTarget(trx, a);
    if (target?.status !== 'publishing') throw new LeaseLost(`the target is ${target?.status ?? 'gone'}`);
    const before = parseLedger(target.ledger);
    const checkpoint = target.checkpoint ? (JSON.parse(target.checkpoint) as Record<string, unknown>) : {};
    const next = change(before, checkpoint);
    await trx
      .updateTable('post_targets')
      .set({
        ledger: JSON.stringify(next.ledger),
        ...(next.checkpoint ? { checkpoint: JSON.stringify(next.checkpoint) } : {}),
        updated_at: ctx.now().toISOString(),
      })
      .where('id', '=', target.id)
      .execute();
    return next.ledger;
  });
}

/**
 * Settles a target: published (with the platform's id) or failed (with a message
 * for the user). Returns false when it was settled already. When it was the last
 * open target, derives the post's status and writes the one final event.
 */
export async function settleTarget(
  ctx: AppContext,
  a: Actor,
  outcome:
    | {
        status: 'published';
        platformPostId: string;
        platformPostUrl: string;
        warning?: string;
        via: 'publish' | 'reconcile';
      }
    | { status: 'failed'; message: string; refund: boolean },
  options: { requireLease: boolean },
): Promise<boolean> {
  const settled = await ctx.store.db.transaction().execute(async (trx) => {
    const post = await lockPost(trx, a);
    if (!post) return null;
    if (options.requireLease && !(await stillHoldsLease(trx, a.jobId, a.leaseOwner))) throw new LeaseLost();
    const target = await readTarget(trx, a);
    if (!target || !ACTIVE_TARGET_STATES.has(target.status)) return null;
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
      if (outcome.refund)
        await refundTargets(trx, ctx, a.projectId, [target.id], 'post_refund', ['post', 'post_edit']);
    }
    await trx
      .updateTable('post_targets')
      .set({ ...change, ledger: JSON.stringify(ledger), updated_at: at })
      .where('id', '=', target.id)
      .execute();
    return finishPostIfDone(trx, ctx, post, at);
  });
  if (settled === null) return false;
  if (settled.final) notifyPostSettled(a.postId);
  return true;
}

/** When every target of the post is final: sets the post's status and writes its final event. */
async function finishPostIfDone(
  trx: Trx,
  ctx: AppContext,
  post: PostsTable,
  at: string,
): Promise<{ final: FinalPostStatus | null }> {
  // By post id alone: the post row (locked above) was found in its project already, and
  // adding project_id lets SQLite's planner choose an index on project_id, which then
  // scans every target of the project (the whole table in a spike of one project).
  const targets = await trx.selectFrom('post_targets').selectAll().where('post_id', '=', post.id).execute();
  const status = derivePostStatus(targets);
  if (!status || post.status === status) return { final: null };
  if (['published', 'partial', 'failed'].includes(post.status)) return { final: null };
  const finished = { ...post, status, updated_at: at };
  await trx.updateTable('posts').set({ status, updated_at: at }).where('id', '=', post.id).execute();
  await writeOutboxEvent(trx, ctx, finalEventType(status) as 'post.published', finished, targets);
  return { final: status };
}
