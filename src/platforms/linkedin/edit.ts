/**
 * Editing a published LinkedIn post: a partial update of the post,
 * `POST /rest/posts/{encoded urn}` with `X-RestLi-Method: PARTIAL_UPDATE` and
 * `{"patch":{"$set":{"commentary":…}}}`, answered 204. The Posts API lets
 * commentary (with its mentions, which live in the commentary's little text),
 * the call-to-action label, the landing page and the lifecycle state change;
 * media, article and visibility are fixed. Setting the same commentary twice
 * leaves the post as once, so a retry after a lost answer is safe.
 */
import type { PlatformEditor } from '../edit-types.ts';
import { platformCall } from '../shared/http.ts';
import { linkedinHeaders } from './account.ts';
import { toCommentary } from './commentary.ts';
import { readLinkedInError } from './errors.ts';
import { linkedinOptions } from './publish.ts';

export const linkedinEditor: PlatformEditor = {
  options: ['mentions'],
  idempotent: true,
  async edit(ctx) {
    const opts = linkedinOptions(ctx.target.platformSpecificData as Record<string, unknown>);
    await platformCall({
      method: 'POST',
      url: `${ctx.baseUrl}/rest/posts/${encodeURIComponent(ctx.platformPostId)}`,
      headers: { ...linkedinHeaders(ctx.account, ctx.apiVersion), 'X-RestLi-Method': 'PARTIAL_UPDATE' },
      json: { patch: { $set: { commentary: toCommentary(ctx.target.content, opts.mentions) } } },
      signal: ctx.signal,
      createCall: true,
      what: 'LinkedIn: edit post',
      readError: (r) => readLinkedInError(r),
    });
    return {};
  },
};
