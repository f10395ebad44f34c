/**
 * What YouTube publishing keeps between runs, and the copy of it one run works
 * with: `ctx.checkpoint` is what the run started from, so each step's save is
 * merged into a local copy too, and later steps of the same run read that.
 */
import type { ExistingPost, PublishContext } from '../contract.ts';

export interface YouTubeCheckpoint {
  /** The resumable session, saved before the first byte; `short`: YouTube will make it a Short. */
  upload?: { uri: string; total: number; short?: boolean };
  videoId?: string;
  thumbnail?: 'set' | 'failed';
  processed?: boolean;
  /** The visibility given after processing (scheduled posts). */
  visibility?: string;
  /**
   * The first comment's id, or 'failed': written by earlier versions, which posted
   * it here; the engine now posts it and reads this once (first-comment.ts `earlier`).
   */
  comment?: string;
  warnings?: string[];
}

export interface Progress {
  readonly cp: Readonly<YouTubeCheckpoint>;
  save(patch: YouTubeCheckpoint): Promise<void>;
  /** Saves `patch` in the same write that records the video YouTube holds (PublishContext.recordExists). */
  exists(post: ExistingPost, patch: YouTubeCheckpoint): Promise<void>;
}

export function progressOf(ctx: PublishContext): Progress {
  const cp: YouTubeCheckpoint = { ...(ctx.checkpoint as YouTubeCheckpoint) };
  return {
    cp,
    async save(patch) {
      Object.assign(cp, patch);
      await ctx.saveCheckpoint({ ...patch });
    },
    async exists(post, patch) {
      Object.assign(cp, patch);
      await ctx.recordExists(post, { ...patch });
    },
  };
}
