/**
 * Runs one platform call for an integration of the project, as a route does
 * (lookups such as Pinterest boards): the integration must belong to the project
 * and the platform, the call gets the platform's environment (the customer's app
 * when the integration was connected with one) and goes through `withAccount`
 * (fresh credentials, one refresh on a refused token). A platform's rate limit
 * is 429 with its wait in Retry-After, as publishing waits it out; other platform
 * failures become 502 with the platform's message; an integration that needs
 * reconnecting is 403.
 */
import type { AppContext } from '../../context.ts';
import { AppError, invalid } from '../../errors.ts';
import { authEnv } from '../../platforms/auth-registry.ts';
import { PlatformError } from '../../platforms/contract.ts';
import type { AccountEnv } from '../../platforms/module.ts';
import type { Platform } from '../../platforms/names.ts';
import { appCredentials } from '../apps/apps.ts';
import { type ProjectReach, profileInReach, projectOf } from '../teams/reach.ts';
import { AccountUnavailable, withAccount } from './account-access.ts';
import { findIntegrationRow } from './integrations.ts';

export async function withIntegration<T>(
  ctx: AppContext,
  reach: ProjectReach,
  integrationId: string,
  platform: Platform,
  call: (a: AccountEnv) => Promise<T>,
): Promise<T> {
  const row = await findIntegrationRow(ctx, reach, integrationId);
  if (row.platform !== platform)
    throw invalid(`accountId ${integrationId} is a ${row.platform} integration, not ${platform}`);
  const client = row.app_id ? await appCredentials(ctx, row.project_id, row.app_id, platform) : null;
  const env = authEnv(ctx, platform, client);
  try {
    return await withAccount(ctx, integrationId, (account) => call({ env, account }));
  } catch (err) {
    if (err instanceof AccountUnavailable)
      throw err.final
        ? new AppError(
            'forbidden',
            // The account's own sentence says it once (reconnect-message.ts); others get the prefix.
            /needs reconnecting/.test(err.message)
              ? err.message
              : `Integration ${integrationId} needs reconnecting: ${err.message}`,
          )
        : new AppError('platform_error', `${platform}: ${err.message}`);
    if (err instanceof PlatformError) throw platformFailure(err);
    throw err;
  }
}

/** A platform's failure as the answer: its rate limit 429 with the wait it asked for, else 502. */
export function platformFailure(err: PlatformError): AppError {
  if (err.errorClass === 'rate_limited') {
    const seconds = Math.max(1, Math.ceil((err.retryAfterMs ?? 60_000) / 1000));
    return new AppError('rate_limited', `${err.message} (try again in ${seconds} s)`, {
      'retry-after': String(seconds),
    });
  }
  return new AppError('platform_error', err.message);
}

/**
 * The account a lookup is for: `accountId` when given; without it the project's
 * only integration of the platform; 400 naming them when there are several, 404
 * when there is none.
 */
export async function accountOrOnly(
  ctx: AppContext,
  reach: ProjectReach,
  platform: Platform,
  accountId: string | undefined,
): Promise<string> {
  if (accountId !== undefined) return accountId;
  const rows = await ctx.store.db
    .selectFrom('integrations')
    .select(['id', 'username', 'display_name'])
    .where('project_id', '=', projectOf(reach))
    .where('platform', '=', platform)
    .where(profileInReach(reach, 'profile_id'))
    .orderBy('created_at')
    .orderBy('id')
    .limit(MAX_NAMED + 1)
    .execute();
  const [only, second] = rows;
  if (!only)
    throw new AppError(
      'not_found',
      `No ${platform} account is connected to this project; connect one with GET /v1/connect/${platform}`,
    );
  if (!second) return only.id;
  const named = rows
    .slice(0, MAX_NAMED)
    .map((r) => {
      const name = r.username ?? r.display_name;
      return name ? `${r.id} (${name})` : r.id;
    })
    .join(', ');
  const more = rows.length > MAX_NAMED ? ' and more (GET /v1/connect/integrations lists them all)' : '';
  throw invalid(
    `accountId is required: this project has several ${platform} accounts; choose one of ${named}${more}`,
  );
}

/** At most this many accounts are named in the 400 of accountOrOnly. */
const MAX_NAMED = 20;
