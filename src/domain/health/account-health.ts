/**
 * Whether each connected account can publish now, and what it lacks: read from
 * what the service already records (the token's state and granted scopes, the
 * platform module's scopes per capability, the platform's refusal stored at
 * connect, the latest final outcome of its post targets, and a wait for the
 * platform's rate limit or quota noted in a publishing target's ledger). Nothing
 * here calls a platform, so a page of 100 accounts costs a few indexed reads.
 */

import type { AppContext } from '../../context.ts';
import { authFor } from '../../platforms/auth-registry.ts';
import type { CapabilityScopes } from '../../platforms/auth-types.ts';
import { isPlatform, type Platform } from '../../platforms/names.ts';
import { publishRefusalOf } from '../../platforms/publish-refusal.ts';
import { findIntegrationRow, type IntegrationRow, tokenStatusOf } from '../integrations/integrations.ts';
import { parseLedger } from '../publishing/state.ts';
import { type ProjectReach, profileInReach, projectOf } from '../teams/reach.ts';

/** The capabilities whose scopes an account may have been denied. */
export const CAPABILITIES = ['publish', 'comments', 'messages', 'analytics'] as const;
export type Capability = (typeof CAPABILITIES)[number];

export interface AccountHealth {
  canPublish: boolean;
  /** Why not, in one sentence; null when it can. */
  reason: string | null;
  /** What to do about it; null when it can publish. */
  action: string | null;
  tokenExpiresAt: string | null;
  /** The service renews the access token without the user. */
  refreshable: boolean;
  /** Capabilities the module offers whose scopes the user did not grant. */
  missingCapabilities: Capability[];
  /** The scopes behind missingCapabilities. */
  missingScopes: string[];
  lastPublish: { status: 'published' | 'failed'; at: string; errorMessage: string | null } | null;
  /** The platform is rate-limiting (or out of quota for) this account now; publishing waits until then. */
  rateLimited: boolean;
  rateLimitedUntil: string | null;
}

const REASONS: Record<string, string> = {
  token_expired: 'Its access expired and the platform does not let the service renew it.',
  token_revoked: 'The platform revoked the service’s access to this account.',
  missing_scopes: 'The account did not grant a permission publishing needs.',
  refresh_failed: 'Renewing its access failed for good at the platform.',
};

/** The module's capabilities the granted scopes do not cover (none known when the platform reported no scopes). */
function missingOf(platform: Platform, granted: string[]): { capabilities: Capability[]; scopes: string[] } {
  const auth = authFor(platform);
  if (auth.method !== 'oauth2' || granted.length === 0) return { capabilities: [], scopes: [] };
  const needs: CapabilityScopes = auth.scopesByCapability;
  const have = new Set(granted);
  const capabilities: Capability[] = [];
  const scopes = new Set<string>();
  for (const cap of CAPABILITIES) {
    const lacking = (needs[cap] ?? []).filter((s) => !have.has(s));
    if (lacking.length === 0) continue;
    capabilities.push(cap);
    for (const s of lacking) scopes.add(s);
  }
  return { capabilities, scopes: [...scopes] };
}

const reconnect = (platform: string) =>
  platform === 'bluesky'
    ? 'Connect it again with a new app password (POST /v1/connect/bluesky/auth or a hosted connect link).'
    : platform === 'telegram'
      ? 'Connect it again with the bot token and the chat (POST /v1/connect/telegram/auth).'
      : `Connect it again (GET /v1/connect/${platform} or a hosted connect link from POST /v1/connect/sessions).`;

interface Recent {
  last: AccountHealth['lastPublish'];
  waitingUntil: string | null;
}

/** The health of each row (all of one project), in the rows' order. */
export async function healthOf(ctx: AppContext, rows: IntegrationRow[]): Promise<AccountHealth[]> {
  const recent = await recentPublishing(ctx, rows);
  const now = ctx.now().toISOString();
  return rows.map((r) => {
    const token = tokenStatusOf(r, now);
    const granted = safeScopes(r.scopes);
    const missing = isPlatform(r.platform)
      ? missingOf(r.platform, granted)
      : { capabilities: [], scopes: [] };
    const seen = recent.get(r.id) ?? { last: null, waitingUntil: null };
    const refusal = blocker(ctx, r, token, missing.capabilities.includes('publish') ? missing.scopes : null);
    return {
      canPublish: refusal === null,
      reason: refusal?.reason ?? null,
      action: refusal?.action ?? null,
      tokenExpiresAt: r.access_token_expires_at,
      refreshable: token.autoRefreshes,
      missingCapabilities: missing.capabilities,
      missingScopes: missing.scopes,
      lastPublish: seen.last,
      rateLimited: seen.waitingUntil !== null,
      rateLimitedUntil: seen.waitingUntil,
    };
  });
}

/** The first thing that stops the account from publishing, or null. */
function blocker(
  ctx: AppContext,
  r: IntegrationRow,
  token: ReturnType<typeof tokenStatusOf>,
  publishScopesMissing: string[] | null,
): { reason: string; action: string } | null {
  const platform = r.platform;
  if (!isPlatform(platform))
    return { reason: `${platform} is not a platform this service supports.`, action: 'Disconnect it.' };
  if (!ctx.platforms[platform].publisher)
    return {
      reason: `Publishing to ${platform} is not available on this service yet.`,
      action: 'Publish to it from the platform itself for now.',
    };
  if (ctx.endpoints[platform].mode === 'unavailable')
    return {
      reason: `The service has no ${platform} app configured now.`,
      action: 'Ask the operator to configure it, or connect it under your own app (POST /v1/apps).',
    };
  if (token.reconnectRequired)
    return {
      reason: REASONS[token.reason ?? 'refresh_failed'] ?? REASONS.refresh_failed!,
      action: reconnect(platform),
    };
  if (publishScopesMissing)
    return {
      reason: `The account did not grant what publishing needs: ${publishScopesMissing.join(', ')}.`,
      action: `${reconnect(platform).replace(/\.$/, '')} and grant every permission asked for.`,
    };
  const refusal = publishRefusalOf(r.platform_metadata);
  if (refusal)
    return { reason: `${refusal.replace(/\.$/, '')}.`, action: 'Publish from the platform’s own tools.' };
  return null;
}

function safeScopes(text: string): string[] {
  try {
    const v = JSON.parse(text) as unknown;
    return Array.isArray(v) ? v.filter((s): s is string => typeof s === 'string') : [];
  } catch {
    return [];
  }
}

/**
 * Per integration: its latest final target (published or failed) and, among its
 * targets publishing now, the latest end of a wait for the platform's rate limit
 * or quota (the engine notes it in the ledger as `waitingUntil`, and in the
 * target's warning while it waits).
 */
async function recentPublishing(ctx: AppContext, rows: IntegrationRow[]): Promise<Map<string, Recent>> {
  const out = new Map<string, Recent>();
  if (rows.length === 0) return out;
  const projectId = rows[0]!.project_id;
  const ids = rows.map((r) => r.id);
  const now = ctx.now().toISOString();
  const lasts = await Promise.all(
    ids.map((id) =>
      ctx.store.db
        .selectFrom('post_targets')
        .select(['status', 'updated_at', 'published_at', 'error_message'])
        .where('integration_id', '=', id)
        .where('project_id', '=', projectId)
        .where('status', 'in', ['published', 'failed'])
        .orderBy('updated_at', 'desc')
        .limit(1)
        .executeTakeFirst(),
    ),
  );
  const waiting = await ctx.store.db
    .selectFrom('post_targets')
    .select(['integration_id', 'ledger'])
    .where('project_id', '=', projectId)
    .where('integration_id', 'in', ids)
    .where('status', '=', 'publishing')
    .where('warning_message', 'is not', null)
    .execute();
  ids.forEach((id, i) => {
    const t = lasts[i];
    out.set(id, {
      last: t
        ? {
            status: t.status as 'published' | 'failed',
            at: t.status === 'published' ? (t.published_at ?? t.updated_at) : t.updated_at,
            errorMessage: t.error_message,
          }
        : null,
      waitingUntil: null,
    });
  });
  for (const w of waiting) {
    const until = parseLedger(w.ledger).waitingUntil;
    const entry = out.get(w.integration_id);
    if (!entry || !until || until <= now) continue;
    if (!entry.waitingUntil || until > entry.waitingUntil) entry.waitingUntil = until;
  }
  return out;
}

export interface AccountHealthEntry extends AccountHealth {
  integrationId: string;
  platform: string;
  profileId: string | null;
  displayName: string | null;
  username: string | null;
  authStatus: string;
}

export interface HealthQuery {
  platform?: string | undefined;
  profileId?: string | undefined;
  limit: number;
  offset: number;
  sort: 'asc' | 'desc';
}

/** The project's accounts with their health, filtered and paged like the integrations list. */
export async function listAccountHealth(
  ctx: AppContext,
  reach: ProjectReach,
  query: HealthQuery,
): Promise<{ total: number; accounts: AccountHealthEntry[] }> {
  let base = ctx.store.db
    .selectFrom('integrations')
    .where('project_id', '=', projectOf(reach))
    .where(profileInReach(reach, 'profile_id'));
  if (query.platform) base = base.where('platform', '=', query.platform);
  if (query.profileId === 'null') base = base.where('profile_id', 'is', null);
  else if (query.profileId) base = base.where('profile_id', '=', query.profileId);
  const [rows, total] = await Promise.all([
    base
      .selectAll()
      .orderBy('created_at', query.sort)
      .orderBy('id', query.sort)
      .limit(query.limit)
      .offset(query.offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  const health = await healthOf(ctx, rows);
  return {
    total: Number(total.n),
    accounts: rows.map((r, i) => ({
      integrationId: r.id,
      platform: r.platform,
      profileId: r.profile_id,
      displayName: r.display_name,
      username: r.username,
      authStatus: r.auth_status,
      ...(health[i] as AccountHealth),
    })),
  };
}

/** One integration's health (404 when it is not the project's). */
export async function accountHealth(
  ctx: AppContext,
  reach: ProjectReach,
  id: string,
): Promise<AccountHealth> {
  const row = await findIntegrationRow(ctx, reach, id);
  return (await healthOf(ctx, [row]))[0] as AccountHealth;
}
