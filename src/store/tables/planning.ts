/**
 * Row types of the planning layer (migration 0200): posting queues (weekly time
 * slots per profile, or per project for accounts without a profile), the slots
 * queued posts hold, and recurring series. Conventions as in core.ts: text ids,
 * ISO times, 0/1 booleans, JSON as text, `project_id` on every row.
 */
import type { RetentionOf } from './retention-types.ts';

/** The queue owner of a project's accounts that have no profile (profile ids are never empty). */
export const PROJECT_QUEUE = '';

export interface PostQueuesTable {
  project_id: string;
  /** The profile id, or PROJECT_QUEUE for the project's own queue. */
  owner: string;
  /** IANA zone the slots' local times are read in. */
  timezone: string;
  /** JSON array of {day: "monday"…"sunday", time: "HH:MM"}, sorted. */
  slots: string;
  /** 1 while no post may be added to the queue. */
  paused: number;
  updated_at: string;
}

/**
 * A slot taken by a queued post. The primary key (project, owner, slot time) is
 * what makes two concurrent adds take different slots, on any number of nodes.
 */
export interface QueueSlotsTable {
  project_id: string;
  owner: string;
  /** ISO UTC instant of the slot. */
  slot_at: string;
  post_id: string;
  created_at: string;
}

export interface PostSeriesTable {
  id: string;
  project_id: string;
  /** JSON {every, unit, until?, count?}. */
  rule: string;
  /** JSON array of alternative texts, used in turn after the post's own content. */
  variants: string;
  /** IANA zone in which occurrences keep their local time. */
  timezone: string;
  /** ISO UTC time of the first occurrence; later ones are counted from it. */
  anchor_at: string;
  /**
   * JSON {content, media, platforms}: what every occurrence publishes (media as
   * stored on the first post, platforms as requested), the text taking the variants in turn.
   */
  template: string;
  /** How many occurrences were created (the next one's index). */
  created_count: number;
  /** The rule step of the latest occurrence (steps whose time had passed are skipped). */
  last_step: number;
  /** active, paused or ended. */
  status: string;
  /** Why the series is paused or ended, in a sentence; null while active. */
  status_reason: string | null;
  created_at: string;
  updated_at: string;
}

export interface PlanningTables {
  post_queues: PostQueuesTable;
  queue_slots: QueueSlotsTable;
  post_series: PostSeriesTable;
}

/** How long each table's rows stay (src/store/retention.ts). */
export const PLANNING_RETENTION = {
  post_queues: { kept: 'customer settings, deleted by the customer' },
  queue_slots: { kept: 'with their queue' },
  post_series: { kept: 'customer settings, deleted by the customer' },
} as const satisfies RetentionOf<PlanningTables>;
