/** Deletes a post: `DELETE /rest/posts/{encoded urn}`. A post already gone counts as deleted. */
import { type DeleteContext, PlatformError } from '../contract.ts';
import { platformCall } from '../shared/http.ts';
import { linkedinHeaders } from './account.ts';
import { readLinkedInError } from './errors.ts';

export async function deleteFromLinkedIn(ctx: DeleteContext): Promise<void> {
  try {
    await platformCall({
      method: 'DELETE',
      url: `${ctx.baseUrl}/rest/posts/${encodeURIComponent(ctx.platformPostId)}`,
      headers: linkedinHeaders(ctx.account, ctx.apiVersion),
      signal: ctx.signal,
      what: 'LinkedIn: delete post',
      readError: (r) => readLinkedInError(r),
    });
  } catch (err) {
    if (err instanceof PlatformError && err.status === 404) return;
    throw err;
  }
}
