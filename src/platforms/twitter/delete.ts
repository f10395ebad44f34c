/**
 * Deletes a post from X: `DELETE /2/tweets/:id` for each tweet of it, the thread
 * items recorded in the checkpoint (`XCheckpoint.tweets`) last first, then the
 * root. A tweet already gone (404) counts as deleted.
 */
import { type DeleteContext, PlatformError } from '../contract.ts';
import { deleteThread, partName, type ThreadPart, threadParts } from '../shared/delete-thread.ts';
import { platformCall } from '../shared/http.ts';
import { authHeader } from './account.ts';
import { readXError } from './errors.ts';
import type { XCheckpoint } from './publish.ts';

export async function deleteFromX(ctx: DeleteContext): Promise<void> {
  const tweets = (ctx.checkpoint as XCheckpoint).tweets ?? {};
  await deleteThread('X', threadParts(ctx.platformPostId, tweets), (part) => deleteTweet(ctx, part));
}

async function deleteTweet(ctx: DeleteContext, part: ThreadPart): Promise<void> {
  try {
    await platformCall({
      method: 'DELETE',
      url: `${ctx.baseUrl}/2/tweets/${encodeURIComponent(part.id)}`,
      headers: authHeader(ctx.account),
      signal: ctx.signal,
      what: part.index === 0 ? 'X: delete post' : `X: delete ${partName(part.index)}`,
      readError: (r) => readXError(r),
    });
  } catch (err) {
    if (err instanceof PlatformError && err.status === 404) return;
    throw err;
  }
}
