/**
 * After a lost create, LinkedIn's duplicate check is the lookup: the same post
 * body is sent again. A 422 DUPLICATE_POST names the existing post's URN (the
 * lost call went through); a 201 means the lost call had not created anything and
 * this one did. Either way exactly one post exists and its URN is known.
 */
import type { PublishContext, ReconcileResult } from '../contract.ts';
import { linkedinPostUrl } from './account.ts';
import { LinkedInDuplicateError } from './errors.ts';
import { createPost, type LinkedInCheckpoint, postBody, urnOf } from './publish.ts';

export async function reconcileLinkedIn(ctx: PublishContext): Promise<ReconcileResult> {
  const cp = ctx.checkpoint as LinkedInCheckpoint;
  if (ctx.target.mediaItems.length && !cp.mediaUrns) return { state: 'absent' };
  const body = postBody(ctx, cp.mediaUrns ?? []);
  let urn: string;
  try {
    await ctx.beginCreate();
    urn = urnOf(await createPost(ctx, body));
  } catch (err) {
    if (!(err instanceof LinkedInDuplicateError)) throw err;
    urn = err.existingUrn;
  }
  return { state: 'published', platformPostId: urn, platformPostUrl: linkedinPostUrl(urn) };
}
