/**
 * Row types of posts, their per-account targets, the credit ledger and balances,
 * and the idempotency keys of post creation. Conventions as in core.ts: text ids,
 * ISO times, 0/1 booleans, JSON as text, `project_id` on every row.
 */
import type { RetentionOf } from './retention-types.ts';

export interface PostsTable {
  id: string;
  project_id: string;
  content: string;
  /** JSON array of stored media items (see domain/posts/types.ts StoredMedia). */
  media: string;
  /** A Status value: draft, pending (awaiting approval), scheduled, publishing, published, failed, partial. */
  status: string;
  /** ISO UTC time the post is due; null for publish-now posts and drafts. */
  scheduled_for: string | null;
  /** IANA name the schedule was given in. */
  timezone: string;
  /** 1 when the post was created for future publication (webhook onlyScheduledPosts). */
  was_scheduled: number;
  /** JSON: the original create request body. */
  raw_request: string;
  /** The recurring series this post is an occurrence of (migration 0200), or null. */
  series_id: string | null;
  /** Which occurrence of its series (0 for the first), or null. */
  series_index: number | null;
  /** The request's top-level firstComment (migration 0220), or null. */
  first_comment: string | null;
  created_at: string;
  updated_at: string;
}

export interface PostTargetsTable {
  id: string;
  project_id: string;
  post_id: string;
  /** Index in the request's `platforms` array. */
  position: number;
  platform: string;
  integration_id: string;
  /** Per-target text override; null means the post's content. */
  content: string | null;
  /**
   * What this target comments once it is live (migration 0220): its own first
   * comment or the post's; null when none, or when its platform can not comment.
   */
  first_comment: string | null;
  /** JSON object (the target's platformSpecificData). */
  platform_specific_data: string;
  status: string;
  platform_post_id: string | null;
  platform_post_url: string | null;
  published_at: string | null;
  error_message: string | null;
  warning_message: string | null;
  /** Publishing engine: how many attempts were made. */
  attempt: number;
  /** Publishing engine: JSON of the adapter's resumable step state. */
  checkpoint: string | null;
  /** Publishing engine: JSON attempt ledger (create call in flight / its result). */
  ledger: string | null;
  /** The latest edit after publishing, as JSON (migration 0210, domain/published-edits/state.ts); null if none. */
  edit: string | null;
  created_at: string;
  updated_at: string;
}

/**
 * One credit movement. A charge is positive, a refund negative (and carries the
 * month of the charge it returns, so monthly usage stays exact). Profile and
 * integration are recorded at charge time so every usage filter is exact.
 */
export interface CreditLedgerTable {
  id: string;
  project_id: string;
  /** YYYY-MM the movement counts in. */
  month: string;
  amount: number;
  /** Part of `amount` taken from (or returned to) the monthly allowance. */
  monthly_part: number;
  /** Part of `amount` taken from (or returned to) purchased credits. */
  purchased_part: number;
  /** post, post_edit, post_refund, platform_delete, platform_delete_refund, published_edit(_refund), or another area's reason. */
  reason: string;
  post_id: string | null;
  target_id: string | null;
  profile_id: string | null;
  integration_id: string | null;
  platform: string | null;
  /** For refunds: the charge entry this one returns. */
  refund_of: string | null;
  created_at: string;
}

/** The row locked while credits are checked and charged (one per project). */
export interface CreditBalancesTable {
  project_id: string;
  /** YYYY-MM of the monthly counter below. */
  month: string;
  monthly_used: number;
  purchased_total: number;
  purchased_used: number;
  updated_at: string;
}

export interface IdempotencyKeysTable {
  project_id: string;
  key: string;
  /** sha256 of the canonical request body. */
  request_hash: string;
  status_code: number;
  /** JSON of the first answer. */
  answer: string;
  created_at: string;
}

export interface PostsTables {
  posts: PostsTable;
  post_targets: PostTargetsTable;
  credit_ledger: CreditLedgerTable;
  credit_balances: CreditBalancesTable;
  idempotency_keys: IdempotencyKeysTable;
}

/** How long each table's rows stay (src/store/retention.ts). */
export const POSTS_RETENTION = {
  posts: { kept: 'the customer’s posts, deleted by the customer' },
  post_targets: { kept: 'with their post' },
  credit_ledger: { kept: 'the record of what was charged, one row per charge or refund' },
  credit_balances: { kept: 'one row per project' },
  idempotency_keys: {
    sweptBy: 'sweep_expired_records',
    rule: 'a key one day (its time to live) after it was stored',
  },
} as const satisfies RetentionOf<PostsTables>;
