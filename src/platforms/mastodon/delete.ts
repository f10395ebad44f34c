/**
 * Deletes a Mastodon post: every status of it (a thread's replies first, then its
 * root), from the checkpoint. A status already gone (404) counts as deleted.
 */
import { type DeleteContext, PlatformError } from '../contract.ts';
import { instanceOf } from './account.ts';
import { instanceCall } from './api.ts';
import type { MastodonCheckpoint } from './publish.ts';

export async function deleteFromMastodon(ctx: DeleteContext): Promise<void> {
  const recorded = Object.entries((ctx.checkpoint as MastodonCheckpoint).statuses ?? {})
    .sort(([a], [b]) => Number(b) - Number(a))
    .map(([, id]) => id);
  const ids = recorded.length ? recorded : [ctx.platformPostId];
  const t = {
    instance: instanceOf(ctx.account, ctx.baseUrl),
    token: ctx.account.accessToken,
    outside: ctx.platformUrls,
    signal: ctx.signal,
  };
  for (const id of ids) {
    try {
      await instanceCall(t, `/api/v1/statuses/${encodeURIComponent(id)}`, {
        method: 'DELETE',
        what: 'Mastodon: delete the status',
      });
    } catch (err) {
      if (err instanceof PlatformError && err.status === 404) continue;
      throw err;
    }
  }
}
