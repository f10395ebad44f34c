/**
 * Connecting Bluesky with an app password (decisions.md): a session is opened
 * at the PDS, the account read, and the integration created or updated. The
 * password itself is never stored; the session's JWTs are, sealed.
 */
import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../errors.ts';
import { authEnv } from '../../platforms/auth-registry.ts';
import { blueskyAuth } from '../../platforms/bluesky/auth.ts';
import { PlatformError } from '../../platforms/contract.ts';
import { grantRefusal } from '../../platforms/shared/account-call.ts';
import type { Database } from '../../store/schema.ts';
import { getIntegration, type IntegrationDetail } from '../integrations/integrations.ts';
import { type ProjectReach, projectOf } from '../teams/reach.ts';
import { saveAccounts } from './save.ts';
import { checkTargetProfile } from './target-profile.ts';

export async function connectBluesky(
  ctx: AppContext,
  reach: ProjectReach,
  input: { identifier: string; password: string; profileId?: string | undefined },
  /** Runs in the saving transaction with the new ids (the hosted connect page notes them in its session). */
  alsoWith?: (trx: Transaction<Database>, ids: string[]) => Promise<void>,
): Promise<IntegrationDetail> {
  const projectId = projectOf(reach);
  await checkTargetProfile(ctx, reach, input.profileId);
  const env = authEnv(ctx, 'bluesky');
  try {
    const tokens = await blueskyAuth.login(env, { identifier: input.identifier, password: input.password });
    const accounts = await blueskyAuth.listAccounts(env, tokens);
    const [id] = await ctx.store.db.transaction().execute(async (trx) => {
      const saved = await saveAccounts(ctx, trx, {
        projectId,
        platform: 'bluesky',
        accounts,
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
    if (grantRefusal(err))
      throw new AppError('unauthenticated', `Bluesky refused the identifier or app password: ${err.message}`);
    throw new AppError('platform_error', `The Bluesky server could not be reached or failed: ${err.message}`);
  }
}
