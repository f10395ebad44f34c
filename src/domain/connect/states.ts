/**
 * OAuth `state` values: random, one-time, expiring, stored in the database (so
 * any node can take the callback) by their hash, with the PKCE verifier sealed.
 * The state carries everything the callback needs: the project, where to send
 * the user back, the profile and the customer app.
 */
import { createHash } from 'node:crypto';
import type { AppContext } from '../../context.ts';
import type { Platform } from '../../platforms/names.ts';
import type { OAuthStatesTable } from '../../store/tables/connect.ts';
import { newCredential } from '../credentials.ts';

export const hashOf = (value: string): string => createHash('sha256').update(value).digest('hex');

export interface NewState {
  projectId: string;
  platform: Platform;
  redirectUri: string | null;
  cancelRedirectUri: string | null;
  headless: boolean;
  profileId: string | null;
  appId: string | null;
  codeVerifier: string | null;
  /** The hosted connect session the flow runs in (its token, sealed at rest), so the callback returns there. */
  connectSessionToken?: string | null | undefined;
  /** Mastodon: the instance the flow runs on. */
  instance?: string | null | undefined;
}

/** Stores a new state and answers the value to send to the platform. */
export async function createState(ctx: AppContext, input: NewState): Promise<string> {
  const state = newCredential('oauthState');
  const now = ctx.now();
  await ctx.store.db
    .insertInto('oauth_states')
    .values({
      id: hashOf(state),
      project_id: input.projectId,
      platform: input.platform,
      redirect_uri: input.redirectUri,
      cancel_redirect_uri: input.cancelRedirectUri,
      headless: input.headless ? 1 : 0,
      profile_id: input.profileId,
      app_id: input.appId,
      code_verifier_enc: input.codeVerifier ? ctx.sealer.seal(input.codeVerifier) : null,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + ctx.config.OAUTH_STATE_TTL_SECONDS * 1000).toISOString(),
      used_at: null,
      connect_session_enc: input.connectSessionToken ? ctx.sealer.seal(input.connectSessionToken) : null,
      ...(input.instance ? { instance: input.instance } : {}),
    })
    .execute();
  return state;
}

export type ConsumedState =
  | { status: 'ok'; row: OAuthStatesTable; codeVerifier: string | null }
  | { status: 'unknown' }
  | { status: 'used' | 'expired'; row: OAuthStatesTable };

/**
 * Takes the state for this callback: exactly one caller ever gets `ok` for a
 * state (one conditional UPDATE), within its lifetime and for its platform.
 */
export async function consumeState(
  ctx: AppContext,
  platform: Platform,
  state: string,
): Promise<ConsumedState> {
  const id = hashOf(state);
  const row = await ctx.store.db
    .selectFrom('oauth_states')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row || row.platform !== platform) return { status: 'unknown' };
  const now = ctx.now().toISOString();
  const res = await ctx.store.db
    .updateTable('oauth_states')
    .set({ used_at: now })
    .where('id', '=', id)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  if (Number(res.numUpdatedRows) === 1)
    return {
      status: 'ok',
      row,
      codeVerifier: row.code_verifier_enc ? ctx.sealer.open(row.code_verifier_enc) : null,
    };
  return { status: row.used_at !== null || row.expires_at > now ? 'used' : 'expired', row };
}
