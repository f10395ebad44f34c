/**
 * Editing a published pin: `PATCH /v5/pins/{pin_id}` (PinUpdate) with the new
 * `description` (the text), `title`, `link` and `alt_text`; Pinterest answers the
 * pin. The board, media and dominant color are not changed here. A pin whose title
 * came from the first line of its text gets the new first line. Setting the same
 * fields twice leaves the pin as once, so a retry after a lost answer is safe.
 */
import type { PlatformEditor } from '../edit-types.ts';
import { pinterestCall, pinterestOptions } from './account.ts';
import { pinTitle } from './publish.ts';

export const pinterestEditor: PlatformEditor = {
  options: ['title', 'link', 'altText'],
  idempotent: true,
  async edit(ctx) {
    const opts = pinterestOptions(ctx.target.platformSpecificData as Record<string, unknown>);
    const content = ctx.target.content;
    const title = pinTitle(opts, content);
    await pinterestCall(ctx, `pins/${encodeURIComponent(ctx.platformPostId)}`, {
      method: 'PATCH',
      json: {
        description: content,
        ...(title !== undefined ? { title } : {}),
        ...(opts.link !== undefined ? { link: opts.link } : {}),
        ...(opts.altText !== undefined ? { alt_text: opts.altText } : {}),
      },
      createCall: true,
      what: 'Pinterest: edit pin',
    });
    return {};
  },
};
