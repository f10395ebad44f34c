/**
 * What each platform module declares about itself: its token rules, its seed users
 * and its own error answers. The framework uses these for the token check every
 * authenticated route gets, and for rate-limit faults.
 */
import type { Platform } from '../../facts/platforms.ts';
import type { RateLimitOptions } from './faults.ts';
import type { SimRequest, SimResponse } from './http.ts';
import type { SimRouter } from './router.ts';
import type { SimAccount, TokenPolicy } from './types.ts';

/** Why a request's access token was not accepted. */
export type TokenProblem = 'missing' | 'unknown' | 'expired' | 'revoked';

export interface PlatformProfile {
  name: Platform;
  title: string;
  /** Real hosts this prefix stands for (documentation and the start banner). */
  hosts: string[];
  tokenPolicy: TokenPolicy;
  /** The users that exist from the start (the first is "the default account"). */
  seedAccounts: () => SimAccount[];
  /** The platform's own answer to a missing, unknown, expired or revoked token. */
  unauthorized: (problem: TokenProblem, req: SimRequest) => SimResponse;
  /** The platform's own rate-limit answer (status, body, headers). */
  rateLimited: (opts: RateLimitOptions, nowSec: number, accountId: string | undefined) => SimResponse;
  /** Token strings in the platform's own format (Bluesky: JWTs); default random opaque strings. */
  tokenValue?: (t: {
    kind: 'access' | 'refresh' | 'page';
    accountId: string;
    issuedAt: number;
    expiresAt: number | null;
  }) => string;
  /**
   * Tokens that exist from the start with a fixed value, for the seed users (Telegram's
   * sandbox bot token, which a person types in): never expire.
   */
  seedTokens?: () => { accountId: string; value: string }[];
  /** Where the access token travels; default: Bearer header, then `access_token` parameter. */
  tokenOf?: (req: SimRequest) => string | undefined;
}

/** A platform module file exports `register`; the simulator calls it with the platform's router. */
export type RegisterFn<S = unknown> = (router: SimRouter, sim: S) => void;
