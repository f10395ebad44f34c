/**
 * A reviewer's edit of a post awaiting approval (PUT /v1/posts/{postId}/pending): its
 * text and each account's own text, before it is approved. The accounts, media and
 * options stay as sent. Create's checks run on the edited post (a text too long for a
 * platform is refused here, not at approval), it stays `pending` with the time it
 * asked for, and a line in its history says who edited it, so the author sees why the
 * text changed.
 */
import type { AppContext } from '../../context.ts';
import { conflict, invalid } from '../../errors.ts';
import { storedBody } from '../planning/draft-body.ts';
import type { ScheduleDraftInput } from '../planning/schedule-draft.ts';
import { lockPost } from '../posts/lock.ts';
import { getPostRow } from '../posts/read.ts';
import type { PostRow } from '../posts/types.ts';
import { historyRow } from './history.ts';
import { checkRequest } from './submit.ts';

export interface PendingEdit {
  /** The post's text. */
  content: string;
  /** Accounts' own text: a string replaces it, null drops it (the account takes the post's text). */
  targets?: { accountId: string; content: string | null }[];
}

const requirePending = (post: PostRow) => {
  if (post.status !== 'pending')
    throw conflict(
      `Post ${post.id} is ${post.status}, not awaiting approval; only a post awaiting approval can be edited here`,
    );
};

/** What the post asked for, checked as now: a time already past is checked as "now", as approval takes it. */
async function askedWhen(ctx: AppContext, post: PostRow): Promise<ScheduleDraftInput> {
  const row = await ctx.store.db
    .selectFrom('post_approvals')
    .select('request')
    .where('post_id', '=', post.id)
    .executeTakeFirst();
  const asked = row ? (JSON.parse(row.request) as ScheduleDraftInput) : { publishNow: true };
  if (asked.scheduledFor && Date.parse(asked.scheduledFor) <= ctx.now().getTime())
    return { publishNow: true, timezone: asked.timezone ?? post.timezone };
  return { ...asked, timezone: asked.timezone ?? post.timezone };
}

export async function editPendingPost(
  ctx: AppContext,
  caller: { projectId: string; actor: string },
  postId: string,
  edit: PendingEdit,
): Promise<{ postId: string; status: 'pending'; changed: number }> {
  const { projectId } = caller;
  const post = await getPostRow(ctx, projectId, postId);
  requirePending(post);
  const targets = await ctx.store.db
    .selectFrom('post_targets')
    .selectAll()
    .where('post_id', '=', postId)
    .execute();
  const own = new Map<string, string | null>();
  for (const [i, t] of (edit.targets ?? []).entries()) {
    if (!targets.some((row) => row.integration_id === t.accountId))
      throw invalid(`targets[${i}].accountId: account ${t.accountId} is not one of this post's accounts`);
    if (own.has(t.accountId)) throw invalid(`targets[${i}].accountId: account ${t.accountId} is named twice`);
    own.set(t.accountId, t.content);
  }
  const body = storedBody(post, targets);
  body.content = edit.content;
  body.platforms = body.platforms.map((p) => {
    if (!own.has(p.accountId)) return p;
    const { content: _old, ...rest } = p;
    const text = own.get(p.accountId);
    return text === null || text === undefined ? rest : { ...rest, content: text };
  });
  await checkRequest(ctx, projectId, body, await askedWhen(ctx, post));
  const at = ctx.now().toISOString();
  const changed = targets.filter(
    (t) => own.has(t.integration_id) && (own.get(t.integration_id) ?? null) !== t.content,
  ).length;
  await ctx.store.db.transaction().execute(async (trx) => {
    const locked = await lockPost(trx, ctx, projectId, postId);
    requirePending(locked);
    const raw = { ...(JSON.parse(locked.raw_request) as Record<string, unknown>), ...body };
    await trx
      .updateTable('posts')
      .set({ content: edit.content, raw_request: JSON.stringify(raw), updated_at: at })
      .where('id', '=', postId)
      .execute();
    for (const t of targets)
      if (own.has(t.integration_id))
        await trx
          .updateTable('post_targets')
          .set({ content: own.get(t.integration_id) ?? null, updated_at: at })
          .where('id', '=', t.id)
          .execute();
    const what =
      edit.content === post.content
        ? `Edited the text of ${changed} account(s) before approval`
        : changed > 0
          ? `Edited the text (and that of ${changed} account(s)) before approval`
          : 'Edited the text before approval';
    await trx
      .insertInto('post_notes')
      .values(historyRow(ctx, post, 'note', caller.actor, what))
      .execute();
  });
  return { postId, status: 'pending', changed };
}
