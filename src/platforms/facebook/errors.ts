/**
 * Graph API error answers → PlatformError, read by the Meta error reader that
 * Instagram and Threads share (shared/meta-errors.ts: codes, not HTTP statuses,
 * decide). Facebook's own: code 368 (the Page is temporarily blocked from posting)
 * waits an hour, and two subcodes of failed video processing are worth retrying.
 */
import { metaErrorReader } from '../shared/meta-errors.ts';

export const readGraphError = metaErrorReader({
  label: 'Facebook',
  rateCodes: { '368': 60 * 60_000 },
  transientSubcodes: new Set([1363047, 1609010]),
});
