/**
 * Selection tokens: after authorizing Facebook (headless, or several Pages) or
 * LinkedIn (headless, or organization pages), the client chooses which accounts
 * to connect. The token is one-time and short-lived; the accounts offered, with
 * their tokens, are sealed in the row.
 */
import { timingSafeEqual } from 'node:crypto';
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.ts';
import { invalid, notFound } from '../../errors.ts';
import type { ConnectedAccount, TokenSet } from '../../platforms/auth-types.ts';
import type { Platform } from '../../platforms/names.ts';
import type { Database } from '../../store/schema.ts';
import { newCredential } from '../credentials.ts';
import { getIntegrations, type Integration } from '../integrations/integrations.ts';
import { type ProjectReach, projectOf, reachesProfile } from '../teams/reach.ts';
import { saveAccounts } from './save.ts';
import { hashOf } from './states.ts';

interface Choices {
  accounts: ConnectedAccount[];
  userTokens: TokenSet;
  /** Set when the choice is made on the page we host (hosted-choice.ts), not by the client's API calls. */
  hosted?: HostedBinding | undefined;
}

/** A hosted choice belongs to the browser that authorized: the hash of the key in its cookie. */
export interface HostedBinding {
  browserHash: string;
  cancelRedirectUri: string | null;
}

export interface SelectionContext {
  projectId: string;
  platform: Platform;
  redirectUri: string | null;
  profileId: string | null;
  appId: string | null;
}

export async function createSelection(
  ctx: AppContext,
  input: SelectionContext & Choices,
): Promise<{ token: string; expiresInSeconds: number }> {
  const token = newCredential('selection');
  const now = ctx.now();
  const ttl = ctx.config.SELECTION_TOKEN_TTL_SECONDS;
  const choices: Choices = { accounts: input.accounts, userTokens: input.userTokens, hosted: input.hosted };
  await ctx.store.db
    .insertInto('selection_tokens')
    .values({
      id: hashOf(token),
      project_id: input.projectId,
      platform: input.platform,
      choices_enc: ctx.sealer.seal(JSON.stringify(choices)),
      redirect_uri: input.redirectUri,
      profile_id: input.profileId,
      app_id: input.appId,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + ttl * 1000).toISOString(),
      used_at: null,
    })
    .execute();
  return { token, expiresInSeconds: ttl };
}

const NOT_FOUND = 'Selection token';

/**
 * The one-time token is the credential of the selection paths: clients call them
 * without an access key. `reach` is the key's when one was sent (null otherwise); a
 * token of another project (or of a profile a limited key does not reach) is then as
 * unknown as a wrong token.
 */
async function liveSelection(
  ctx: AppContext,
  reach: ProjectReach | null,
  platform: Platform,
  token: string,
  browserKey?: string,
) {
  const row = await ctx.store.db
    .selectFrom('selection_tokens')
    .selectAll()
    .where('id', '=', hashOf(token))
    .where('platform', '=', platform)
    .executeTakeFirst();
  const now = ctx.now().toISOString();
  if (!row || row.used_at !== null || row.expires_at <= now) throw notFound(NOT_FOUND);
  if (reach !== null && row.project_id !== projectOf(reach)) throw notFound(NOT_FOUND);
  // A limited caller's selection goes under one of its profiles; another is not its to see.
  if (reach !== null && !reachesProfile(reach, row.profile_id)) throw notFound(NOT_FOUND);
  const choices = JSON.parse(ctx.sealer.open(row.choices_enc)) as Choices;
  // A choice offered on our page is made there, in the browser that authorized: its token,
  // seen in an address bar or a log, is of no use to the API paths or to another browser.
  if (choices.hosted && !sameBrowser(choices.hosted.browserHash, browserKey)) throw notFound(NOT_FOUND);
  if (!choices.hosted && browserKey !== undefined) throw notFound(NOT_FOUND);
  return { row, choices };
}

function sameBrowser(expectedHash: string, browserKey: string | undefined): boolean {
  if (!browserKey) return false;
  const a = Buffer.from(hashOf(browserKey), 'hex');
  const b = Buffer.from(expectedHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}

export interface SelectableAccount {
  id: string;
  type: string;
  platformUserId: string;
  displayName: string | null;
  username: string | null;
  imageUrl: string | null;
}

/**
 * The selection's `type` as the contract names it: `person` for the member's own
 * (LinkedIn) profile, `organization` for a LinkedIn page, `page` for a Facebook Page.
 */
const kindOf = (a: ConnectedAccount) => (a.type === 'user' ? 'person' : a.type);

export async function readSelection(
  ctx: AppContext,
  reach: ProjectReach | null,
  platform: Platform,
  token: string,
  /** The hosted choice page's cookie (hosted-choice.ts); the API paths send none. */
  browserKey?: string,
): Promise<{ expiresInSeconds: number; accounts: SelectableAccount[] }> {
  const { row, choices } = await liveSelection(ctx, reach, platform, token, browserKey);
  return {
    expiresInSeconds: Math.max(0, Math.floor((Date.parse(row.expires_at) - ctx.now().getTime()) / 1000)),
    accounts: choices.accounts.map((a) => ({
      id: a.platformUserId,
      type: kindOf(a),
      platformUserId: a.platformUserId,
      displayName: a.displayName,
      username: a.username,
      imageUrl: a.imageUrl,
    })),
  };
}

/**
 * Connects the selected accounts and invalidates the token. An id that was not
 * offered is 400 (the token stays usable); a used, expired or unknown token is 404.
 */
export async function saveSelection(
  ctx: AppContext,
  reach: ProjectReach | null,
  platform: Platform,
  token: string,
  selectedIds: string[],
  /** Runs in the saving transaction with the new ids (the hosted connect page notes them in its session). */
  alsoWith?: (trx: Transaction<Database>, ids: string[]) => Promise<void>,
  browserKey?: string,
): Promise<{ redirectUri: string | null; integrations: Integration[] }> {
  const { row, choices } = await liveSelection(ctx, reach, platform, token, browserKey);
  const offered = new Map(choices.accounts.map((a) => [a.platformUserId, a]));
  const unknown = selectedIds.filter((id) => !offered.has(id));
  if (unknown.length)
    throw invalid(
      `selectedAccountIds: ${unknown.join(', ')} ${unknown.length === 1 ? 'was' : 'were'} not offered by this selection`,
    );
  const chosen = [...new Set(selectedIds)].map((id) => offered.get(id)!);
  const now = ctx.now().toISOString();
  const ids = await ctx.store.db.transaction().execute(async (trx) => {
    const taken = await trx
      .updateTable('selection_tokens')
      .set({ used_at: now })
      .where('id', '=', row.id)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) throw notFound(NOT_FOUND);
    const saved = await saveAccounts(ctx, trx, {
      projectId: row.project_id,
      platform,
      accounts: chosen,
      userTokens: choices.userTokens,
      profileId: row.profile_id,
      appId: row.app_id,
    });
    await alsoWith?.(trx, saved);
    return saved;
  });
  return { redirectUri: row.redirect_uri, integrations: await getIntegrations(ctx, row.project_id, ids) };
}

/**
 * Ends a hosted choice without connecting anything (the person chose Cancel) and
 * answers where to send them: the flow's cancelRedirectUri, else its redirectUri.
 * Null when the token was used, expired or is not this browser's.
 */
export async function cancelHostedSelection(
  ctx: AppContext,
  platform: Platform,
  token: string,
  browserKey: string,
): Promise<string | null> {
  const live = await liveSelection(ctx, null, platform, token, browserKey).catch(() => null);
  if (!live) return null;
  const now = ctx.now().toISOString();
  const taken = await ctx.store.db
    .updateTable('selection_tokens')
    .set({ used_at: now })
    .where('id', '=', live.row.id)
    .where('used_at', 'is', null)
    .executeTakeFirst();
  if (Number(taken.numUpdatedRows) !== 1) return null;
  return live.choices.hosted?.cancelRedirectUri ?? live.row.redirect_uri;
}

/** A hosted choice as its page shows it, with where its form may send the person afterwards. */
export async function readHostedSelection(
  ctx: AppContext,
  platform: Platform,
  token: string,
  browserKey: string,
): Promise<{ accounts: SelectableAccount[]; targets: string[] }> {
  const offer = await readSelection(ctx, null, platform, token, browserKey);
  const { row, choices } = await liveSelection(ctx, null, platform, token, browserKey);
  const targets = [row.redirect_uri, choices.hosted?.cancelRedirectUri ?? null].filter(
    (u): u is string => u !== null,
  );
  return { accounts: offer.accounts, targets };
}
