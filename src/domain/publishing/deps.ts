/**
 * What the publishing engine needs from other areas, behind one seam: the
 * adapter of a platform, its API base URL, an account's credentials and a token
 * refresh after an auth error. The defaults use the service's own modules; tests
 * replace parts with `configurePublishing` (a fake adapter, a simulator URL).
 */
import type { AppContext } from '../../context.ts';
import { createMediaStager, type MediaStager } from '../../media/stage.ts';
import { createOutboundClient } from '../../net/outbound.ts';
import type { AccountCredentials, PlatformAdapter } from '../../platforms/contract.ts';
import type { Platform } from '../../platforms/names.ts';
import { getAdapter } from '../../platforms/registry.ts';
import {
  apiBaseUrl,
  credentialsForPublishing,
  refreshForPublishing,
} from '../integrations/publishing-access.ts';

/** Credentials for one call, and the token version they came from (to refresh only once). */
export interface AccountAccess {
  account: AccountCredentials;
  tokenVersion: number;
}

/** The account can not be used: `final` when only reconnecting helps, otherwise worth a retry later. */
export class AccountUnavailable extends Error {
  override name = 'AccountUnavailable';
  readonly final: boolean;
  constructor(message: string, final: boolean) {
    super(message);
    this.final = final;
  }
}

export type RefreshResult =
  | { ok: true; access: AccountAccess }
  | { ok: false; final: boolean; message: string };

export interface PublishingDeps {
  adapterFor(platform: Platform): PlatformAdapter | undefined;
  baseUrlFor(ctx: AppContext, platform: Platform): string;
  /** Throws AccountUnavailable when the integration can not be used. */
  credentials(ctx: AppContext, integrationId: string): Promise<AccountAccess>;
  refresh(ctx: AppContext, integrationId: string, seenTokenVersion: number): Promise<RefreshResult>;
  /** Fetches media for adapters through the safe outbound client (one per configuration). */
  mediaFor(ctx: AppContext): MediaStager;
}

const stagers = new WeakMap<object, MediaStager>();

function configuredMedia(ctx: AppContext): MediaStager {
  let stager = stagers.get(ctx.config);
  if (!stager) {
    stager = createMediaStager({
      outbound: createOutboundClient({ allowlist: ctx.config.OUTBOUND_ALLOWLIST }),
      maxBytes: ctx.config.MEDIA_MAX_BYTES,
      fetchTimeoutMs: ctx.config.MEDIA_FETCH_TIMEOUT_MS,
    });
    stagers.set(ctx.config, stager);
  }
  return stager;
}

const DEFAULTS: PublishingDeps = {
  adapterFor: getAdapter,
  baseUrlFor: (ctx, platform) => apiBaseUrl(ctx, platform),
  credentials: (ctx, id) => credentialsForPublishing(ctx, id),
  refresh: (ctx, id, seen) => refreshForPublishing(ctx, id, seen),
  mediaFor: configuredMedia,
};

let current: PublishingDeps = DEFAULTS;

export const publishingDeps = (): PublishingDeps => current;

/** Replaces parts of the engine's dependencies; returns a function that restores the previous ones. */
export function configurePublishing(over: Partial<PublishingDeps>): () => void {
  const previous = current;
  current = { ...current, ...over };
  return () => {
    current = previous;
  };
}
