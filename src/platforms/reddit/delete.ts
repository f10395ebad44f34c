/**
 * Deleting a post: `POST /api/del` with its fullname (scope `edit`). Reddit
 * answers `{}` for a post already deleted too, so deleting twice is fine.
 */
import type { DeleteContext } from '../contract.ts';
import { fullname } from './account.ts';
import { redditCall } from './api.ts';

export async function deleteFromReddit(ctx: DeleteContext): Promise<void> {
  await redditCall(
    {
      baseUrl: ctx.baseUrl,
      accessToken: ctx.account.accessToken,
      apiVersion: ctx.apiVersion,
      signal: ctx.signal,
    },
    '/api/del',
    { method: 'POST', form: { id: fullname(ctx.platformPostId) }, what: 'Reddit: delete post' },
  );
}
