/**
 * The job catalog: every kind the workers run. To add one, define it with
 * `defineJobKind` in its own area and add it to this list (one import, one entry).
 */
import { publishTargetJob } from '../domain/publishing/job.ts';
import { deliverNotification } from '../notifications/deliver-job.ts';
import type { AnyJobKind } from './catalog.ts';

export const JOB_KINDS: readonly AnyJobKind[] = [deliverNotification, publishTargetJob];
