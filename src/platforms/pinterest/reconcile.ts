/**
 * After a create with no known outcome: look for the pin among the board's
 * recent pins (`GET /v5/boards/{id}/pins`, newest first, bookmark paging) and
 * match it precisely: the same board, title, description, link and alt text, the
 * same kind of media (image, carousel, video), created since the create was about
 * to be sent (`createAfter`, less two minutes for clocks apart).
 *
 * - one match: published, with its id;
 * - none, and no near match, once the listing reached pins older than that or its
 *   end: absent;
 * - unknown when two pins match (the same pin made twice in minutes: which is
 *   ours can not be told); when a pin made since then has this text but differs
 *   in another field (Pinterest may have rewritten one: publishing again could
 *   make a second pin, so a person must look); when the board can no longer be
 *   read (gone or refused); or when five pages of pins newer than the create did
 *   not reach its time.
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

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const same = (a: unknown, b: string | undefined) => text(a) === text(b);
/** Links compared as URLs (`https://a.example` and `https://a.example/` are one). */
function sameLink(a: unknown, b: string | undefined): boolean {
  const norm = (v: string) => {
    try {
      return new URL(v).href;
    } catch {
      return v;
    }
  };
  return norm(text(a)) === norm(text(b));
}

export async function reconcilePinterest(ctx: PublishContext): Promise<ReconcileResult> {
  const cp = ctx.checkpoint as PinterestCheckpoint;
  const items = ctx.target.mediaItems;
  const video = items.some((m) => m.type === 'video');
  if (video && !cp.mediaId) return { state: 'absent' };
  const fields = pinFields(ctx);
  const mediaType = video ? 'video' : items.length > 1 ? 'multiple_images' : 'image';
  const since = Date.parse(cp.createAfter ?? '') - CLOCK_SLACK_MS;
  const sameMedia = (pin: Pin) => (pick(pin, 'media', 'media_type') ?? mediaType) === mediaType;
  /** Made since the create on this board with this text (or, with no text, this kind of media). */
  const near = (pin: Pin) => {
    if (createdAt(pin) < since || (str(pin, 'board_id') ?? fields.board_id) !== fields.board_id) return false;
    const key = fields.description ?? fields.title;
    return key === undefined ? sameMedia(pin) : same(pin.description, key) || same(pin.title, key);
  };
  const matches = (pin: Pin) =>
    near(pin) &&
    same(pin.title, fields.title) &&
    same(pin.description, fields.description) &&
    sameLink(pin.link, fields.link) &&
    same(pin.alt_text, fields.alt_text) &&
    sameMedia(pin);

  const found: Pin[] = [];
  const nearly: Pin[] = [];
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
    nearly.push(...pins.filter((p) => near(p) && !matches(p)));
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
  const like = str(nearly[0], 'id');
  if (like)
    return {
      state: 'unknown',
      reason: `Pinterest: pin ${like} on board ${fields.board_id}, made since the create, has this text but differs in another field; check the board before publishing again`,
    };
  if (!complete)
    return {
      state: 'unknown',
      reason: `Pinterest: board ${fields.board_id} has more recent pins than were read; check it before publishing again`,
    };
  return { state: 'absent' };
}
