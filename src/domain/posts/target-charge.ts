/**
 * What publishing costs: 1 credit per target, each line naming its post, target,
 * account and the account's profile (as usage filters read them). Creating,
 * scheduling a draft, a series' next occurrence and a retry all charge this way.
 */
import type { ChargeLine } from '../credits/balance.ts';
import type { TargetRow } from './types.ts';

export function targetCharges(
  targets: readonly TargetRow[],
  profileOf: (t: TargetRow, index: number) => string | null,
): ChargeLine[] {
  return targets.map((t, i) => ({
    amount: 1,
    reason: 'post',
    postId: t.post_id,
    targetId: t.id,
    profileId: profileOf(t, i),
    integrationId: t.integration_id,
    platform: t.platform,
  }));
}
