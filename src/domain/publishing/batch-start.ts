/**
 * Starting attempts in one transaction for every job that starts at the same
 * moment: lock their posts, check their leases, read their targets, then take
 * each target still to be published into `publishing` (and its post with it).
 * Each item is decided on its own exactly as a lone start would be.
 */
import type { AppContext } from '../../context.ts';
import type { ItemOutcome } from '../../store/group-commit.ts';
import type { PostsTable, PostTargetsTable } from '../../store/tables/posts.ts';
import { updateRowsById } from '../../store/update-rows.ts';
import { lockJobLeases, lockPosts, readTargets, type Trx } from './batch-rows.ts';
import { ACTIVE_TARGET_STATES, type Ledger, parseLedger } from './state.ts';
import { type Actor, LeaseLost } from './transitions-types.ts';

export type StartResult =
  /** `firstStart`: this is the first time a job took the target (its lateness is measured then). */
  | { kind: 'ready'; post: PostsTable; target: PostTargetsTable; ledger: Ledger; firstStart: boolean }
  | { kind: 'done'; why: string }
  | { kind: 'not_due'; waitMs: number };

export interface StartItem {
  ctx: AppContext;
  actor: Actor;
}

export async function startBatch(trx: Trx, items: readonly StartItem[]): Promise<ItemOutcome<StartResult>[]> {
  const dialect = (items[0] as StartItem).ctx.store.dialect;
  const posts = await lockPosts(
    trx,
    dialect,
    items.map((i) => i.actor.postId),
  );
  const leases = await lockJobLeases(
    trx,
    dialect,
    items.map((i) => i.actor.jobId),
  );
  const targets = await readTargets(
    trx,
    dialect,
    items.map((i) => i.actor.targetId),
  );
  const targetWrites: { id: string; set: Partial<PostTargetsTable> }[] = [];
  const postWrites = new Map<string, { id: string; set: Partial<PostsTable> }>();

  const outcomes = items.map(({ ctx, actor: a }): ItemOutcome<StartResult> => {
    const post = posts.get(a.postId);
    if (!post || post.project_id !== a.projectId) return done('the post was deleted');
    if (leases.get(a.jobId) !== a.leaseOwner) return { ok: false, error: new LeaseLost() };
    const target = targets.get(a.targetId);
    if (!target || target.project_id !== a.projectId) return done('the target was removed by an edit');
    // A draft, or a post awaiting approval, sends nothing (a job left from before it went back).
    if (!ACTIVE_TARGET_STATES.has(target.status) || post.status === 'draft' || post.status === 'pending')
      return done(`the target is ${target.status}`);
    const now = ctx.now();
    if (post.status === 'scheduled' && post.scheduled_for) {
      const wait = Date.parse(post.scheduled_for) - now.getTime();
      if (wait > 50) return { ok: true, value: { kind: 'not_due', waitMs: wait } };
    }
    const at = now.toISOString();
    let ledger = parseLedger(target.ledger);
    const updated: Partial<PostTargetsTable> = {
      status: 'publishing',
      attempt: target.attempt + 1,
      updated_at: at,
    };
    const firstStart = !ledger.startedAt;
    if (firstStart) {
      ledger = { ...ledger, startedAt: at };
      updated.ledger = JSON.stringify(ledger);
    }
    targetWrites.push({ id: target.id, set: updated });
    const startedTarget = { ...target, ...updated };
    targets.set(target.id, startedTarget);
    let current = post;
    if (post.status === 'scheduled') {
      current = { ...post, status: 'publishing', updated_at: at };
      posts.set(post.id, current);
      postWrites.set(post.id, { id: post.id, set: { status: 'publishing', updated_at: at } });
    }
    return { ok: true, value: { kind: 'ready', post: current, target: startedTarget, ledger, firstStart } };
  });

  await updateRowsById(trx, dialect, 'post_targets', targetWrites);
  await updateRowsById(trx, dialect, 'posts', [...postWrites.values()]);
  return outcomes;
}

const done = (why: string): ItemOutcome<StartResult> => ({ ok: true, value: { kind: 'done', why } });
