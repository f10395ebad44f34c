/**
 * Monthly spend caps per project and platform (PUT /v1/usage/caps). A create
 * whose targets would take a platform's spend this month past its cap is
 * refused (402) with the cap and the spend so far; a scheduled target that would
 * pass it when its time comes fails with that reason and the usual refund
 * (publishing/attempt.ts). The first refusal of a month announces
 * account.spend_cap_reached, once per project, platform and month.
 */
import type { AppContext } from '../../context.ts';
import { AppError, invalid } from '../../errors.ts';
import { isPlatform, type Platform } from '../../platforms/names.ts';
import type { SpendTarget } from '../../platforms/spend-types.ts';
import { type AccountRow, accountRef, withEvents, writeAccountEvent } from '../account-events/write.ts';
import { type ProjectReach, projectOf } from '../teams/reach.ts';
import { monthSpendMicros } from './ledger.ts';
import { formatMoney, fromMicros, monthOf, publishCost, toMicros } from './prices.ts';

export interface SpendCap {
  /** The most this project may spend on the platform in one calendar month (UTC), in the prices' currency. */
  monthly: number;
  currency: string;
}

export type SpendCaps = Partial<Record<Platform, SpendCap>>;

export async function getSpendCaps(ctx: AppContext, reach: ProjectReach): Promise<SpendCaps> {
  const rows = await ctx.store.db
    .selectFrom('platform_spend_caps')
    .select(['platform', 'monthly_micros'])
    .where('project_id', '=', projectOf(reach))
    .execute();
  const out: SpendCaps = {};
  for (const r of rows)
    if (isPlatform(r.platform))
      out[r.platform] = {
        monthly: fromMicros(r.monthly_micros),
        currency: ctx.platforms[r.platform].spend?.currency ?? 'USD',
      };
  return out;
}

/** Sets (a number) or removes (null) each named platform's cap; platforms not named keep theirs. */
export async function setSpendCaps(
  ctx: AppContext,
  reach: ProjectReach,
  changes: Record<string, { monthly: number | null }>,
): Promise<SpendCaps> {
  const projectId = projectOf(reach);
  const problems: string[] = [];
  for (const platform of Object.keys(changes)) {
    if (!isPlatform(platform)) problems.push(`"${platform}" is not a platform`);
    else if (!ctx.platforms[platform].spend)
      problems.push(
        `${ctx.platforms[platform].displayName} charges nothing for the service's calls; it has no cap`,
      );
  }
  if (problems.length > 0) throw invalid(problems.join('; '));
  const at = ctx.now().toISOString();
  await ctx.store.db.transaction().execute(async (trx) => {
    for (const [platform, { monthly }] of Object.entries(changes)) {
      if (monthly === null) {
        await trx
          .deleteFrom('platform_spend_caps')
          .where('project_id', '=', projectId)
          .where('platform', '=', platform)
          .execute();
        continue;
      }
      const row = { project_id: projectId, platform, monthly_micros: toMicros(monthly), updated_at: at };
      await trx
        .insertInto('platform_spend_caps')
        .values(row)
        .onConflict((oc) =>
          oc
            .columns(['project_id', 'platform'])
            .doUpdateSet({ monthly_micros: row.monthly_micros, updated_at: at }),
        )
        .execute();
    }
  });
  return getSpendCaps(ctx, reach);
}

export interface CapTarget extends SpendTarget {
  platform: string;
}

/**
 * Why these targets may not be published now, one message per capped platform
 * they would take past its cap this month; empty when none would.
 */
export async function capRefusals(
  ctx: AppContext,
  projectId: string,
  targets: readonly CapTarget[],
): Promise<{ platform: Platform; message: string }[]> {
  const cost = new Map<Platform, number>();
  for (const t of targets) {
    if (!isPlatform(t.platform) || !ctx.platforms[t.platform].spend) continue;
    const { micros } = publishCost(ctx.config, ctx.platforms, t.platform, t);
    cost.set(t.platform, (cost.get(t.platform) ?? 0) + micros);
  }
  if (cost.size === 0) return [];
  const caps = await ctx.store.db
    .selectFrom('platform_spend_caps')
    .select(['platform', 'monthly_micros'])
    .where('project_id', '=', projectId)
    .where('platform', 'in', [...cost.keys()])
    .execute();
  const month = monthOf(ctx.now());
  const out: { platform: Platform; message: string }[] = [];
  for (const cap of caps) {
    const platform = cap.platform as Platform;
    const adds = cost.get(platform) ?? 0;
    const spent = await monthSpendMicros(ctx, projectId, platform, month);
    if (spent + adds <= cap.monthly_micros) continue;
    const currency = ctx.platforms[platform].spend?.currency ?? 'USD';
    const name = ctx.platforms[platform].displayName;
    out.push({
      platform,
      message:
        `${name}'s monthly spend cap of ${formatMoney(cap.monthly_micros, currency)} would be passed: ` +
        `${formatMoney(spent, currency)} spent in ${month}, and this post costs ${formatMoney(adds, currency)} on ${name}. ` +
        'Raise the cap with PUT /v1/usage/caps or wait for next month',
    });
  }
  return out;
}

/** Refuses a create (402) whose targets would pass a cap, and announces the cap once this month. */
export async function assertWithinSpendCaps(
  ctx: AppContext,
  projectId: string,
  targets: readonly CapTarget[],
  accountOf: (platform: Platform) => string | undefined,
): Promise<void> {
  const refusals = await capRefusals(ctx, projectId, targets);
  if (refusals.length === 0) return;
  for (const r of refusals)
    await announceCapReached(ctx, projectId, r.platform, accountOf(r.platform), r.message);
  throw new AppError('insufficient_credits', refusals.map((r) => r.message).join('; '));
}

/** account.spend_cap_reached, at most once per project, platform and month. */
export async function announceCapReached(
  ctx: AppContext,
  projectId: string,
  platform: Platform,
  integrationId: string | undefined,
  message: string,
): Promise<void> {
  if (!integrationId) return;
  const account = (await ctx.store.db
    .selectFrom('integrations')
    .select(['id', 'project_id', 'platform', 'display_name', 'username', 'profile_id'])
    .where('id', '=', integrationId)
    .where('project_id', '=', projectId)
    .executeTakeFirst()) as AccountRow | undefined;
  if (!account) return;
  const month = monthOf(ctx.now());
  await withEvents(ctx, (trx) =>
    writeAccountEvent(ctx, trx, {
      type: 'account.spend_cap_reached',
      projectId,
      onceKey: `spend_cap:${projectId}:${platform}:${month}`,
      data: {
        account: accountRef(account),
        reason: 'spend_cap_reached',
        summary: message,
        action: 'Raise the cap with PUT /v1/usage/caps, or wait for next month.',
        expiresAt: null,
      },
    }),
  );
}

/** A create body's targets as the cap check reads them. */
export function capTargetsOf(body: {
  content: string;
  platforms: readonly { platform: string; content?: string; platformSpecificData?: object }[];
}): CapTarget[] {
  return body.platforms.map((t) => ({
    platform: t.platform,
    content: t.content ?? body.content,
    platformSpecificData: (t.platformSpecificData ?? {}) as Record<string, unknown>,
  }));
}

/** Refuses a create body whose targets would pass a cap (402); the first account of the platform is named in the event. */
export function assertBodyWithinSpendCaps(
  ctx: AppContext,
  projectId: string,
  body: {
    content: string;
    platforms: readonly {
      platform: string;
      accountId: string;
      content?: string;
      platformSpecificData?: object;
    }[];
  },
): Promise<void> {
  return assertWithinSpendCaps(
    ctx,
    projectId,
    capTargetsOf(body),
    (p) => body.platforms.find((t) => t.platform === p)?.accountId,
  );
}
