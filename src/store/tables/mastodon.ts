import type { SealedColumns } from '../sealed-columns.ts';
import type { RetentionOf } from './retention-types.ts';

/** The service's app on one Mastodon instance (migration 0420; src/domain/connect/mastodon-apps.ts). */
export interface MastodonAppsTable {
  /** The instance origin, `https://host[:port]`, lower case. */
  instance: string;
  client_id: string;
  /** Sealed client secret. */
  client_secret_enc: string;
  /** The callback registered with the app (a changed PUBLIC_URL registers again). */
  redirect_uri: string;
  /** The project whose connect made the service register there (the per-project cap counts these). */
  registered_by_project: string;
  registered_at: string;
}

export interface MastodonTables {
  mastodon_apps: MastodonAppsTable;
}

export const MASTODON_SEALED = {
  mastodon_apps: { client_secret_enc: 'value' },
} as const satisfies SealedColumns<MastodonTables>;

/** The table's unique key, which the key rotation pages by (src/store/sealed.ts): the instance. */
export const MASTODON_ROW_KEY = { mastodon_apps: 'instance' } as const satisfies {
  [T in keyof MastodonTables]?: keyof MastodonTables[T];
};

/** How long each table's rows stay (src/store/retention.ts). */
export const MASTODON_RETENTION = {
  mastodon_apps: {
    kept: 'one row per Mastodon instance the service registered its app on, at most MASTODON_INSTANCES_MAX; every account connected there needs it for as long as it stays connected',
  },
} as const satisfies RetentionOf<MastodonTables>;
