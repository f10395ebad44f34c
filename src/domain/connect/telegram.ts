/**
 * Connecting a Telegram channel or group by bot: the bot token and the chat are
 * checked at Telegram (the module's auth says what the bot lacks), and the chat
 * becomes the integration, its access token the bot token (sealed like every token).
 */
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.ts';
import { AppError, invalid } from '../../errors.ts';
import { authEnv } from '../../platforms/auth-registry.ts';
import { PlatformError } from '../../platforms/contract.ts';
import { telegramAuth } from '../../platforms/telegram/auth.ts';
import type { Database } from '../../store/schema.ts';
import { getIntegration, type IntegrationDetail } from '../integrations/integrations.ts';
import { type ProjectReach, projectOf } from '../teams/reach.ts';
import { saveAccounts } from './save.ts';
import { checkTargetProfile } from './target-profile.ts';

export async function connectTelegram(
  ctx: AppContext,
  reach: ProjectReach,
  input: { botToken: string; chatId: string; profileId?: string | undefined },
  /** Runs in the saving transaction with the new ids (the hosted connect page notes them in its session). */
  alsoWith?: (trx: Transaction<Database>, ids: string[]) => Promise<void>,
): Promise<IntegrationDetail> {
  const projectId = projectOf(reach);
  await checkTargetProfile(ctx, reach, input.profileId);
  try {
    const { tokens, account } = await telegramAuth.connect(authEnv(ctx, 'telegram'), input);
    const [id] = await ctx.store.db.transaction().execute(async (trx) => {
      const saved = await saveAccounts(ctx, trx, {
        projectId,
        platform: 'telegram',
        accounts: [account],
        userTokens: tokens,
        profileId: input.profileId ?? null,
        appId: null,
      });
      await alsoWith?.(trx, saved);
      return saved;
    });
    return getIntegration(ctx, projectId, id!);
  } catch (err) {
    if (!(err instanceof PlatformError)) throw err;
    if (err.errorClass === 'auth' || err.status === 404)
      throw new AppError('unauthenticated', `Telegram refused the bot token: ${err.message}`);
    if (err.errorClass === 'permanent') throw invalid(err.message);
    throw new AppError('platform_error', `Telegram could not be reached or failed: ${err.message}`);
  }
}
