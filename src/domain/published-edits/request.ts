/**
 * PATCH /v1/posts/{postId}/published: accepts an edit of a published post. In one
 * transaction, with the post locked: the plan (./plan.ts) from the rows as they are
 * now, 1 credit per target to edit (402 when they can not all be paid), the new
 * top-level text, each edited target's edit record and its job. The jobs (./job.ts)
 * then change the posts on the platforms and record the new text per target.
 *
 * The text a target shows stays its own `content`: when the top-level text
 * changes, every target without text of its own first keeps the text it was
 * published with, and an edited one takes the new text once its platform has it.
 */

import type { AppContext } from '../../context.ts';
import { enqueueMany } from '../../jobs/enqueue.ts';
import { changedFields, recordAudit } from '../audit/record.ts';
import { chargeCredits } from '../credits/balance.ts';
import { newId } from '../ids.ts';
import { lockPost } from '../posts/lock.ts';
import { postAuditChange } from '../posts/post-audit.ts';
import { type ProjectReach, projectOf } from '../teams/reach.ts';
import { editTargetJob } from './job.ts';
import { type EditPlan, type PublishedEditBody, planPublishedEdit } from './plan.ts';
import { PUBLISHED_EDIT_REASON } from './reasons.ts';
import type { TargetEdit } from './state.ts';

export type TargetEditStatus = 'editing' | 'not_editable' | 'refused' | 'skipped';

export interface TargetEditAnswer {
  platform: string;
  integrationId: string;
  status: TargetEditStatus;
  message: string;
}

export interface PublishedEditAnswer {
  /** True when every target the request changes is being edited (none refused or not editable). */
  success: boolean;
  postId: string;
  creditsCharged: number;
  platforms: TargetEditAnswer[];
}

export async function editPublishedPost(
  ctx: AppContext,
  reach: ProjectReach,
  postId: string,
  body: PublishedEditBody,
): Promise<PublishedEditAnswer> {
  const projectId = projectOf(reach);
  const plan = await ctx.store.db.transaction().execute(async (trx) => {
    const post = await lockPost(trx, ctx, reach, postId);
    const targets = await trx
      .selectFrom('post_targets')
      .selectAll()
      .where('project_id', '=', projectId)
      .where('post_id', '=', postId)
      .orderBy('position')
      .execute();
    const plan = planPublishedEdit(ctx.platforms, post, targets, body);
    const editing = plan.targets.flatMap((p) => (p.kind === 'editing' ? [p] : []));
    const profiles = await profilesOf(
      ctx,
      trx,
      projectId,
      editing.map((p) => p.target.integration_id),
    );
    const charges = await chargeCredits(
      trx,
      ctx,
      projectId,
      editing.map((p) => ({
        amount: 1,
        reason: PUBLISHED_EDIT_REASON,
        postId,
        targetId: p.target.id,
        integrationId: p.target.integration_id,
        platform: p.target.platform,
        profileId: profiles.get(p.target.integration_id) ?? null,
      })),
      `editing on ${editing.length} platform${editing.length === 1 ? '' : 's'} (1 credit each)`,
    );
    const at = ctx.now().toISOString();
    if (plan.postContent !== post.content) {
      // Targets without text of their own keep showing the text they were published with.
      await trx
        .updateTable('post_targets')
        .set({ content: post.content, updated_at: at })
        .where('post_id', '=', postId)
        .where('content', 'is', null)
        .execute();
    }
    if (editing.length > 0 || plan.postContent !== post.content)
      await trx
        .updateTable('posts')
        .set({ content: plan.postContent, updated_at: at })
        .where('id', '=', postId)
        .execute();
    const jobs = [];
    for (const [i, p] of editing.entries()) {
      const edit: TargetEdit = {
        id: newId('ped'),
        status: 'editing',
        requestedAt: at,
        finishedAt: null,
        content: p.content,
        options: p.options,
        contentChanged: p.changes.content,
        chargeId: charges[i] ?? null,
        callInFlight: null,
        calls: 0,
        errorMessage: null,
        warningMessage: null,
      };
      await trx
        .updateTable('post_targets')
        .set({ edit: JSON.stringify(edit) })
        .where('id', '=', p.target.id)
        .execute();
      jobs.push({
        kind: editTargetJob,
        id: editJobId(edit.id),
        projectId,
        payload: {
          postId,
          targetId: p.target.id,
          editId: edit.id,
          platform: p.target.platform,
          integrationId: p.target.integration_id,
        },
      });
    }
    await enqueueMany(trx, jobs);
    await recordAudit(
      trx,
      ctx,
      postAuditChange(post, 'post.published_edited', {
        ...changedFields({ content: post.content }, { content: plan.postContent }),
        accounts: editing.map((p) => p.target.integration_id),
      }),
    );
    return plan;
  });
  return answerOf(postId, plan);
}

export const editJobId = (editId: string): string => `edit_${editId}`;

async function profilesOf(
  _ctx: AppContext,
  trx: Parameters<typeof enqueueMany>[0],
  projectId: string,
  integrationIds: readonly string[],
): Promise<Map<string, string | null>> {
  if (integrationIds.length === 0) return new Map();
  const rows = await trx
    .selectFrom('integrations')
    .select(['id', 'profile_id'])
    .where('project_id', '=', projectId)
    .where('id', 'in', integrationIds)
    .execute();
  return new Map(rows.map((r) => [r.id, r.profile_id]));
}

function answerOf(postId: string, plan: EditPlan): PublishedEditAnswer {
  const platforms = plan.targets.map(
    (p): TargetEditAnswer => ({
      platform: p.target.platform,
      integrationId: p.target.integration_id,
      status: p.kind,
      message:
        p.kind === 'editing'
          ? `Editing ${[p.changes.content ? 'the text' : '', ...p.changes.options].filter(Boolean).join(', ')}; GET the post to see when it is done`
          : p.message,
    }),
  );
  return {
    // As in every other 2xx answer: the request was taken. What each target gets is its `status`.
    success: true,
    postId,
    creditsCharged: platforms.filter((p) => p.status === 'editing').length,
    platforms,
  };
}
