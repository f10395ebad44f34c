/**
 * The job catalog: every kind the workers run. To add one, define it with
 * `defineJobKind` (or `defineRecurringJob` for periodic work) in its own area
 * and add it to this list (one import, one entry).
 */
import { tokenExpiryWarningJob } from '../domain/account-events/token-expiry.ts';
import { refreshPostMetricsJob } from '../domain/analytics/refresh-job.ts';
import { analyticsSnapshotSweepJob, collectAccountJob } from '../domain/analytics-history/collect-job.ts';
import { auditRetentionJob } from '../domain/audit/retention.ts';
import { engagementPollJob } from '../domain/inbound-engagement/poll.ts';
import { tokenRefreshJob } from '../domain/integrations/refresh-job.ts';
import { mediaRetentionJob } from '../domain/media-uploads/retention.ts';
import { seriesNextJob } from '../domain/planning/series-job.ts';
import { editTargetJob } from '../domain/published-edits/job.ts';
import { convertMediaJob } from '../domain/publishing/convert-media-job.ts';
import { publishTargetJob } from '../domain/publishing/job.ts';
import { expiredRecordsRetentionJob } from '../domain/retention/expired-records.ts';
import { sendAccountEmail } from '../domain/teams/account-email.ts';
import { deliverNotification } from '../notifications/deliver-job.ts';
import { dispatchOutboxJob, notificationRetentionJob } from '../notifications/worker.ts';
import type { AnyJobKind } from './catalog.ts';
import { isRecurring } from './recurring.ts';

export const JOB_KINDS: readonly AnyJobKind[] = [
  deliverNotification,
  publishTargetJob,
  convertMediaJob,
  dispatchOutboxJob,
  notificationRetentionJob,
  tokenRefreshJob,
  refreshPostMetricsJob,
  mediaRetentionJob,
  seriesNextJob,
  editTargetJob,
  auditRetentionJob,
  tokenExpiryWarningJob,
  engagementPollJob,
  sendAccountEmail,
  expiredRecordsRetentionJob,
  analyticsSnapshotSweepJob,
  collectAccountJob,
];

/** Kinds whose one row stays in the table for good (a queue "drains" to just these). */
export const RECURRING_KIND_NAMES: readonly string[] = JOB_KINDS.filter(isRecurring).map((k) => k.kind);
