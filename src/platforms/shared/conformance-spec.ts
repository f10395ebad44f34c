/**
 * What a platform tells the conformance suite about itself (conformance.ts), and
 * the small helpers both parts of the suite share.
 */

import { type FixtureServer, mp4Stub, png } from '../../media/testing.ts';
import type { RateLimitOptions, SimPost, Simulator } from '../../simulator/index.ts';
import type { MediaItem, PlatformPublisher } from '../contract.ts';
import type { Platform } from '../names.ts';

/** The kinds of post the suite publishes where the platform takes them. */
export type PostKind = 'text' | 'image' | 'video';

/** A platform call as the simulator records it (and fault rules match it). */
export interface CallMatch {
  method: string;
  /** Below the platform prefix, exactly, or a RegExp (ids in the path). */
  path: string | RegExp;
}

/** One kind of post: its media (default: one PNG or one small MP4) and its create call. */
export interface ConformanceSample {
  /** The one call that creates the post: the create-path faults target it. */
  create: CallMatch;
  media?: (fixtures: FixtureServer) => MediaItem[];
  platformSpecificData?: Record<string, unknown>;
}

export interface ConformanceSpec {
  platform: Platform;
  adapter: PlatformPublisher;
  /**
   * The simulator account to publish as; `pageId` for platforms publishing with a Page token;
   * `scopes` for platforms whose simulator checks the token's scopes (TikTok).
   */
  account: { id: string; pageId?: string; metadata?: Record<string, unknown>; scopes?: string[] };
  /** The kinds the platform takes; a kind left out is not published. */
  posts: Partial<Record<PostKind, ConformanceSample>>;
  /** The kind the error-class and engine cases publish; default text, else image, else video. */
  basic?: PostKind;
  /** The URL a post of the basic kind has, from its id (what publish and reconcile must answer). */
  postUrl(platformPostId: string): string;
  /** The text of one of the platform's posts as the simulator stores it (exactly-once counts). */
  textOf(post: SimPost): string | undefined;
  /** How many media items the stored post carries. */
  mediaCount(post: SimPost): number;
  /**
   * The platform's rate-limit answer (the simulator's `rateLimit` fault option) and
   * the wait it means, as the adapter must read it (X and Bluesky: the unix reset
   * header; LinkedIn: midnight UTC; Meta: the business-use-case minutes).
   */
  rateLimit: { fault: true | RateLimitOptions; expectedWaitMs(nowMs: number): number };
  /** The platform's own 5xx answer (status and body), used on the create and before it. */
  serverError: { status: number; body?: unknown };
  /** A call before the create (a media upload): a 5xx there is transient and nothing is created. */
  beforeCreate?: { kind: PostKind; call: CallMatch; media?: (fixtures: FixtureServer) => MediaItem[] };
  /**
   * A refusal for good and the platform's own message: `duplicate` publishes the same
   * text twice (`message` gets the first post's id); `content` publishes that text.
   */
  permanent: {
    refuse: 'duplicate' | { content: string };
    message(firstPostId: string | undefined): string | RegExp;
    /**
     * The contract check's problem with the refused request, when the refusal is a
     * value the platform's own description forbids (declared, so it is expected).
     */
    departure?: RegExp;
  };
  /**
   * LinkedIn: reconcile sends the create again and the duplicate check answers with the
   * existing post, so after a create that never happened reconcile itself creates the
   * post (answering published) instead of answering absent. Either way: one post.
   */
  reconcileCreates?: boolean;
  /**
   * Telegram: the platform has no idempotency and no read of the account's posts, so
   * after a create with no known outcome reconcile can not tell whether it happened:
   * it answers `unknown` with a reason matching this, and the engine fails the target
   * asking to check the account instead of creating a second post.
   */
  reconcileBlind?: RegExp;
  /**
   * TikTok FILE_UPLOAD: the create (init) only opens a publish whose post needs the
   * bytes sent after it, so a create whose answer was lost made no post: reconcile
   * answers absent and publishing again makes the one post. `committed` tells that
   * the platform acted on the create (the suite waits for it instead of for a post).
   */
  createOpensUpload?: { committed(sim: Simulator, content: string): boolean };
  /**
   * Calls that only read although they are not GETs (TikTok's status/fetch and
   * creator_info/query are POSTs): the crash case does not count them as steps done again.
   */
  reads?: CallMatch[];
  /**
   * The platform's API can not delete posts (TikTok): delete must fail as `permanent`
   * with this message and leave the post alone.
   */
  deleteUnsupported?: string | RegExp;
  /** The call refreshing a token; null: the platform has no refresh (a refused token needs reconnecting). */
  refresh: CallMatch | null;
  /** Settings of the simulator module (for example shorter processing). */
  setup?(sim: Simulator): void;
}

/** The kind the error-class and engine cases publish. */
export function basicKind(spec: ConformanceSpec): PostKind {
  const kind = spec.basic ?? (['text', 'image', 'video'] as const).find((k) => spec.posts[k]);
  if (!kind || !spec.posts[kind])
    throw new Error(`${spec.platform}: the conformance spec lists no post kind`);
  return kind;
}

/** The media of a sample: its own, or one PNG for images and one small MP4 for videos. */
export function sampleMedia(
  kind: PostKind,
  sample: Pick<ConformanceSample, 'media'>,
  fixtures: FixtureServer,
): MediaItem[] {
  if (sample.media) return sample.media(fixtures);
  if (kind === 'image')
    return [{ type: 'image', url: fixtures.set('/conformance/image.png', png(200, 100), 'image/png') }];
  if (kind === 'video')
    return [{ type: 'video', url: fixtures.set('/conformance/video.mp4', mp4Stub(300_000), 'video/mp4') }];
  return [];
}

let seq = 0;
/**
 * A text no earlier post of the run has (platforms refuse duplicates): letters,
 * digits and spaces only, so no platform escapes or rewrites it.
 */
export const uniqueText = (platform: Platform, what: string): string =>
  `Conformance ${platform} ${what} ${++seq} ${Date.now()}`;
