/**
 * Deletes a post from Bluesky: `com.atproto.repo.deleteRecord` for each record
 * of it, the thread items recorded in the checkpoint (`BlueskyCheckpoint.units`)
 * last first, then the root by the rkey of its at:// URI. deleteRecord means
 * "delete, or ensure it does not exist", so a record already gone succeeds.
 */
import type { DeleteContext } from '../contract.ts';
import { deleteThread, partName, type ThreadPart, threadParts } from '../shared/delete-thread.ts';
import { POST_COLLECTION, pdsUrl, rkeyOf } from './account.ts';
import type { BlueskyCheckpoint, UnitCheckpoint } from './publish.ts';
import { type XrpcTarget, xrpc } from './xrpc.ts';

export async function deleteFromBluesky(ctx: DeleteContext): Promise<void> {
  const t = { service: pdsUrl(ctx.account, ctx.baseUrl), account: ctx.account, signal: ctx.signal };
  const units = (ctx.checkpoint as BlueskyCheckpoint).units ?? {};
  const rkeys = Object.fromEntries(Object.entries(units).map(([i, unit]) => [i, rkeyOfUnit(unit)]));
  await deleteThread('Bluesky', threadParts(rkeyOf(ctx.platformPostId), rkeys), (part) =>
    deleteRecord(t, part),
  );
}

/**
 * A unit's record key: from its URI, or the key chosen before the create call
 * when the answer was never seen (the record may exist; deleting is harmless if not).
 */
const rkeyOfUnit = (unit: UnitCheckpoint | undefined) => (unit?.uri ? rkeyOf(unit.uri) : unit?.rkey);

async function deleteRecord(t: XrpcTarget, part: ThreadPart): Promise<void> {
  await xrpc(t, 'com.atproto.repo.deleteRecord', {
    json: { repo: t.account.platformUserId, collection: POST_COLLECTION, rkey: part.id },
    what: part.index === 0 ? 'Bluesky: delete post' : `Bluesky: delete ${partName(part.index)}`,
  });
}
