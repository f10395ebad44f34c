/**
 * Row types of approval (migration 0280): the approval mode of a project and its
 * profiles, what a post awaiting approval asked for, notes and approval history
 * on posts, and client review links. Conventions as in core.ts.
 */
import type { RetentionOf } from './retention-types.ts';

/** The project's own approval setting (profile ids are never empty). */
export const PROJECT_SETTING = '';

export interface ApprovalSettingsTable {
  project_id: string;
  /** A profile id, or PROJECT_SETTING for the project. */
  owner: string;
  /** off, contributors or everyone. */
  mode: string;
  updated_at: string;
}

export interface PostApprovalsTable {
  post_id: string;
  project_id: string;
  /** JSON {publishNow?, scheduledFor?, timezone?, queue?}: when the post is to go out once approved. */
  request: string;
  /** Who asked (a caller's actor). */
  requested_by: string;
  requested_at: string;
}

export interface PostNotesTable {
  id: string;
  project_id: string;
  post_id: string;
  /** note, submitted, approved, changes_requested, review_approved, review_changes_requested. */
  kind: string;
  /** A caller's actor (an e-mail or key:<id>), or the name a reviewer gave. */
  author: string;
  /** Set when a reviewer wrote it through a review link. */
  review_link_id: string | null;
  text: string;
  created_at: string;
}

export interface ReviewLinksTable {
  id: string;
  project_id: string;
  /** The one post the link shows, or null for a profile's upcoming posts. */
  post_id: string | null;
  profile_id: string | null;
  /** sha256 hex of the token; the token itself is shown once and never stored. */
  token_hash: string;
  label: string | null;
  created_by: string;
  /** 1 when the creator could approve: the reviewer's decision then moves the post. */
  can_approve: number;
  /**
   * The creator's reach when making it (migration 0320): JSON array of the profiles
   * they were limited to, null for the whole project. The link shows and decides
   * only posts within it.
   */
  profile_ids: string | null;
  expires_at: string;
  revoked_at: string | null;
  created_at: string;
}

export interface ApprovalTables {
  approval_settings: ApprovalSettingsTable;
  post_approvals: PostApprovalsTable;
  post_notes: PostNotesTable;
  review_links: ReviewLinksTable;
}

/** How long each table's rows stay (src/store/retention.ts). */
export const APPROVAL_RETENTION = {
  approval_settings: { kept: 'one row per project or profile' },
  post_approvals: { kept: 'one row per post waiting for a decision, deleted at the decision' },
  post_notes: { kept: 'a post’s review history, with its post' },
  review_links: {
    sweptBy: 'sweep_expired_records',
    rule: '30 days after they were revoked or expired (the links list shows them as such until then)',
  },
} as const satisfies RetentionOf<ApprovalTables>;
