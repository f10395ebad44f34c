/**
 * How a published post is removed from a platform: through the platform adapter's
 * `delete`, looked up in the adapter registry. The registry belongs to the
 * platform layer; it installs its lookup here with setAdapterLookup. Until an
 * adapter with `delete` exists for a platform, the target answers that deletion
 * there is not available (and is not charged).
 */
import type { AppContext } from '../../context.ts';

export interface PlatformDeleteRequest {
  projectId: string;
  integrationId: string;
  platform: string;
  platformPostId: string;
}

/** Resolves when the post is gone from the platform; throws with the platform's message otherwise. */
export type PlatformDelete = (ctx: AppContext, req: PlatformDeleteRequest) => Promise<void>;

export type AdapterLookup = (platform: string) => { delete?: PlatformDelete } | undefined;

let lookup: AdapterLookup = () => undefined;

export function setAdapterLookup(fn: AdapterLookup): void {
  lookup = fn;
}

export const getPlatformDelete = (platform: string): PlatformDelete | undefined => lookup(platform)?.delete;
