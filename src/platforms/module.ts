/**
 * What the service knows of one platform, in one place. Each platform folder's
 * `index.ts` exports one `PlatformModule`; src/platforms/registry.ts maps every
 * platform to its module, and everything else is derived from that map: request
 * validation, the OpenAPI schemas of platformSpecificData, connecting (OAuth or
 * app password), the hosts and sandbox endpoints, which platforms can be published
 * to, and the platforms list of GET /v1/platforms. Routes and the engine never
 * import a platform folder: they ask the registry for a module's capability.
 */
import type { TSchema } from 'typebox';
import type { Config } from '../config.ts';
import type { PlatformMediaRules } from '../media/rules.ts';
import type { PlatformAnalytics } from './analytics-types.ts';
import type { AuthEnv, PlatformAuth } from './auth-types.ts';
import type { AccountCredentials, PlatformPublisher } from './contract.ts';
import type { PlatformEditor } from './edit-types.ts';
import type { PlatformComments, PlatformMessages } from './engagement.ts';
import type { PlatformFirstComment } from './first-comment.ts';
import type { PlatformInbound } from './inbound.ts';
import type { Platform } from './names.ts';
import type { PlatformValidator, PostInput, TargetInput, TextMeasurer } from './shared/input.ts';
import type { PlatformSpend } from './spend-types.ts';

/**
 * The platform's hosts by role, real ones by default: `authorize` is the page the
 * user opens, `api` the main API host; others (`token`, `accounts`, ...) as the
 * platform splits them. `<P>_AUTH_BASE_URL`, `<P>_API_BASE_URL` and sandbox mode
 * replace them (src/platforms/endpoints.ts).
 */
export type PlatformHosts = Readonly<Record<string, string> & { authorize: string; api: string }>;

/**
 * The TypeBox schema of a platform's platformSpecificData: an object with named
 * fields and an `$id` (`TwitterConfigurations`), its name in the API reference.
 */
export type OptionsSchema = TSchema & { properties: Record<string, TSchema> };

/** A connected account and the environment to call its platform with (lookups and engagement). */
export interface AccountEnv {
  env: AuthEnv;
  account: AccountCredentials;
}

/** A Pinterest board, usable as PinterestConfigurations.boardId. */
export interface Board {
  id: string;
  name: string;
  description: string | null;
  privacy: string | null;
}

/** What a TikTok creator may post now (decisions.md, creator info). */
export interface CreatorInfo {
  creatorAvatarUrl: string | null;
  creatorUsername: string | null;
  creatorNickname: string | null;
  privacyLevelOptions: string[];
  commentDisabled: boolean;
  duetDisabled: boolean;
  stitchDisabled: boolean;
  maxVideoPostDurationSec: number | null;
}

/** Reads from the platform that help a client fill in a target (boards, creator limits, ...). */
export interface PlatformLookups {
  boards?: (a: AccountEnv) => Promise<Board[]>;
  creatorInfo?: (a: AccountEnv) => Promise<CreatorInfo>;
}

export interface PlatformModule {
  /** The platform's value in `Platform`. */
  readonly name: Platform;
  /** How people call it, for messages and the API reference ("X", "Google Business Profile"). */
  readonly displayName: string;
  /** Default API hosts by role. */
  readonly hosts: PlatformHosts;
  /** Schema of the target's platformSpecificData; unknown fields are refused. */
  readonly options: OptionsSchema;
  /**
   * The platform's own rules for one target (lengths as the platform counts them,
   * media kinds and counts, fields that need each other): every problem as a
   * message naming the field, without the `platforms[i]` prefix.
   */
  readonly validate: PlatformValidator;
  /**
   * The platform's media rules per format (media/rules.ts), stated from its own
   * documentation in the module's media-rules.ts: checked at create, fitted by the
   * converter, enforced by the simulator. Absent: only the counts of `validate`.
   */
  readonly mediaRules?: PlatformMediaRules;
  /** The target's text as the platform counts it, with its limit (the same the rules check): for counters. */
  readonly measureText?: TextMeasurer;
  /**
   * Rules only the platform's API knows (a subreddit's allowed post types, flair,
   * title length), checked when a post is created or validated, for the target's
   * account: problems as `validate` words them. The engine gives it a short
   * budget (`signal`) and accepts the target when the platform can not answer in
   * time; the publisher checks the same rules again before it creates the post.
   */
  readonly createCheck?: (
    a: AccountEnv,
    target: TargetInput,
    post: PostInput,
    signal: AbortSignal,
  ) => Promise<string[]>;
  /** Connecting accounts: OAuth authorization code (with PKCE where supported) or app password. */
  readonly auth: PlatformAuth;
  /**
   * The API version the platform's calls carry, from the settings (LinkedIn's
   * `LinkedIn-Version`, which the platform retires about yearly). Absent: none.
   */
  readonly apiVersion?: (config: Readonly<Config>) => string;
  /**
   * Publishing: resumable publish, reconcile after an unknown outcome, delete.
   * Absent: targets on this platform are refused at create and edit.
   */
  readonly publisher?: PlatformPublisher;
  /**
   * Editing a published post in place (text, and the options listed in its
   * `options`). Absent: the platform's API can not edit a live post; see `notEditable`.
   */
  readonly editor?: PlatformEditor;
  /**
   * For a platform without an editor: one sentence saying why its posts can not be
   * edited after publishing, answered per target by PATCH /v1/posts/{postId}/published.
   */
  readonly notEditable?: string;
  /** Lookups a client needs before publishing (Pinterest boards, TikTok creator info). */
  readonly lookups?: PlatformLookups;
  /** Comments and replies on the account's posts (engagement.ts). Absent: not offered. */
  readonly comments?: PlatformComments;
  /**
   * A first comment under the account's own post once it is live (first-comment.ts).
   * Absent: the platform's API can not comment there; a post's firstComment skips it.
   */
  readonly firstComment?: PlatformFirstComment;
  /** Direct-message conversations of the account (engagement.ts). Absent: not offered. */
  readonly messages?: PlatformMessages;
  /** What the platform pushes by its own webhooks (inbound.ts): new comments and messages. Absent: nothing. */
  readonly inbound?: PlatformInbound;
  /** Post metrics and account analytics (analytics-types.ts); absent: none. */
  readonly analytics?: PlatformAnalytics;
  /**
   * What the platform charges the service's app, in money (not credits), per kind
   * of call (spend-types.ts); absent: the platform charges nothing for the calls
   * the service makes.
   */
  readonly spend?: PlatformSpend;
}

/** Every platform's module: the static map in registry.ts, or a test's variant of it. */
export type PlatformRegistry = Readonly<Record<Platform, PlatformModule>>;
