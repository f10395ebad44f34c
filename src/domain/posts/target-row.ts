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

/** The columns a target takes from its entry in a request: what a create sets and an edit replaces. */
export function requestedColumns(t: TargetInput, position: number, status: string, at: string) {
  return {
    position,
    platform: t.platform,
    integration_id: t.accountId,
    content: t.content ?? null,
    platform_specific_data: JSON.stringify(t.platformSpecificData ?? {}),
    status,
    updated_at: at,
  };
}

/** A new post_targets row for entry `t` (at `position`) of a create or edit request. */
export function requestedTargetRow(
  t: TargetInput,
  position: number,
  row: { id: string; projectId: string; postId: string; status: string; at: string },
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
