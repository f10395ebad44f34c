/**
 * Runs one platform call for an integration of the project, as a route does
 * (lookups such as Pinterest boards): the integration must belong to the project
 * and the platform, the call gets the platform's environment (the customer's app
 * when the integration was connected with one) and goes through `withAccount`
 * (fresh credentials, one refresh on a refused token). Platform failures become
 * 502 with the platform's message; an integration that needs reconnecting is 403.
 */
import type { AppContext } from '../../context.ts';
import { AppError, invalid } from '../../errors.ts';
import { authEnv } from '../../platforms/auth-registry.ts';
import { PlatformError } from '../../platforms/contract.ts';
import type { AccountEnv } from '../../platforms/module.ts';
import type { Platform } from '../../platforms/names.ts';
import { appCredentials } from '../apps/apps.ts';
import { AccountUnavailable, withAccount } from './account-access.ts';
import { findIntegrationRow } from './integrations.ts';

export async function withIntegration<T>(
  ctx: AppContext,
  projectId: string,
  integrationId: string,
  platform: Platform,
  call: (a: AccountEnv) => Promise<T>,
): Promise<T> {
  const row = await findIntegrationRow(ctx, projectId, integrationId);
  if (row.platform !== platform)
    throw invalid(`accountId ${integrationId} is a ${row.platform} integration, not ${platform}`);
  const client = row.app_id ? await appCredentials(ctx, projectId, row.app_id, platform) : null;
  const env = authEnv(ctx, platform, client);
  try {
    return await withAccount(ctx, integrationId, (account) => call({ env, account }));
  } catch (err) {
    if (err instanceof AccountUnavailable)
      throw err.final
        ? new AppError('forbidden', `Integration ${integrationId} needs reconnecting: ${err.message}`)
        : new AppError('platform_error', `${platform}: ${err.message}`);
    if (err instanceof PlatformError) throw new AppError('platform_error', err.message);
    throw err;
  }
}
