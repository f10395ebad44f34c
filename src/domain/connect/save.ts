/** Turns authorized platform accounts into integrations (in the caller's transaction). */
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { ConnectedAccount, TokenSet } from '../../platforms/auth-types.ts';
import type { Platform } from '../../platforms/names.ts';
import type { Database } from '../../store/schema.ts';
import { upsertIntegration } from '../integrations/integrations.ts';

export async function saveAccounts(
  ctx: AppContext,
  trx: Transaction<Database>,
  input: {
    projectId: string;
    platform: Platform;
    accounts: ConnectedAccount[];
    userTokens: TokenSet;
    profileId: string | null;
    appId: string | null;
  },
): Promise<string[]> {
  const ids: string[] = [];
  for (const account of input.accounts) {
    const { tokens, ...rest } = account;
    ids.push(
      await upsertIntegration(ctx, trx, {
        projectId: input.projectId,
        platform: input.platform,
        account: rest,
        tokens: tokens ?? input.userTokens,
        profileId: input.profileId,
        appId: input.appId,
      }),
    );
  }
  return ids;
}
