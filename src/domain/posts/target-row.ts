import { firstCommentOf } from '../../platforms/first-comment.ts';
import type { PlatformRegistry } from '../../platforms/module.ts';
import type { TargetInput } from '../../platforms/shared/input.ts';
import type { TargetRow } from './types.ts';

/** What a target is given when it is created; the rest starts empty (no attempt, no result). */
export interface NewTarget {
  id: string;
  projectId: string;
  postId: string;
  position: number;
  platform: string;
  integrationId: string;
  content: string | null;
  platformSpecificData: object;
  /** What the target comments once live (resolved by `targetFirstComment`); none when absent. */
  firstComment?: string | null;
  status: string;
  /** ISO time used for both created_at and updated_at. */
  at: string;
}

/** A post_targets row for a target that has not been attempted yet. */
export function newTargetRow(t: NewTarget): TargetRow {
  return {
    id: t.id,
    project_id: t.projectId,
    post_id: t.postId,
    position: t.position,
    platform: t.platform,
    integration_id: t.integrationId,
    content: t.content,
    platform_specific_data: JSON.stringify(t.platformSpecificData),
    first_comment: t.firstComment ?? null,
    status: t.status,
    platform_post_id: null,
    platform_post_url: null,
    published_at: null,
    error_message: null,
    warning_message: null,
    attempt: 0,
    checkpoint: null,
    ledger: null,
    edit: null,
    created_at: t.at,
    updated_at: t.at,
  };
}

/**
 * The first comment entry `t` of a request posts once live: its own (YouTube's
 * platformSpecificData.firstComment) or the post's `firstComment`; null when
 * there is none or its platform can not comment (the answers say skipped).
 */
export function targetFirstComment(
  platforms: PlatformRegistry,
  t: TargetInput,
  postFirstComment: string | null | undefined,
): string | null {
  return firstCommentOf(
    platforms[t.platform].firstComment,
    (t.platformSpecificData ?? {}) as Record<string, unknown>,
    postFirstComment,
  );
}

/**
 * The columns a target takes from its entry in a request: what a create sets and
 * an edit replaces (`firstComment`: as `targetFirstComment` resolved it).
 */
export function requestedColumns(
  t: TargetInput,
  position: number,
  status: string,
  at: string,
  firstComment: string | null,
) {
  return {
    position,
    platform: t.platform,
    integration_id: t.accountId,
    content: t.content ?? null,
    platform_specific_data: JSON.stringify(t.platformSpecificData ?? {}),
    first_comment: firstComment,
    status,
    updated_at: at,
  };
}

/** A new post_targets row for entry `t` (at `position`) of a create or edit request. */
export function requestedTargetRow(
  t: TargetInput,
  position: number,
  row: {
    id: string;
    projectId: string;
    postId: string;
    status: string;
    at: string;
    /** As `targetFirstComment` resolved it. */
    firstComment: string | null;
  },
): TargetRow {
  return newTargetRow({
    ...row,
    position,
    platform: t.platform,
    integrationId: t.accountId,
    content: t.content ?? null,
    platformSpecificData: t.platformSpecificData ?? {},
  });
}
