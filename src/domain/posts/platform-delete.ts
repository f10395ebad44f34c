/**
 * How a published post is removed from a platform: through the platform adapter's
 * `delete`, found with the publishing engine's seam (the adapter registry, the
 * platform's API base URL, the account's credentials), so tests that give the
 * engine a fake adapter or a simulator URL give it to deletion too. A platform
 * without an adapter answers that deletion there is not available (not charged).
 */
import type { AppContext } from '../../context.ts';
import type { Checkpoint } from '../../platforms/contract.ts';
import { isPlatform } from '../../platforms/names.ts';
import { publishingDeps } from '../publishing/deps.ts';

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

export type AdapterLookup = (platform: string) => { delete?: PlatformDelete } | undefined;

const DELETE_TIMEOUT_MS = 30_000;

const viaRegistry: AdapterLookup = (platform) => {
  if (!isPlatform(platform)) return undefined;
  const deps = publishingDeps();
  const adapter = deps.adapterFor(platform);
  if (!adapter) return undefined;
  return {
    delete: async (ctx, req) => {
      const baseUrl = deps.baseUrlFor(ctx, platform);
      const { account } = await deps.credentials(ctx, req.integrationId);
      await adapter.delete({
        account,
        platformPostId: req.platformPostId,
        checkpoint: req.checkpoint,
        baseUrl,
        signal: AbortSignal.timeout(DELETE_TIMEOUT_MS),
        log: ctx.log.child({ platform, integrationId: req.integrationId }),
      });
    },
  };
};

let lookup: AdapterLookup = viaRegistry;

/** Replaces the lookup (tests); returns a function that restores the previous one. */
export function setAdapterLookup(fn: AdapterLookup): () => void {
  const previous = lookup;
  lookup = fn;
  return () => {
    lookup = previous;
  };
}

export const getPlatformDelete = (platform: string): PlatformDelete | undefined => lookup(platform)?.delete;
