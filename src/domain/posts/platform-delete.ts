/**
 * How a published post is removed from a platform: through its module's
 * publisher `delete`, for the account with fresh credentials (one refresh if the
 * platform refuses the token). A platform whose module has no publisher answers
 * that deletion there is not available (not charged).
 */
import type { AppContext } from '../../context.ts';
import { deadline } from '../../net/deadline.ts';
import { platformUrlsOf } from '../../platforms/auth-registry.ts';
import type { Checkpoint } from '../../platforms/contract.ts';
import { isPlatform } from '../../platforms/names.ts';
import { withAccount } from '../integrations/account-access.ts';

export interface PlatformDeleteRequest {
  projectId: string;
  integrationId: string;
  platform: string;
  platformPostId: string;
  /** The target's saved publish checkpoint (parsed; empty when none): the ids of a thread's parts. */
  checkpoint: Checkpoint;
}

/** Resolves when the post is gone from the platform; throws with the platform's message otherwise. */
export type PlatformDelete = (ctx: AppContext, req: PlatformDeleteRequest) => Promise<void>;

const DELETE_TIMEOUT_MS = 30_000;

export function platformDeleteFor(ctx: AppContext, platform: string): PlatformDelete | undefined {
  if (!isPlatform(platform)) return undefined;
  const publisher = ctx.platforms[platform].publisher;
  if (!publisher) return undefined;
  const endpoints = ctx.endpoints[platform];
  return async (ctx, req) => {
    const limit = deadline(DELETE_TIMEOUT_MS);
    try {
      await withAccount(ctx, req.integrationId, (account) =>
        publisher.delete({
          account,
          platformPostId: req.platformPostId,
          checkpoint: req.checkpoint,
          baseUrl: endpoints.url('api', ''),
          platformUrls: platformUrlsOf(ctx, platform),
          apiVersion: endpoints.apiVersion,
          signal: limit.signal,
          log: ctx.log.child({ platform, integrationId: req.integrationId }),
        }),
      );
    } finally {
      limit.clear();
    }
  };
}
