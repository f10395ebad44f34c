/**
 * Runs one platform call for an integration of the project: with fresh
 * credentials, and once more after a refresh when the platform says the token is
 * no good. Platform failures become 502 with the platform's message; an
 * integration that needs reconnecting is 403.
 */
import type { AppContext } from '../../context.ts';
import { AppError, invalid } from '../../errors.ts';
import { authEnv } from '../../platforms/auth-registry.ts';
import type { AuthEnv } from '../../platforms/auth-types.ts';
import { PlatformError } from '../../platforms/contract.ts';
import type { Platform } from '../../platforms/names.ts';
import { appCredentials } from '../apps/apps.ts';
import { findIntegrationRow } from './integrations.ts';
import { type Credentials, getFreshCredentials, markNeedsReconnect, refreshIntegration } from './tokens.ts';

export async function withIntegration<T>(
  ctx: AppContext,
  projectId: string,
  integrationId: string,
  platform: Platform,
  call: (env: AuthEnv, credentials: Credentials) => Promise<T>,
): Promise<T> {
  const row = await findIntegrationRow(ctx, projectId, integrationId);
  if (row.platform !== platform)
    throw invalid(`accountId ${integrationId} is a ${row.platform} integration, not ${platform}`);
  const client = row.app_id ? await appCredentials(ctx, projectId, row.app_id, platform) : null;
  const env = authEnv(ctx, platform, client);
  let credentials = await getFreshCredentials(ctx, integrationId);
  for (let attempt = 0; ; attempt++) {
    try {
      return await call(env, credentials);
    } catch (err) {
      if (!(err instanceof PlatformError)) throw err;
      if (err.errorClass === 'auth' && attempt === 0) {
        const outcome = await refreshIntegration(ctx, integrationId, 'auth_error', credentials.tokenVersion);
        if ('credentials' in outcome) {
          credentials = outcome.credentials;
          continue;
        }
        if (outcome.status === 'needs_reconnect')
          throw new AppError(
            'forbidden',
            `Integration ${integrationId} needs reconnecting (${outcome.reason})`,
          );
        throw new AppError('platform_error', `${platform}: ${outcome.message}`);
      }
      if (err.errorClass === 'auth') {
        await markNeedsReconnect(ctx, integrationId, 'token_revoked');
        throw new AppError('forbidden', `Integration ${integrationId} needs reconnecting: ${err.message}`);
      }
      throw new AppError('platform_error', err.message);
    }
  }
}
