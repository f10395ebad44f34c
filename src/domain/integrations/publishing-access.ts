/**
 * The publishing engine's view of token care (src/domain/publishing/deps.ts):
 * credentials for a publish call, a refresh after an auth error, and the base URL
 * adapters call. Errors become the engine's AccountUnavailable (final when only
 * reconnecting helps).
 */
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { platformEndpoints } from '../../platforms/endpoints.ts';
import type { Platform } from '../../platforms/names.ts';
import { type AccountAccess, AccountUnavailable, type RefreshResult } from '../publishing/deps.ts';
import { type Credentials, getFreshCredentials, refreshIntegration } from './tokens.ts';

const toAccess = (c: Credentials): AccountAccess => ({
  account: {
    platformUserId: c.platformUserId,
    accessToken: c.accessToken,
    // The account's username travels with the metadata: adapters build post URLs with it.
    metadata: c.username ? { username: c.username, ...c.metadata } : c.metadata,
  },
  tokenVersion: c.tokenVersion,
});

/** Fresh credentials (refreshed first when about to expire); AccountUnavailable when they can not be had. */
export async function credentialsForPublishing(
  ctx: AppContext,
  integrationId: string,
): Promise<AccountAccess> {
  try {
    return toAccess(await getFreshCredentials(ctx, integrationId));
  } catch (err) {
    if (err instanceof AppError) {
      const final = err.kind === 'forbidden' || err.kind === 'not_found';
      throw new AccountUnavailable(
        err.kind === 'not_found' ? `The connected account ${integrationId} no longer exists` : err.message,
        final,
      );
    }
    throw err;
  }
}

/** After the platform refused the token of version `seenTokenVersion`: refresh once across all nodes. */
export async function refreshForPublishing(
  ctx: AppContext,
  integrationId: string,
  seenTokenVersion: number,
): Promise<RefreshResult> {
  const outcome = await refreshIntegration(ctx, integrationId, 'auth_error', seenTokenVersion);
  if ('credentials' in outcome) return { ok: true, access: toAccess(outcome.credentials) };
  if (outcome.status === 'needs_reconnect')
    return {
      ok: false,
      final: true,
      message: `The account needs reconnecting (${outcome.reason}): ${outcome.message}`,
    };
  return { ok: false, final: false, message: outcome.message };
}

/**
 * The one base URL an adapter puts in front of the platform's real API paths:
 * the simulator's `<simulator>/<platform>` in sandbox mode, `<P>_API_BASE_URL` when
 * set, the platform's main API host otherwise (the PDS for Bluesky).
 */
export function apiBaseUrl(ctx: AppContext, platform: Platform): string {
  const endpoints = platformEndpoints(ctx.config, platform);
  return endpoints.url('api', '');
}
