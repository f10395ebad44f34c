/** Deletes a post record: `com.atproto.repo.deleteRecord` with the rkey of its at:// URI. */
import type { DeleteContext } from '../contract.ts';
import { POST_COLLECTION, pdsUrl, rkeyOf } from './account.ts';
import { xrpc } from './xrpc.ts';

export async function deleteFromBluesky(ctx: DeleteContext): Promise<void> {
  const t = { service: pdsUrl(ctx.account, ctx.baseUrl), account: ctx.account, signal: ctx.signal };
  await xrpc(t, 'com.atproto.repo.deleteRecord', {
    json: { repo: ctx.account.platformUserId, collection: POST_COLLECTION, rkey: rkeyOf(ctx.platformPostId) },
    what: 'Bluesky: delete post',
  });
}
