/**
 * Editing a published local post: `PATCH /v4/{name}?updateMask=…` with the
 * LocalPost fields that change: `summary` (the text) and `callToAction` (its type
 * and URL). The fields are built as publishing builds them (local-post.ts), so the
 * same rules and warnings apply (no call to action on an OFFER). The topic type,
 * photo, event and offer stay as published. Setting the same fields twice leaves
 * the post as once, so a retry after a lost answer is safe.
 */
import type { PlatformEditor } from '../edit-types.ts';
import { locationPath } from './account.ts';
import { buildLocalPost } from './local-post.ts';
import { v4 } from './v4.ts';

const CALL_TO_ACTION = ['callToActionType', 'callToActionUrl'];

export const googleBusinessEditor: PlatformEditor = {
  options: CALL_TO_ACTION,
  idempotent: true,
  async edit(ctx) {
    const id = ctx.platformPostId;
    const name = id.startsWith('accounts/') ? id : `${locationPath(ctx.account)}/localPosts/${id}`;
    const { body, warnings } = buildLocalPost(
      {
        platform: 'googlebusiness',
        integrationId: '',
        content: ctx.target.content,
        mediaItems: [...ctx.target.mediaItems],
        platformSpecificData: { ...ctx.target.platformSpecificData },
      },
      new Date(),
    );
    const mask = [
      ...(ctx.changes.content ? ['summary'] : []),
      ...(ctx.changes.options.some((o) => CALL_TO_ACTION.includes(o)) ? ['callToAction'] : []),
    ];
    if (mask.length === 0) return {};
    await v4(ctx, name, {
      method: 'PATCH',
      query: { updateMask: mask.join(',') },
      json: Object.fromEntries(mask.map((f) => [f, body[f]])),
      createCall: true,
      what: 'Google Business Profile: edit local post',
    });
    const relevant = warnings.filter((w) => w.startsWith('callToActionType'));
    return relevant.length && mask.includes('callToAction') ? { warningMessage: relevant.join('; ') } : {};
  },
};
