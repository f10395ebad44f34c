/**
 * Hosted connect sessions: an integrator asks for a link (POST /v1/connect/sessions),
 * sends their customer to it, and the customer connects accounts on a page the
 * service serves (src/http/connect-page), then returns to the integrator's
 * redirectUri with the new integration ids. The link's token is the page's only
 * credential: unguessable, short-lived, stored by its hash, and dead once the
 * customer finishes (single use).
 */

import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.ts';
import { invalid, notFound } from '../../errors.ts';
import { authFor } from '../../platforms/auth-registry.ts';
import type { Platform } from '../../platforms/names.ts';
import type { Database } from '../../store/schema.ts';
import type { ConnectSessionsTable } from '../../store/tables/connect-sessions.ts';
import { appCredentials } from '../apps/apps.ts';
import { clientFor } from '../connect/start.ts';
import { hashOf } from '../connect/states.ts';
import { newCredential } from '../credentials.ts';
import { type ProjectReach, projectOf, reachesProfile } from '../teams/reach.ts';
import { type Branding, checkBranding, checkSessionRedirect } from './checks.ts';

export interface NewSession {
  platforms: Platform[];
  profileId?: string | undefined;
  redirectUri: string;
  branding?: { name?: string | undefined; logoUrl?: string | undefined; accentColor?: string | undefined };
  /** The customer's own OAuth app (appId) per platform. */
  apps?: Partial<Record<Platform, string>> | undefined;
}

/** The page's path for a token: under /connect/s/, apart from the dashboard's own /connect/… pages. */
export const sessionPath = (token: string): string => `/connect/s/${token}`;

export async function createSession(
  ctx: AppContext,
  reach: ProjectReach,
  input: NewSession,
): Promise<{ url: string; expiresAt: string }> {
  const projectId = projectOf(reach);
  // A caller limited to some profiles connects accounts into one of them only.
  if (!reachesProfile(reach, input.profileId ?? null))
    throw input.profileId
      ? notFound('Profile')
      : invalid('profileId is required: this caller connects accounts only into its own profiles');
  const redirectUri = checkSessionRedirect(input.redirectUri);
  const branding = checkBranding(input.branding ?? {});
  const platforms = [...new Set(input.platforms)];
  const appIds = input.apps ?? {};
  const stray = Object.keys(appIds).filter((p) => !platforms.includes(p as Platform));
  if (stray.length)
    throw invalid(`apps: ${stray.join(', ')} ${stray.length === 1 ? 'is' : 'are'} not among platforms`);
  if (input.profileId) {
    const profile = await ctx.store.db
      .selectFrom('profiles')
      .select('id')
      .where('project_id', '=', projectId)
      .where('id', '=', input.profileId)
      .executeTakeFirst();
    if (!profile) throw notFound('Profile');
  }
  // Each platform must be connectable as the page will connect it: the customer's app
  // when one is named, else the service's own (503 when it has none for an OAuth platform).
  // Mastodon has no app of the service's to configure: it registers one on each instance.
  for (const platform of platforms) {
    const appId = appIds[platform];
    if (platform === 'mastodon' && appId)
      throw invalid('apps: Mastodon connects with the app the service registers on each instance');
    if (appId) await appCredentials(ctx, projectId, appId, platform);
    else if (authFor(platform).method === 'oauth2' && platform !== 'mastodon')
      await clientFor(ctx, projectId, platform, null);
  }
  const token = newCredential('connectSession');
  const now = ctx.now();
  const expiresAt = new Date(now.getTime() + ctx.config.CONNECT_SESSION_TTL_SECONDS * 1000).toISOString();
  await ctx.store.db
    .insertInto('connect_sessions')
    .values({
      id: hashOf(token),
      project_id: projectId,
      platforms: JSON.stringify(platforms),
      profile_id: input.profileId ?? null,
      redirect_uri: redirectUri,
      branding: JSON.stringify(branding),
      app_ids: JSON.stringify(appIds),
      created_at: now.toISOString(),
      expires_at: expiresAt,
      used_at: null,
    })
    .execute();
  return { url: `${ctx.config.PUBLIC_URL}${sessionPath(token)}`, expiresAt };
}

export interface LiveSession {
  id: string;
  token: string;
  projectId: string;
  platforms: Platform[];
  profileId: string | null;
  redirectUri: string;
  branding: Branding;
  appIds: Partial<Record<Platform, string>>;
  expiresAt: string;
}

export type SessionLookup =
  | { status: 'live'; session: LiveSession }
  | { status: 'expired' | 'used' | 'unknown' };

const toLive = (row: ConnectSessionsTable, token: string): LiveSession => ({
  id: row.id,
  token,
  projectId: row.project_id,
  platforms: JSON.parse(row.platforms) as Platform[],
  profileId: row.profile_id,
  redirectUri: row.redirect_uri,
  branding: JSON.parse(row.branding) as Branding,
  appIds: JSON.parse(row.app_ids) as Partial<Record<Platform, string>>,
  expiresAt: row.expires_at,
});

/** The session of a link, or why it can not be used (the page says which). */
export async function lookupSession(ctx: AppContext, token: string): Promise<SessionLookup> {
  if (!token.startsWith('cs_') || token.length > 100) return { status: 'unknown' };
  const row = await ctx.store.db
    .selectFrom('connect_sessions')
    .selectAll()
    .where('id', '=', hashOf(token))
    .executeTakeFirst();
  if (!row) return { status: 'unknown' };
  if (row.used_at !== null) return { status: 'used' };
  if (row.expires_at <= ctx.now().toISOString()) return { status: 'expired' };
  return { status: 'live', session: toLive(row, token) };
}

/** Notes integrations connected through a session (in the connecting transaction). */
export async function recordConnected(
  ctx: AppContext,
  trx: Transaction<Database>,
  sessionId: string,
  platform: Platform,
  integrationIds: string[],
): Promise<void> {
  if (integrationIds.length === 0) return;
  const at = ctx.now().toISOString();
  await trx
    .insertInto('connect_session_integrations')
    .values(
      integrationIds.map((id) => ({ session_id: sessionId, integration_id: id, platform, created_at: at })),
    )
    .onConflict((oc) => oc.columns(['session_id', 'integration_id']).doNothing())
    .execute();
}

export interface ConnectedInSession {
  integrationId: string;
  platform: string;
  displayName: string | null;
  username: string | null;
}

/** What the customer connected so far through the session (still connected), oldest first. */
export async function connectedInSession(
  ctx: AppContext,
  session: LiveSession,
): Promise<ConnectedInSession[]> {
  const rows = await ctx.store.db
    .selectFrom('connect_session_integrations as c')
    .innerJoin('integrations as i', 'i.id', 'c.integration_id')
    .select(['c.integration_id', 'c.platform', 'i.display_name', 'i.username', 'c.created_at'])
    .where('c.session_id', '=', session.id)
    .where('i.project_id', '=', session.projectId)
    .orderBy('c.created_at')
    .orderBy('c.integration_id')
    .execute();
  return rows.map((r) => ({
    integrationId: r.integration_id,
    platform: r.platform,
    displayName: r.display_name,
    username: r.username,
  }));
}

/**
 * Ends the session (one conditional update, so only one finish wins) and answers
 * the redirectUri with `integrationIds` (comma-separated, connection order) and
 * `platforms` (the platform of each id, same order). Null when the session was
 * finished or expired meanwhile.
 */
export async function finishSession(ctx: AppContext, session: LiveSession): Promise<string | null> {
  const connected = await connectedInSession(ctx, session);
  const now = ctx.now().toISOString();
  const res = await ctx.store.db
    .updateTable('connect_sessions')
    .set({ used_at: now })
    .where('id', '=', session.id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) !== 1) return null;
  const url = new URL(session.redirectUri);
  url.searchParams.set('integrationIds', connected.map((c) => c.integrationId).join(','));
  url.searchParams.set('platforms', connected.map((c) => c.platform).join(','));
  return url.toString();
}
