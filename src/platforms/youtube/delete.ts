/** `DELETE /youtube/v3/videos?id=`: removes the video; 404 `videoNotFound` means it is gone already. */
import { type DeleteContext, PlatformError } from '../contract.ts';
import { platformCall } from '../shared/http.ts';
import { authHeader } from './account.ts';
import { readYouTubeError } from './errors.ts';

export async function deleteFromYouTube(ctx: DeleteContext): Promise<void> {
  try {
    await platformCall({
      method: 'DELETE',
      url: `${ctx.baseUrl}/youtube/v3/videos`,
      query: { id: ctx.platformPostId },
      headers: authHeader(ctx.account),
      signal: ctx.signal,
      what: 'YouTube: delete video',
      readError: (r) => readYouTubeError(r),
    });
  } catch (err) {
    if (err instanceof PlatformError && err.status === 404) return;
    throw err;
  }
}
