/**
 * Which posts use an uploaded file: a post mentions its public URL in its stored
 * media or anywhere in its request (thread items, covers, thumbnails), and an
 * active or paused series mentions it in the template its next occurrences copy.
 * The one reading of "in use" for the retention sweep, the media list and delete.
 */
import { sql } from 'kysely';
import type { AppContext } from '../../context.ts';
import { containsPattern } from '../../store/like.ts';

export interface MediaUser {
  postId: string;
  status: string;
  /** The post's text, its first words: how a person tells the post apart. */
  excerpt: string;
}

/** The longest excerpt of a post's text a file's users carry. */
const EXCERPT_CHARS = 80;
const excerptOf = (text: string): string => {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > EXCERPT_CHARS ? `${flat.slice(0, EXCERPT_CHARS - 1).trimEnd()}…` : flat;
};

/**
 * Statuses of a post that is done with its media. A failed or partly published
 * post may still be retried (POST /v1/posts/{id}/retry), which publishes its media
 * again, so only a published one lets its media go.
 */
const FINISHED = ['published'];

/** The posts of `projectId` that mention `publicUrl`, newest first (at most `limit`). */
export async function postsUsing(
  ctx: AppContext,
  projectId: string,
  publicUrl: string,
  limit = 100,
): Promise<MediaUser[]> {
  const pattern = containsPattern(publicUrl);
  const rows = await ctx.store.db
    .selectFrom('posts')
    .select(['id', 'status', 'content'])
    .where('project_id', '=', projectId)
    .where(
      sql<boolean>`(lower(media) like ${pattern} escape '\\' or lower(raw_request) like ${pattern} escape '\\')`,
    )
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ postId: r.id, status: r.status, excerpt: excerptOf(r.content) }));
}

/** The series of `projectId` that will still publish `publicUrl` in occurrences to come. */
export async function seriesUsing(ctx: AppContext, projectId: string, publicUrl: string): Promise<string[]> {
  const pattern = containsPattern(publicUrl);
  const rows = await ctx.store.db
    .selectFrom('post_series')
    .select('id')
    .where('project_id', '=', projectId)
    .where('status', '!=', 'ended')
    .where(sql<boolean>`lower(template) like ${pattern} escape '\\'`)
    .execute();
  return rows.map((r) => r.id);
}

export const isFinished = (user: MediaUser): boolean => FINISHED.includes(user.status);
