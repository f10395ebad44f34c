/**
 * After a token refresh, the account facts that may change while an account stays
 * connected are read again through the platform's `refreshFacts` (Google Business:
 * whether the location may post, publish-refusal.ts) and merged into the
 * integration's metadata. A failure here is logged and leaves the metadata as it
 * was: the refresh itself succeeded, and the next one reads again.
 */
import type { AppContext } from '../../context.ts';
import type { AuthEnv, OAuthPlatformAuth, TokenSet } from '../../platforms/auth-types.ts';
import type { IntegrationRow } from './integrations.ts';

type RefreshFacts = NonNullable<OAuthPlatformAuth['refreshFacts']>;

export async function refreshAccountFacts(
  ctx: AppContext,
  row: IntegrationRow,
  refreshFacts: RefreshFacts,
  env: AuthEnv,
  tokens: TokenSet,
): Promise<void> {
  let metadata: Record<string, unknown> = {};
  try {
    metadata = JSON.parse(row.platform_metadata) as Record<string, unknown>;
  } catch {
    // Unreadable metadata is replaced by what the platform says now.
  }
  try {
    const facts = await refreshFacts(env, tokens, { platformUserId: row.platform_user_id, metadata });
    const merged = { ...metadata, ...facts };
    const text = JSON.stringify(merged);
    if (text === row.platform_metadata) return;
    await ctx.store.db
      .updateTable('integrations')
      .set({ platform_metadata: text, updated_at: ctx.now().toISOString() })
      .where('id', '=', row.id)
      .execute();
  } catch (err) {
    ctx.log.warn(
      {
        integrationId: row.id,
        platform: row.platform,
        err: err instanceof Error ? err.message : String(err),
      },
      'account facts not read after the token refresh; kept as they were',
    );
  }
}
