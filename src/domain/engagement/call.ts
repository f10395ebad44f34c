/**
 * One engagement call (comments, messages) for an integration of the project:
 * the integration must be the project's (another project's is 404) and of the
 * platform; when the scopes it was connected with are known and lack the
 * permission the call needs, the answer is 403 naming the permission and saying
 * to reconnect, before anything is sent. The call then goes through
 * `withIntegration` (fresh credentials, one refresh on a refused token; a token the
 * platform refuses even after the refresh marks the integration as needing
 * reconnecting and answers 403), and the platform's answer maps to the documented
 * statuses: its refusals by meaning (EngagementRefusal: 400, 403, 404, 409), a rate
 * limit 429 with Retry-After, and 502 only when the platform itself failed.
 */
import type { AppContext } from '../../context.ts';
import { AppError, forbidden, invalid } from '../../errors.ts';
import { PlatformError } from '../../platforms/contract.ts';
import { EngagementRefusal } from '../../platforms/engagement.ts';
import type { AccountEnv } from '../../platforms/module.ts';
import type { Platform } from '../../platforms/names.ts';
import { findIntegrationRow } from '../integrations/integrations.ts';
import { platformFailure, withIntegration } from '../integrations/with-credentials.ts';
import type { Reach } from '../teams/reach.ts';

export interface EngagementCall extends Reach {
  accountId: string;
  platform: Platform;
  /** Any one of these scopes allows the call (the first is the one named when none is granted). */
  permissions: readonly string[];
}

export async function engagementCall<T>(
  ctx: AppContext,
  c: EngagementCall,
  call: (a: AccountEnv) => Promise<T>,
): Promise<T> {
  const row = await findIntegrationRow(ctx, c, c.accountId);
  if (row.platform !== c.platform)
    throw invalid(`accountId ${c.accountId} is a ${row.platform} integration, not ${c.platform}`);
  const scopes = parseScopes(row.scopes);
  // Integrations whose scopes were not recorded are asked for anyway: the platform will say.
  if (scopes.length > 0 && !c.permissions.some((p) => scopes.includes(p)))
    throw missingPermission(c.platform, c.accountId, c.permissions[0] ?? '');
  return withIntegration(ctx, c, c.accountId, c.platform, async (a) => {
    try {
      return await call(a);
    } catch (err) {
      throw toAppError(err, c);
    }
  });
}

function parseScopes(text: string): string[] {
  try {
    const v = JSON.parse(text) as unknown;
    return Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : [];
  } catch {
    return [];
  }
}

const missingPermission = (platform: Platform, accountId: string, permission: string) =>
  forbidden(
    `Integration ${accountId} was connected without the ${platform} permission ${permission}; reconnect the account (GET /v1/connect/${platform}) and grant it`,
  );

/**
 * The platform's refusal as the answer the user gets. A refused token (`auth`)
 * stays a PlatformError so the one refresh-once path sees it; other platform
 * failures are left to withIntegration (502 with the platform's message).
 */
function toAppError(err: unknown, c: EngagementCall): unknown {
  if (err instanceof EngagementRefusal) {
    switch (err.kind) {
      case 'not_found':
        return new AppError('not_found', err.message);
      case 'invalid':
        return invalid(err.message);
      case 'missing_permission':
        return missingPermission(c.platform, c.accountId, err.permission ?? c.permissions[0] ?? '');
      case 'not_allowed_now':
        return new AppError('conflict', err.message);
    }
  }
  if (err instanceof PlatformError && err.errorClass === 'rate_limited') return platformFailure(err);
  return err;
}

/** A capability the platform's module does not have: 400 naming the platforms that have it. */
export function notOffered(what: string, platform: Platform, offeredBy: readonly string[]): AppError {
  return invalid(`${what} is not available for ${platform}; it is for ${offeredBy.join(', ')}`);
}
