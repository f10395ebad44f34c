/**
 * Whether an integration's access can be renewed without the user: the platform
 * has a refresh call, and it either holds a live refresh token or refreshes the
 * access token itself (Instagram and Threads long-lived tokens).
 */
import { authFor } from '../../platforms/auth-registry.ts';
import { isPlatform } from '../../platforms/names.ts';

/** Platforms whose long-lived access token is its own refresh credential. */
export const SELF_REFRESHING = new Set(['instagram', 'threads']);

export function canRefresh(row: { platform: string; refresh_token_enc: string | null }): boolean {
  if (!isPlatform(row.platform) || !authFor(row.platform).refresh) return false;
  return row.refresh_token_enc !== null || SELF_REFRESHING.has(row.platform);
}

export function autoRefreshes(
  row: {
    platform: string;
    refresh_token_enc: string | null;
    refresh_token_expires_at: string | null;
    access_token_expires_at: string | null;
  },
  nowIso: string,
): boolean {
  if (!canRefresh(row)) return false;
  if (row.refresh_token_enc !== null)
    return row.refresh_token_expires_at === null || row.refresh_token_expires_at > nowIso;
  return row.access_token_expires_at === null || row.access_token_expires_at > nowIso;
}
