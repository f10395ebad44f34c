/** Deletes a tweet: `DELETE /2/tweets/:id`. A tweet already gone counts as deleted. */
import { type DeleteContext, PlatformError } from '../contract.ts';
import { platformCall } from '../shared/http.ts';
import { authHeader } from './account.ts';
import { readXError } from './errors.ts';

export async function deleteFromX(ctx: DeleteContext): Promise<void> {
  try {
    await platformCall({
      method: 'DELETE',
      url: `${ctx.baseUrl}/2/tweets/${encodeURIComponent(ctx.platformPostId)}`,
      headers: authHeader(ctx.account),
      signal: ctx.signal,
      what: 'X: delete post',
      readError: (r) => readXError(r),
    });
  } catch (err) {
    if (err instanceof PlatformError && err.status === 404) return;
    throw err;
  }
}
