/**
 * Uploaded media is kept while posts use it: once MEDIA_RETENTION_DAYS have passed
 * since the upload was asked for, an object that no post of its project mentions
 * (in its media or anywhere in its request: thread items, covers, thumbnails) is
 * deleted from storage and its record marked deleted. Uploads never finished go the
 * same way. A recurring job of the one job runner (catalog: kinds.ts).
 */
import type { AppContext } from '../../context.ts';
import { defineRecurringJob } from '../../jobs/recurring.ts';
import { postsUsing } from './usage.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const BATCH = 200;

export interface MediaSweepResult {
  deleted: number;
  kept: number;
}

/**
 * A derivative is named by no post's request, only by the conversions and the
 * target ledgers of the posts it was made for: while either names it, it stays
 * (it goes with its post, derivatives.ts). A URL's `_` matches widely in LIKE,
 * which can only keep more.
 */
async function derivativeNamed(ctx: AppContext, id: string, url: string): Promise<boolean> {
  const { db } = ctx.store;
  const conversion = await db
    .selectFrom('media_conversions')
    .select('media_id')
    .where('media_id', '=', id)
    .limit(1)
    .executeTakeFirst();
  if (conversion) return true;
  const target = await db
    .selectFrom('post_targets')
    .select('post_id')
    .where((eb) => eb.or([eb('ledger', 'like', `%${id}%`), eb('ledger', 'like', `%${url}%`)]))
    .limit(1)
    .executeTakeFirst();
  return target !== undefined;
}

export async function sweepUploadedMedia(ctx: AppContext, now = ctx.now()): Promise<MediaSweepResult> {
  const { db } = ctx.store;
  const cutoff = new Date(now.getTime() - ctx.config.MEDIA_RETENTION_DAYS * DAY_MS).toISOString();
  const result = { deleted: 0, kept: 0 };
  let after = '';
  for (;;) {
    const rows = await db
      .selectFrom('media_uploads')
      .select(['id', 'project_id', 'storage', 'object_key', 'public_url', 'status', 'source'])
      .where('status', '!=', 'deleted')
      .where('created_at', '<', cutoff)
      .where('id', '>', after)
      .orderBy('id')
      .limit(BATCH)
      .execute();
    for (const row of rows) {
      const [used] = await postsUsing(ctx, row.project_id, row.public_url, 1);
      if (used || (row.source === 'derivative' && (await derivativeNamed(ctx, row.id, row.public_url)))) {
        result.kept++;
        continue;
      }
      // Stored by another driver than the one configured now: not ours to reach, kept.
      if (row.storage !== ctx.mediaStore.driver) {
        result.kept++;
        continue;
      }
      // The object first: a record marked deleted never points at a file that stayed.
      await ctx.mediaStore.delete(row.object_key);
      await db.updateTable('media_uploads').set({ status: 'deleted' }).where('id', '=', row.id).execute();
      result.deleted++;
    }
    if (rows.length < BATCH) return result;
    after = rows[rows.length - 1]?.id ?? after;
  }
}

export const mediaRetentionJob = defineRecurringJob({
  kind: 'sweep_uploaded_media',
  timeoutMs: 10 * 60_000,
  maintenance: true,
  everyMs: () => 60 * 60_000,
  firstRunAfterMs: () => 5 * 60_000,
  async run(ctx) {
    const swept = await sweepUploadedMedia(ctx);
    if (swept.deleted > 0) ctx.log.info(swept, 'deleted uploaded media no post uses, past its keeping time');
  },
});
