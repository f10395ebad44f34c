/**
 * Editing a published status in place: `PUT /api/v1/statuses/:id` with the whole
 * status as it now reads (Mastodon replaces it: text, content warning, sensitive,
 * language, and the media ids, sent again so the attachments stay). The edit sets
 * values, so sending it twice leaves the status as sending it once. The first
 * status of a thread is the one edited.
 */
import type { PlatformEditor } from '../edit-types.ts';
import { instanceOf } from './account.ts';
import { instanceCall } from './api.ts';
import type { MastodonOptions } from './options.ts';
import type { MastodonCheckpoint } from './publish.ts';

export const mastodonEditor = {
  options: ['spoilerText', 'sensitive', 'language', 'altText'],
  idempotent: true,
  async edit(ctx) {
    const o = ctx.target.platformSpecificData as MastodonOptions;
    const mediaIds = (ctx.checkpoint as MastodonCheckpoint).media?.['0'] ?? [];
    const json: Record<string, unknown> = {
      status: ctx.target.content,
      spoiler_text: o.spoilerText ?? '',
      ...(o.sensitive !== undefined ? { sensitive: o.sensitive } : {}),
      ...(o.language ? { language: o.language } : {}),
      ...(mediaIds.length ? { media_ids: mediaIds } : {}),
      ...(mediaIds.length && o.altText
        ? { media_attributes: mediaIds.map((id, i) => ({ id, description: o.altText?.[i] ?? '' })) }
        : {}),
    };
    const t = {
      instance: instanceOf(ctx.account, ctx.baseUrl),
      token: ctx.account.accessToken,
      outside: ctx.platformUrls,
      signal: ctx.signal,
    };
    await instanceCall(t, `/api/v1/statuses/${encodeURIComponent(ctx.platformPostId)}`, {
      method: 'PUT',
      json,
      what: 'Mastodon: edit the status',
    });
    return {};
  },
} satisfies PlatformEditor;
