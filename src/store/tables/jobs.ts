/**
 * Durable jobs (see src/jobs/). A row is one unit of background work; it is
 * written in the same transaction as the state it acts on.
 */
import type { SealedColumns } from '../sealed-columns.ts';
import type { RetentionOf } from './retention-types.ts';
export interface JobsTable {
  id: string;
  /** Name of the job kind in the catalog (src/jobs/kinds.ts). */
  kind: string;
  /** Project the work belongs to; null for system jobs. */
  project_id: string | null;
  /** JSON text of the kind's payload. */
  payload: string;
  /**
   * Epoch ms at which the row is next eligible for a claim. A claim moves it to
   * the end of the lease, so a job whose worker died becomes due again by itself.
   */
  run_at: number;
  /** Claims so far (incremented at each claim, handed back on a clean release). */
  attempts: number;
  max_attempts: number;
  /** Runner holding the job, null when nobody does. */
  lease_owner: string | null;
  /** Epoch ms when the lease ends unless renewed. */
  lease_until: number | null;
  last_error: string | null;
  /** Concurrency keys: the runner bounds jobs running at once per platform and per account. */
  platform: string | null;
  account: string | null;
  created_at: string;
}

export interface JobTables {
  jobs: JobsTable;
}

/** Sealed values inside job payloads: a kind seals what it must not keep in clear (the account e-mail's one-time link) (see ../sealed.ts). */
export const JOBS_SEALED = { jobs: { payload: 'json' } } as const satisfies SealedColumns<JobTables>;
/** How long each table's rows stay (src/store/retention.ts). */
export const JOB_RETENTION = {
  jobs: { kept: 'a finished job is deleted by the runner that ran it; recurring kinds keep their one row' },
} as const satisfies RetentionOf<JobTables>;
