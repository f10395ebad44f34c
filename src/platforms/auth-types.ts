/**
 * The types every platform's auth module speaks: where its hosts are, the app
 * credentials a flow runs under, the tokens it yields, the accounts it lists,
 * and why an integration needs reconnecting. Their calls fail with PlatformError
 * (shared/account-call.ts), like publishing calls. The modules are plain objects
 * that `satisfies PlatformAuth`.
 */
import type { PlatformUrlGuard } from '../net/outbound.ts';
import type { Platform } from './names.ts';

/** The app credentials a flow runs under: the service's own (config) or a customer's app (BYOK). */
export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
}

/**
 * What an auth module needs to talk to its platform. `url(host, path)` builds the
 * address of `path` on one of the platform's hosts (`authorize` is the page the user
 * opens; every other host is called by the service), with the real host, a
 * configured one, or the simulator in sandbox mode (see endpoints.ts).
 */
export interface AuthEnv {
  platform: Platform;
  client: ClientCredentials;
  url(host: string, path: string): string;
  /** Our callback URL, registered with the platform as the OAuth redirect URI. */
  redirectUri: string;
  /** The Bluesky PDS (Personal Data Server) to log in at. */
  pdsUrl: string;
  /** The API version the module's calls carry (LinkedIn-Version), if it has one. */
  apiVersion?: string | undefined;
  /** Time limit of one call to the platform. */
  timeoutMs: number;
  /**
   * Calls to a host a user named (a Mastodon instance) go through the outbound
   * client's address filter; absent: the platform's own configured hosts.
   */
  outside?: PlatformUrlGuard | undefined;
  now(): Date;
}

/** Tokens as the platform issued them, with absolute expiry times (ISO) where the platform gave lifetimes. */
export interface TokenSet {
  accessToken: string;
  /** Null for platforms without refresh tokens (Meta's long-lived tokens refresh themselves). */
  refreshToken: string | null;
  accessTokenExpiresAt: string | null;
  refreshTokenExpiresAt: string | null;
  scopes: string[];
  /**
   * What the token answer carried beyond the tokens, for `listAccounts` right after
   * the exchange (Discord's `webhook`, the channel the person picked); never stored.
   */
  grant?: Readonly<Record<string, unknown>>;
}

export type AccountType = 'user' | 'page' | 'organization' | 'location' | 'channel';

/** One account the user may connect as an integration. */
export interface ConnectedAccount {
  platformUserId: string;
  type: AccountType;
  username: string | null;
  displayName: string | null;
  profileUrl: string | null;
  imageUrl: string | null;
  /** Platform facts the adapters need (URNs, owning account names, linked Instagram…). */
  metadata: Record<string, unknown>;
  /** An account that acts with its own token (a Facebook Page token); else the user's tokens apply. */
  tokens?: TokenSet;
}

/** How a platform's accounts become integrations after the authorization. */
export type SelectionMode =
  /** Every listed account is connected at once. */
  | 'all'
  /** Pages/organizations: the client chooses on the selection paths (headless, or several Pages). */
  | 'choose';

/**
 * The OAuth scopes each capability of a platform module needs, as the platform
 * documents them. Connecting asks for their union (`scopesOf`), so a capability
 * never lacks a scope; src/platforms/scopes.test.ts checks every module's
 * capabilities against it and against the simulator, which refuses calls whose
 * scope the token was not granted.
 */
export interface CapabilityScopes {
  /** Reading the account (and its pages, organizations, locations) when connecting. */
  connect: readonly string[];
  /** `publisher`: publish, reconcile and delete. */
  publish?: readonly string[];
  comments?: readonly string[];
  messages?: readonly string[];
  /** `analytics`: post metrics and account reads. */
  analytics?: readonly string[];
  /** `lookups`: boards, creator info. */
  lookups?: readonly string[];
}

/** Every scope of the capabilities, each once, in the order first named. */
export const scopesOf = (needs: CapabilityScopes): readonly string[] => [
  ...new Set(Object.values(needs).flat() as string[]),
];

/** Authorization-code platforms (all but Bluesky). */
export interface OAuthPlatformAuth {
  method: 'oauth2';
  pkce: boolean;
  /** What each capability needs (`scopes` is their union). */
  scopesByCapability: CapabilityScopes;
  scopes: readonly string[];
  selection: SelectionMode;
  authorizationUrl(env: AuthEnv, request: { state: string; codeChallenge: string | null }): string;
  exchangeCode(env: AuthEnv, request: { code: string; codeVerifier: string | null }): Promise<TokenSet>;
  /** Null when the platform has no way to renew a token without the user. */
  refresh: ((env: AuthEnv, tokens: TokenSet) => Promise<TokenSet>) | null;
  listAccounts(env: AuthEnv, tokens: TokenSet): Promise<ConnectedAccount[]>;
  /**
   * Re-reads, after each token refresh, the account facts that may change while it
   * stays connected (Google Business: whether the location may post); answers the
   * metadata keys to merge into the integration's (null clears one). Its failure
   * leaves the metadata as it was and the refresh done.
   */
  refreshFacts?(
    env: AuthEnv,
    tokens: TokenSet,
    account: { platformUserId: string; metadata: Record<string, unknown> },
  ): Promise<Record<string, unknown>>;
  /** Null when the platform offers no revocation call. */
  revoke: ((env: AuthEnv, tokens: TokenSet) => Promise<void>) | null;
}

/** Bluesky: a session opened with an app password (decisions.md). */
export interface PasswordPlatformAuth {
  method: 'app_password';
  login(env: AuthEnv, credentials: { identifier: string; password: string }): Promise<TokenSet>;
  refresh: (env: AuthEnv, tokens: TokenSet) => Promise<TokenSet>;
  listAccounts(env: AuthEnv, tokens: TokenSet): Promise<ConnectedAccount[]>;
  revoke: ((env: AuthEnv, tokens: TokenSet) => Promise<void>) | null;
}

/**
 * Telegram: a bot token from @BotFather and the chat the bot posts to. No OAuth, no
 * expiry, no refresh: the token lives until it is revoked in BotFather.
 */
export interface BotTokenPlatformAuth {
  method: 'bot_token';
  /**
   * Checks the bot and its rights in the chat; fails with a permanent PlatformError
   * saying exactly what is missing (the bot is not an administrator, may not post).
   */
  connect(
    env: AuthEnv,
    credentials: { botToken: string; chatId: string },
  ): Promise<{ tokens: TokenSet; account: ConnectedAccount }>;
  refresh: null;
  revoke: null;
}

export type PlatformAuth = OAuthPlatformAuth | PasswordPlatformAuth | BotTokenPlatformAuth;

/** Why a refresh failed for good, as `authFailureReason` shows it. */
export type AuthFailureReason = 'token_expired' | 'token_revoked' | 'missing_scopes' | 'refresh_failed';
