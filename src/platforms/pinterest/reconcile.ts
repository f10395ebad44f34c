/**
 * After a create with no known outcome: look for the pin among the board's
 * recent pins (`GET /v5/boards/{id}/pins`, newest first, bookmark paging) and
 * match it precisely: the same board, title, description, link and alt text, the
 * same kind of media (image, carousel, video), created since the create was about
 * to be sent (`createAfter`, less two minutes for clocks apart).
 *
 * - one match: published, with its id;
 * - none, once the listing reached pins older than that or its end: absent;
 * - unknown when two pins match (the same pin made twice in minutes: which is
 *   ours can not be told), when the board can no longer be read (gone or refused),
 *   or when five pages of pins newer than the create did not reach its time.
 */
import { PlatformError, type PublishContext, type ReconcileResult } from '../contract.ts';
import { arr, pick, str } from '../shared/json.ts';
import { type PinterestCheckpoint, pinterestCall, pinUrl } from './account.ts';
import { apiTarget, pinFields } from './publish.ts';

const PAGE_SIZE = 100;
const MAX_PAGES = 5;
/** How far Pinterest's clock may be behind ours. */
const CLOCK_SLACK_MS = 120_000;

type Pin = Record<string, unknown>;

/** Pinterest's `created_at` ("2026-11-24T13:00:00", UTC without a zone) as ms. */
function createdAt(pin: Pin): number {
  const raw = str(pin, 'created_at') ?? '';
  return Date.parse(/[zZ]|[+-]\d\d:?\d\d$/.test(raw) ? raw : `${raw}Z`);
}

const same = (a: unknown, b: string | undefined) => ((a as string | null) ?? '').trim() === (b ?? '').trim();

export async function reconcilePinterest(ctx: PublishContext): Promise<ReconcileResult> {
  const cp = ctx.checkpoint as PinterestCheckpoint;
  const items = ctx.target.mediaItems;
  const video = items.some((m) => m.type === 'video');
  if (video && !cp.mediaId) return { state: 'absent' };
  const fields = pinFields(ctx);
  const mediaType = video ? 'video' : items.length > 1 ? 'multiple_images' : 'image';
  const since = Date.parse(cp.createAfter ?? '') - CLOCK_SLACK_MS;
  const matches = (pin: Pin) =>
    (str(pin, 'board_id') ?? fields.board_id) === fields.board_id &&
    same(pin.title, fields.title) &&
    same(pin.description, fields.description) &&
    same(pin.link, fields.link) &&
    same(pin.alt_text, fields.alt_text) &&
    (pick(pin, 'media', 'media_type') ?? mediaType) === mediaType &&
    !(createdAt(pin) < since);

  const found: Pin[] = [];
  let bookmark: string | undefined;
  let complete = false;
  for (let page = 0; page < MAX_PAGES && !complete; page++) {
    let answer: unknown;
    try {
      const res = await pinterestCall(apiTarget(ctx), `boards/${encodeURIComponent(fields.board_id)}/pins`, {
        query: { page_size: String(PAGE_SIZE), bookmark },
        what: 'Pinterest: list the board pins',
      });
      answer = res.json;
    } catch (err) {
      if (err instanceof PlatformError && err.errorClass === 'permanent')
        return { state: 'unknown', reason: `${err.message}; check the board before publishing again` };
      throw err;
    }
    const pins = arr(answer, 'items') as Pin[];
    found.push(...pins.filter(matches));
    bookmark = str(answer, 'bookmark') || undefined;
    const last = pins[pins.length - 1];
    complete = !bookmark || (last !== undefined && createdAt(last) < since);
  }
  if (found.length > 1)
    return {
      state: 'unknown',
      reason: `Pinterest: ${found.length} pins on board ${fields.board_id} match this post; check the board before publishing again`,
    };
  const id = str(found[0], 'id');
  if (id) return { state: 'published', platformPostId: id, platformPostUrl: pinUrl(id) };
  if (!complete)
    return {
      state: 'unknown',
      reason: `Pinterest: board ${fields.board_id} has more recent pins than were read; check it before publishing again`,
    };
  return { state: 'absent' };
}
