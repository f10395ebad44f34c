/**
 * The derivatives of a post (media converted for its targets, target-media.ts)
 * go with it: when the post is deleted, its conversion records are deleted in the
 * same transaction, and each derivative object that no other post still names
 * (derivatives are shared by content address) is removed from the media store and
 * its record marked deleted, as the retention sweep does for uploads.
 */

import type { Transaction } from 'kysely';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../store/schema.ts';
import { parseLedger } from './state.ts';

/** Inside the post's delete transaction: the media ids its targets published or its conversions made. */
export async function detachPostDerivatives(trx: Transaction<Database>, postId: string): Promise<string[]> {
  const targets = await trx
    .selectFrom('post_targets')
    .select('ledger')
    .where('post_id', '=', postId)
    .execute();
  const conversions = await trx
    .selectFrom('media_conversions')
    .select('media_id')
    .where('post_id', '=', postId)
    .execute();
  await trx.deleteFrom('media_conversions').where('post_id', '=', postId).execute();
  const ids = new Set<string>();
  for (const t of targets)
    for (const d of parseLedger(t.ledger).media ?? []) if (d.mediaId) ids.add(d.mediaId);
  for (const c of conversions) if (c.media_id) ids.add(c.media_id);
  return [...ids];
}

/** After the delete committed: each derivative no remaining post names leaves the store. */
export async function removeUnusedDerivatives(ctx: AppContext, mediaIds: readonly string[]): Promise<void> {
  const { db } = ctx.store;
  for (const id of mediaIds) {
    const [inLedger] = await db
      .selectFrom('post_targets')
      .select('id')
      .where('ledger', 'like', `%"mediaId":"${id}"%`)
      .limit(1)
      .execute();
    const [inConversion] = await db
      .selectFrom('media_conversions')
      .select('id')
      .where('media_id', '=', id)
      .limit(1)
      .execute();
    if (inLedger || inConversion) continue;
    const row = await db
      .selectFrom('media_uploads')
      .select(['object_key', 'storage'])
      .where('id', '=', id)
      .where('source', '=', 'derivative')
      .where('status', '!=', 'deleted')
      .executeTakeFirst();
    if (!row || row.storage !== ctx.mediaStore.driver) continue;
    // The object first: a record marked deleted never points at a file that stayed.
    await ctx.mediaStore.delete(row.object_key);
    await db.updateTable('media_uploads').set({ status: 'deleted' }).where('id', '=', id).execute();
  }
}
