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

async function storedCredentials(ctx: AppContext, integrationId: string): Promise<AccountAccess> {
  const row = await ctx.store.db
    .selectFrom('integrations')
    .selectAll()
    .where('id', '=', integrationId)
    .executeTakeFirst();
  if (!row) throw new AccountUnavailable(`The connected account ${integrationId} no longer exists`, true);
  if (row.auth_status !== 'active')
    throw new AccountUnavailable(
      `The ${row.platform} account ${row.username ?? row.platform_user_id} needs reconnecting (${row.auth_failure_reason ?? row.auth_status}); connect it again`,
      true,
    );
  let metadata: Record<string, unknown> = {};
  try {
    metadata = JSON.parse(row.platform_metadata) as Record<string, unknown>;
  } catch {}
  return {
    account: {
      platformUserId: row.platform_user_id,
      accessToken: row.access_token_enc ? ctx.sealer.open(row.access_token_enc) : '',
      // The account's username travels with the metadata: adapters build post URLs with it.
      metadata: row.username ? { username: row.username, ...metadata } : metadata,
    },
    tokenVersion: 0,
  };
}

const DEFAULTS: PublishingDeps = {
  adapterFor: getAdapter,
  baseUrlFor: (_ctx, platform) => {
    throw new Error(`no API base URL is configured for ${platform}`);
  },
  credentials: storedCredentials,
  refresh: async () => ({ ok: false, final: false, message: 'token refresh is not available' }),
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
