/**
 * The publishing contract: what a platform module's `publisher` implements so the
 * engine can publish, recover and delete without knowing the platform, and the
 * error classes every platform call reports (src/platforms/module.ts has the
 * module around it).
 */
import type { Logger } from 'pino';
import type { MediaStager } from '../media/stage.ts';
import type { PlatformUrlGuard } from '../net/outbound.ts';
import type { AuthFailureReason } from './auth-types.ts';
import type { Platform } from './names.ts';

/**
 * What a failed platform call means for the next step (DESIGN.md, "The adapter contract"):
 * - `auth`: the token was refused: refresh once, then retry (or reconnect).
 * - `rate_limited`: wait `retryAfterMs`, then retry.
 * - `transient`: retry with backoff (5xx, network errors before the request was sent).
 * - `permanent`: fail the target with the platform's own message.
 * - `unknown_outcome`: the create call may or may not have happened: reconcile first.
 */
export type ErrorClass = 'auth' | 'rate_limited' | 'transient' | 'permanent' | 'unknown_outcome';

export class PlatformError extends Error {
  override name = 'PlatformError';
  readonly errorClass: ErrorClass;
  /** For rate_limited: how long the platform asked us to wait. */
  readonly retryAfterMs: number | undefined;
  /** HTTP status and the platform's own error code, for logs and messages. */
  readonly status: number | undefined;
  readonly platformCode: string | undefined;
  /**
   * Set when a token, account or lookup endpoint refused the grant or the account
   * (`auth` for a dead code or token, `permanent` for a 403): why the integration
   * needs reconnecting, as its `authFailureReason` shows it.
   */
  readonly reason: AuthFailureReason | undefined;

  constructor(
    errorClass: ErrorClass,
    message: string,
    details: {
      retryAfterMs?: number;
      status?: number;
      platformCode?: string;
      reason?: AuthFailureReason;
    } = {},
  ) {
    super(message);
    this.errorClass = errorClass;
    this.retryAfterMs = details.retryAfterMs;
    this.status = details.status;
    this.platformCode = details.platformCode;
    this.reason = details.reason;
  }
}

/** A media item of a post as the adapters see it (described once fetched). */
export interface MediaItem {
  type: 'image' | 'video' | 'gif' | 'document';
  url: string;
  thumbnail?: string | undefined;
  filename?: string | null;
  size?: number | null;
  mimeType?: string | null;
}

/** One target of a post: the text it publishes (per-target content or the post's) and its options. */
export interface TargetInput {
  platform: Platform;
  integrationId: string;
  content: string;
  mediaItems: MediaItem[];
  platformSpecificData: Record<string, unknown>;
  /**
   * When the post was scheduled: the time it was scheduled for (ISO). Absent for
   * publish-now posts. YouTube uploads a scheduled video as private and makes it
   * the requested visibility once it is processed.
   */
  scheduledFor?: string | undefined;
}

/** The connected account's credentials, decrypted just for the call. Never logged. */
export interface AccountCredentials {
  platformUserId: string;
  accessToken: string;
  /** Platform-specific facts saved at connect time: page id, organization URN, PDS URL, location name… */
  metadata: Record<string, unknown>;
}

/** A post the platform holds before publishing has finished it (PublishContext.recordExists). */
export interface ExistingPost {
  platformPostId: string;
  platformPostUrl: string;
  /** What remains to be confirmed, as words for a warning: "its processing". */
  awaiting: string;
}

/** A stored JSON object that survives retries and crashes of the publish job. */
export type Checkpoint = Record<string, unknown>;

export interface PublishContext {
  target: TargetInput;
  account: AccountCredentials;
  /** The checkpoint saved by earlier attempts of this target (empty on the first). */
  checkpoint: Readonly<Checkpoint>;
  /** Merges `patch` into the checkpoint and stores it before returning. */
  saveCheckpoint(patch: Checkpoint): Promise<void>;
  /**
   * Must be awaited right before the one call that creates the post on the
   * platform: records in the attempt ledger that the call is about to happen,
   * with anything chosen in advance (Bluesky's record key) so reconcile can find it.
   * `info` is merged into the checkpoint in the same write, as saveCheckpoint would.
   */
  beginCreate(info?: Checkpoint): Promise<void>;
  /**
   * Called once the platform holds the post while steps that finish it remain
   * (YouTube's uploaded video before its processing, TikTok's publish once TikTok
   * has the media): its id and URL as far as they are known, and what remains, in
   * words for the warning (`awaiting`: "its processing"). From then on the target
   * never ends `failed` for want of the account or of answers: when what remains
   * can not be confirmed (access revoked, retries or the pending limit used up), it
   * is published with this id and URL and a warning saying what was not confirmed.
   * A platform's own refusal of the post (YouTube rejected it) still fails it.
   * `info` is merged into the checkpoint in the same write, as saveCheckpoint would.
   */
  recordExists(post: ExistingPost, info?: Checkpoint): Promise<void>;
  /** Base URL of the platform's API (real host, or the simulator in sandbox and tests). */
  baseUrl: string;
  /**
   * For calls to URLs the platform answered with (upload URLs, resumable sessions):
   * pass as platformCall's `outside`, so an address outside the platform's own
   * configured hosts goes through the outbound client's address filter.
   */
  platformUrls: PlatformUrlGuard;
  /** The API version the module asks its calls to carry (module `apiVersion`), if any. */
  apiVersion?: string | undefined;
  /** Cancelled when the job's lease is lost or the service stops. */
  signal: AbortSignal;
  log: Logger;
  now(): Date;
  /**
   * Fetches media items through the safe outbound client onto local disk (never
   * whole in memory), checks their real type and describes them; adapters stream
   * uploads from what it returns and dispose of it when done. Build it with
   * `createMediaStager` from src/media/stage.ts.
   */
  media: MediaStager;
  /**
   * Other hosts of the platform by name, for platforms with more than one API host
   * (Bluesky: `video` for the video service). Missing names fall back to the real host.
   */
  extraBaseUrls?: Readonly<Record<string, string>>;
}

/**
 * What one run of `publish` ends with:
 * - `published`: the post is on the platform (its id and URL; `warningMessage` when
 *   the post went out but something around it did not, for example a thumbnail).
 * - `pending`: the platform is still processing (an Instagram or Threads container,
 *   YouTube processing, TikTok's publish status): look again in `retryInMs`. The
 *   adapter has saved its checkpoint before answering; the engine re-queues the job
 *   without holding a worker or counting an attempt, and the next run calls
 *   `publish` again (or `reconcile`, when a create is in flight), which continues
 *   from the checkpoint. PUBLISH_PENDING_TIMEOUT_MS bounds how long a target may
 *   stay pending in total; `reason` says what is awaited (kept in the ledger).
 */
export type PublishResult =
  | { state: 'published'; platformPostId: string; platformPostUrl: string; warningMessage?: string }
  | { state: 'pending'; retryInMs: number; reason: string };

/** A finished publish; adapters whose posts are final at once declare this as publish's result. */
export type Published = Extract<PublishResult, { state: 'published' }>;

/**
 * `absent` means publish may run again: it resumes from the checkpoint. For posts
 * made of several create calls (threads), reconcile records in the checkpoint the
 * parts it found and answers `published` only when the whole post is there.
 * `pending`: the create was accepted and the platform is still processing it (for
 * example TikTok's publish status): look again in `retryInMs`, as for publish.
 * `unknown`: the platform can not tell; the target fails with a message to check
 * the account (never a second create).
 * `published` may carry a `warningMessage` like publish's: a post that finishes
 * through reconcile (YouTube after processing) keeps what went wrong around it.
 */
export type ReconcileResult =
  | { state: 'published'; platformPostId: string; platformPostUrl: string; warningMessage?: string }
  | { state: 'pending'; retryInMs: number; reason: string }
  | { state: 'absent' }
  | { state: 'unknown'; reason: string };

export interface DeleteContext {
  account: AccountCredentials;
  /** The post's id on the platform (for a thread: its root). */
  platformPostId: string;
  /**
   * The checkpoint publish saved for this target (empty when none). A post made of
   * several platform posts (a thread) is removed whole from the ids recorded there;
   * only the adapter that wrote it knows its format.
   */
  checkpoint: Readonly<Checkpoint>;
  baseUrl: string;
  /** As PublishContext.platformUrls (a Mastodon account's own instance goes through it). */
  platformUrls: PlatformUrlGuard;
  apiVersion?: string | undefined;
  signal: AbortSignal;
  log: Logger;
}

/** A module's publishing capability (src/platforms/module.ts `publisher`). */
export interface PlatformPublisher {
  /** Publishes one target as resumable steps, saving a checkpoint after each. */
  publish(ctx: PublishContext): Promise<PublishResult>;
  /** After a create call with no known outcome: does the post exist on the platform? */
  reconcile(ctx: PublishContext): Promise<ReconcileResult>;
  /**
   * Removes a published post from the platform, every part of it (thread items
   * first, the root last); a part already gone counts as deleted.
   */
  delete(ctx: DeleteContext): Promise<void>;
}

/** Seconds or an HTTP date in Retry-After, as milliseconds. */
export function retryAfterMs(
  header: string | null | undefined,
  fallbackMs: number,
  now = Date.now(),
): number {
  if (!header) return fallbackMs;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const at = Date.parse(header);
  return Number.isNaN(at) ? fallbackMs : Math.max(0, at - now);
}

/**
 * The default reading of an HTTP status; adapters refine it with the platform's
 * own error codes. A timeout or dropped connection during a create call is not a
 * status: the adapter reports it as `unknown_outcome`.
 */
export function classifyHttpStatus(status: number): ErrorClass {
  if (status === 401) return 'auth';
  if (status === 429) return 'rate_limited';
  if (status === 408 || status >= 500) return 'transient';
  return 'permanent';
}
