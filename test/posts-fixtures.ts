/** Fixtures for the posts tests: connected accounts written straight to the store. */
import type { AppContext } from '../src/context.ts';
import { newId } from '../src/domain/ids.ts';

export async function addIntegration(
  ctx: AppContext,
  projectId: string,
  platform: string,
  options: { profileId?: string | null; authStatus?: string } = {},
): Promise<string> {
  const id = newId('int');
  const now = new Date().toISOString();
  await ctx.store.db
    .insertInto('integrations')
    .values({
      id,
      project_id: projectId,
      profile_id: options.profileId ?? null,
      platform,
      platform_user_id: id,
      username: `${platform}-user`,
      display_name: null,
      profile_url: null,
      image_url: null,
      platform_metadata: '{}',
      app_id: null,
      scopes: '[]',
      access_token_enc: null,
      refresh_token_enc: null,
      access_token_expires_at: null,
      refresh_token_expires_at: null,
      auth_status: options.authStatus ?? 'active',
      auth_failure_reason: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

/** Row counts of every table the posts API writes, to prove a refused request changed nothing. */
export async function postTablesSnapshot(ctx: AppContext): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of ['posts', 'post_targets', 'credit_ledger', 'idempotency_keys'] as const) {
    const row = await ctx.store.db
      .selectFrom(t)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirst();
    out[t] = Number(row?.n ?? 0);
  }
  const bal = await ctx.store.db
    .selectFrom('credit_balances')
    .select(['project_id', 'monthly_used', 'purchased_used'])
    .execute();
  out.balance_used = bal.reduce((n, b) => n + b.monthly_used + b.purchased_used, 0);
  return out;
}

/**
 * Next calendar year (UTC): its dates are ahead of now and within the scheduling
 * bound (MAX_SCHEDULE_AHEAD_YEARS, two years) whenever the tests run.
 */
export const NEXT_YEAR = new Date().getUTCFullYear() + 1;
/** A scheduled time that is always ahead and always allowed: June 1st of next year. */
export const FUTURE = `${NEXT_YEAR}-06-01T09:00:00Z`;
