/**
 * What a running simulator offers: the interface tests, the control API and the
 * platform modules program against. It is apart from simulator.ts, which builds
 * one, so the parts simulator.ts loads (control API, platform registry) can name
 * the type without importing the file that imports them.
 */
import type { Platform } from '../../facts/platforms.ts';
import type { ContractLog } from '../contracts/log.ts';
import type { CallLog } from './calls.ts';
import type { SimClock } from './clock.ts';
import type { FaultRules } from './faults.ts';
import type { PlatformProfile, TokenProblem } from './profile.ts';
import type { SimRouter } from './router.ts';
import type { SimState } from './state.ts';
import type { SimAccount, SimApp, SimToken } from './types.ts';

export interface SimulatorOptions {
  /** Port to listen on; 0 (default) picks a free one. */
  port?: number;
  /** Address to listen on; default 127.0.0.1. */
  host?: string;
  /**
   * A file to keep apps, accounts, tokens and posts in across restarts (sandbox mode
   * keeps it under the service's data directory); without it everything is in memory.
   */
  stateFile?: string;
  /** Extra module registrations (tests): called with each platform's router after the built-in modules. */
  extraModules?: { platform: Platform; register: (router: SimRouter, sim: Simulator) => void }[];
  /**
   * Check every request and answer of a platform that has a contract file
   * (src/simulator/contracts/) against the platform's own API description, keeping
   * the departures in `sim.contracts`. On by default in `startSimulator` (tests);
   * `createSimulator` (sandbox mode, the standalone simulator) leaves it off.
   */
  contracts?: boolean;
}

export type TokenCheck =
  | { ok: true; token: SimToken; account: SimAccount }
  | { ok: false; problem: TokenProblem };

export interface Simulator {
  /** `http://127.0.0.1:<port>` */
  readonly url: string;
  readonly port: number;
  readonly state: SimState;
  readonly calls: CallLog;
  readonly faults: FaultRules;
  readonly clock: SimClock;
  /** Departures from the platforms' API descriptions (empty unless `contracts` was on). */
  readonly contracts: ContractLog;
  readonly platforms: readonly PlatformProfile[];
  /** `${url}/${platform}`: the base URL an adapter uses in place of every host of that platform. */
  baseUrl(platform: Platform): string;
  /**
   * The Bluesky PDS URL for `@atproto/api` (which drops any path of its service URL):
   * `url` itself, where `/xrpc/...` is served too.
   */
  readonly blueskyServiceUrl: string;
  profile(platform: Platform): PlatformProfile;
  /** Adds a user (`id`, `username`, `name` required; the rest defaults). */
  addAccount(platform: Platform, account: Partial<SimAccount> & { id: string }): SimAccount;
  addApp(
    platform: Platform,
    app: Partial<Omit<SimApp, 'platform'>> & { clientId: string; clientSecret: string },
  ): SimApp;
  countPosts: SimState['countPosts'];
  /**
   * Issues tokens for a user directly, skipping the OAuth pages (adapter and chaos tests).
   * Lifetimes follow the platform's policy unless `ttlSec` is given (null = never expires);
   * `pageId` makes a Facebook Page token; `refresh` adds a refresh token.
   */
  issueTokens(
    platform: Platform,
    opts?: {
      accountId?: string;
      pageId?: string;
      scopes?: string[];
      ttlSec?: number | null;
      refresh?: boolean;
    },
  ): { accessToken: string; refreshToken?: string; expiresAt: number | null };
  /** Checks an access-token value for a platform (used by `{ auth: true }` routes). */
  checkToken(platform: Platform, value: string | undefined): TokenCheck;
  /** Forgets calls, faults, clock offset and state (back to the seed). */
  reset(): void;
  close(): Promise<void>;
}
