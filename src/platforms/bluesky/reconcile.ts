/**
 * After a lost create: the record key was chosen and checkpointed before the
 * call, so `com.atproto.repo.getRecord` says for certain whether it exists
 * (`RecordNotFound` → absent). Found units are checkpointed; `published` once the last is.
 */
import { PlatformError, type PublishContext, type ReconcileResult } from '../contract.ts';
import { str } from '../shared/http.ts';
import { POST_COLLECTION, postUrl } from './account.ts';
import { type BlueskyCheckpoint, type UnitCheckpoint, unitsOf, xrpcTarget } from './publish.ts';
import { xrpc } from './xrpc.ts';

export async function reconcileBluesky(ctx: PublishContext): Promise<ReconcileResult> {
  const units: Record<string, UnitCheckpoint> = { ...(ctx.checkpoint as BlueskyCheckpoint).units };
  const count = unitsOf(ctx).length;
  const t = xrpcTarget(ctx);
  for (let i = 0; i < count; i++) {
    const unit = units[i];
    if (unit?.uri) continue;
    if (!unit?.rkey) return { state: 'absent' };
    try {
      const res = await xrpc(t, 'com.atproto.repo.getRecord', {
        query: { repo: ctx.account.platformUserId, collection: POST_COLLECTION, rkey: unit.rkey },
        what: 'Bluesky: look up the post',
      });
      const uri = str(res.json, 'uri');
      const cid = str(res.json, 'cid');
      if (!uri || !cid)
        return { state: 'unknown', reason: 'Bluesky: getRecord answered without uri and cid' };
      units[i] = { ...unit, uri, cid };
      await ctx.saveCheckpoint({ units: { ...units } });
    } catch (err) {
      if (err instanceof PlatformError && (err.platformCode === 'RecordNotFound' || err.status === 404))
        return { state: 'absent' };
      throw err;
    }
  }
  const root = units[0];
  if (!root?.uri || !root.rkey) return { state: 'absent' };
  return { state: 'published', platformPostId: root.uri, platformPostUrl: postUrl(ctx.account, root.rkey) };
}
